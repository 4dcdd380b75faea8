import { createHash } from 'node:crypto';
import { HashedAuditEvent } from './audit-event';
import { canonicalEventBytes, chainHash, GENESIS_HASH } from './audit-hash';

const event: HashedAuditEvent = {
  organizationId: '6f1c1a3e-2b1d-4a53-9a4e-0d6a2c7b9e10',
  sequence: 1,
  occurredAt: '2026-11-23T10:00:00.000Z',
  type: 'punchout.created',
  actorUserId: null,
  actorClientId: null,
  actorLabel: 'cli:root@host',
  sessionId: null,
  payload: { b: 1.5, a: 'Größe <1>', n: [1e21, 0.000001, null] },
  prevHash: GENESIS_HASH.toString('hex'),
};

describe('audit hash', () => {
  it('hashes RFC 8785 canonical JSON: keys sorted, numbers in ECMAScript form, UTF-8 unescaped', () => {
    expect(canonicalEventBytes(event).toString('utf8')).toBe(
      '{"actorClientId":null,"actorLabel":"cli:root@host","actorUserId":null,' +
        '"occurredAt":"2026-11-23T10:00:00.000Z","organizationId":"6f1c1a3e-2b1d-4a53-9a4e-0d6a2c7b9e10",' +
        '"payload":{"a":"Größe <1>","b":1.5,"n":[1e+21,0.000001,null]},"prevHash":"' +
        '0'.repeat(64) +
        '","sequence":1,"sessionId":null,"type":"punchout.created"}',
    );
  });

  it('is SHA-256 over the previous hash bytes followed by the canonical bytes', () => {
    const expected = createHash('sha256').update(GENESIS_HASH).update(canonicalEventBytes(event)).digest();
    expect(chainHash(event).equals(expected)).toBe(true);
  });

  it('changes when any field changes, key order does not matter', () => {
    const reordered = Object.fromEntries(Object.entries(event).reverse()) as unknown as HashedAuditEvent;
    expect(chainHash(reordered).equals(chainHash(event))).toBe(true);
    expect(chainHash({ ...event, sequence: 2 }).equals(chainHash(event))).toBe(false);
    expect(
      chainHash({ ...event, payload: { ...(event.payload as object), b: 1.25 } }).equals(chainHash(event)),
    ).toBe(false);
  });

  it('refuses a previous hash that is not 32 bytes', () => {
    expect(() => chainHash({ ...event, prevHash: 'abcd' })).toThrow('32 bytes');
  });
});
