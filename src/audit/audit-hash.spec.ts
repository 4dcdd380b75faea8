import { createHash } from 'node:crypto';
import { HashedAuditEvent } from './audit-event';
import { canonicalize } from 'json-canonicalize';
import {
  canonicalEventBytes,
  canonicalEventJson,
  chainHash,
  GENESIS_HASH,
  referenceChainHash,
} from './audit-hash';

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

  it('writes the same canonical text as the library, on varied events', () => {
    const strings = [
      '',
      'plain',
      'Größe <1> & "quotes" \\ back',
      'line\nbreak\ttab\u0001',
      '😀 \u2028 €',
      'ü'.repeat(50),
    ];
    const payloads: unknown[] = [
      {},
      { z: 1, a: [1, 2.5, -0, 1e21, 1e-7, null, true], nested: { b: 'x', A: 'y', é: 'z', '10': 1, '9': 2 } },
      { items: [{ productId: 'p-1', quantity: 3, price: 12.5 }], total: 37.5, currency: 'EUR' },
      { text: strings.join('|') },
    ];
    let i = 0;
    for (const payload of payloads) {
      for (const text of strings) {
        i += 1;
        const varied: HashedAuditEvent = {
          ...event,
          sequence: i * 7919,
          actorUserId: i % 2 ? null : 'a1b2c3d4-0000-4000-8000-000000000000',
          actorClientId: i % 3 ? null : 'b1b2c3d4-0000-4000-8000-000000000000',
          actorLabel: i % 2 ? text : null,
          sessionId: i % 4 ? null : 'c1b2c3d4-0000-4000-8000-000000000000',
          type: text || 'punchout.opened',
          payload,
        };
        expect(canonicalEventJson(varied)).toBe(canonicalize(varied));
        expect(chainHash(varied).equals(referenceChainHash(varied))).toBe(true);
      }
    }
  });
});
