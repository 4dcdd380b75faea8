import { AuditChainVerifier, StoredAuditEvent } from './audit-chain-verifier';
import { chainHash, GENESIS_HASH } from './audit-hash';
import { verifyExportLines } from './audit-file-verifier';
import { generateKeyPairSync } from 'node:crypto';
import { signCheckpoint } from './audit-checkpoint';

const ORG = '6f1c1a3e-2b1d-4a53-9a4e-0d6a2c7b9e10';

function chain(count: number): StoredAuditEvent[] {
  const events: StoredAuditEvent[] = [];
  let prevHash = GENESIS_HASH.toString('hex');
  for (let sequence = 1; sequence <= count; sequence += 1) {
    const event = {
      organizationId: ORG,
      sequence,
      occurredAt: new Date(Date.UTC(2026, 10, 23, 10, 0, sequence)).toISOString(),
      type: 'guidance.rule_added',
      actorUserId: null,
      actorClientId: null,
      actorLabel: 'cli:test',
      sessionId: null,
      payload: { n: sequence },
      prevHash,
    };
    const hash = chainHash(event).toString('hex');
    events.push({ ...event, hash });
    prevHash = hash;
  }
  return events;
}

function verify(events: StoredAuditEvent[], verifier = new AuditChainVerifier()) {
  for (const event of events) verifier.push(event);
  return verifier;
}

describe('AuditChainVerifier', () => {
  it('accepts a valid chain and ends at its head', () => {
    const events = chain(5);
    const verifier = verify(events);
    expect(verifier.broken).toBeUndefined();
    expect(verifier.checked).toBe(5);
    expect(verifier.head).toEqual({ sequence: 5, hash: events[4].hash });
  });

  it('names a changed field, a gap, a reordering and a broken link by sequence', () => {
    const changed = chain(5);
    changed[2] = { ...changed[2], actorLabel: 'cli:someone-else' };
    expect(verify(changed).broken).toEqual({
      sequence: 3,
      problem: "hash does not match the event's content",
    });

    const gap = chain(5);
    gap.splice(3, 1);
    expect(verify(gap).broken).toEqual({ sequence: 4, problem: 'sequence gap: expected 4, found 5' });

    const swapped = chain(5);
    [swapped[1], swapped[2]] = [swapped[2], swapped[1]];
    expect(verify(swapped).broken?.sequence).toBe(2);

    const relinked = chain(5);
    relinked[3] = { ...relinked[3], prevHash: 'ab'.repeat(32) };
    expect(verify(relinked).broken).toEqual({
      sequence: 4,
      problem: 'prevHash does not match the hash of event 3',
    });
  });

  it('checks witnessed hashes and reports checkpoints beyond the end', () => {
    const events = chain(4);
    expect(
      verify(events, new AuditChainVerifier('genesis', [{ sequence: 2, hash: 'cd'.repeat(32) }])).broken,
    ).toEqual({
      sequence: 2,
      problem: 'hash differs from the signed checkpoint at sequence 2',
    });
    const beyond = verify(
      events,
      new AuditChainVerifier('genesis', [{ sequence: 9, hash: 'cd'.repeat(32) }]),
    );
    expect(beyond.checkpointsBeyondHead()).toEqual([9]);
  });

  it("starts mid-chain from the first event's prevHash when told to", () => {
    const tail = chain(6).slice(3);
    expect(verify(tail).broken?.problem).toBe('sequence gap: expected 1, found 4');
    expect(verify(tail, new AuditChainVerifier('first-event')).broken).toBeUndefined();
  });
});

describe('verifyExportLines', () => {
  const lines = (events: StoredAuditEvent[]) => events.map((event) => JSON.stringify(event));

  it('accepts an export and matches a signed checkpoint at the sequence before it', async () => {
    const events = chain(6);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const before = signCheckpoint(
      { organization: ORG, sequence: 2, hash: events[1].hash, time: 't' },
      privateKey,
    );
    const result = await verifyExportLines(lines(events.slice(2)), { publicKey, checkpoints: [before] });
    expect(result).toMatchObject({ intact: true, checked: 4, checkpointsMatched: 1, last: { sequence: 6 } });
    const wrong = signCheckpoint(
      { organization: ORG, sequence: 2, hash: events[0].hash, time: 't' },
      privateKey,
    );
    expect(
      (await verifyExportLines(lines(events.slice(2)), { publicKey, checkpoints: [wrong] })).broken,
    ).toEqual({
      line: 1,
      sequence: 3,
      problem: 'prevHash differs from the signed checkpoint at sequence 2',
    });
  });

  it('names the line of bad JSON, a missing or extra field, another organization, a forged event 1', async () => {
    const text = lines(chain(3));
    expect((await verifyExportLines([text[0], '{oops', text[2]])).broken).toEqual({
      line: 2,
      sequence: 2,
      problem: 'not valid JSON',
    });
    const { hash: _hash, ...noHash } = chain(2)[1];
    expect((await verifyExportLines([text[0], JSON.stringify(noHash)])).broken?.problem).toBe(
      'missing field(s) hash',
    );
    const extra = { ...chain(2)[1], note: 'x' };
    expect((await verifyExportLines([text[0], JSON.stringify(extra)])).broken?.problem).toBe(
      'unexpected field(s) note',
    );
    const other = { ...chain(2)[1], organizationId: 'another' };
    expect((await verifyExportLines([text[0], JSON.stringify(other)])).broken?.problem).toBe(
      'organizationId differs from the first line',
    );
    const forgedStart = { ...chain(1)[0], prevHash: 'ef'.repeat(32) };
    expect((await verifyExportLines([JSON.stringify(forgedStart)])).broken?.problem).toBe(
      'event 1 must have the all-zero prevHash',
    );
  });

  it('refuses checkpoints without a public key, and forged ones', async () => {
    const events = chain(2);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const checkpoint = signCheckpoint(
      { organization: ORG, sequence: 2, hash: events[1].hash, time: 't' },
      privateKey,
    );
    expect((await verifyExportLines(lines(events), { checkpoints: [checkpoint] })).broken?.problem).toBe(
      'checkpoints need the public key to be trusted',
    );
    const forged = { ...checkpoint, sequence: 1 };
    expect(
      (await verifyExportLines(lines(events), { publicKey, checkpoints: [forged] })).broken?.problem,
    ).toBe('checkpoint at sequence 1 has an invalid signature');
  });

  it('calls an older export checked against a newer checkpoint incomplete, naming the checkpoint', async () => {
    const events = chain(6);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const sign = (sequence: number, time: string) =>
      signCheckpoint({ organization: ORG, sequence, hash: events[sequence - 1].hash, time }, privateKey);
    const at2 = sign(2, '2026-11-23T10:00:02.000Z');
    const at5 = sign(5, '2026-11-23T10:00:05.000Z');
    const at6 = sign(6, '2026-11-23T10:00:06.000Z');
    // Exported when the chain ended at 4; checkpoints signed later saw 5 and 6.
    const older = await verifyExportLines(lines(events.slice(0, 4)), {
      publicKey,
      checkpoints: [at6, at2, at5],
    });
    expect(older).toEqual({
      status: 'incomplete',
      intact: false,
      checked: 4,
      first: { sequence: 1, prevHash: GENESIS_HASH.toString('hex') },
      last: { sequence: 4, hash: events[3].hash },
      checkpointsMatched: 1,
      checkpointsBeforeExport: 0,
      checkpointsAfterExport: 2,
      endsBefore: { sequence: 6, time: '2026-11-23T10:00:06.000Z' },
    });
    // The same export taken again after the checkpoint includes it.
    expect(await verifyExportLines(lines(events), { publicKey, checkpoints: [at6, at2, at5] })).toMatchObject(
      { status: 'intact', intact: true, checkpointsMatched: 3, checkpointsAfterExport: 0 },
    );
    // A time range that ends before the checkpoint, and an empty export, are incomplete too.
    expect(
      await verifyExportLines(lines(events.slice(1, 3)), { publicKey, checkpoints: [at6] }),
    ).toMatchObject({ status: 'incomplete', checked: 2, endsBefore: { sequence: 6 } });
    expect(await verifyExportLines([], { publicKey, checkpoints: [at6] })).toMatchObject({
      status: 'incomplete',
      checked: 0,
      checkpointsAfterExport: 1,
      endsBefore: { sequence: 6 },
    });
  });

  it('keeps broken for a tampered event even when the export also ends before a checkpoint', async () => {
    const events = chain(6);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const at6 = signCheckpoint(
      { organization: ORG, sequence: 6, hash: events[5].hash, time: 't' },
      privateKey,
    );
    const tampered = events.slice(0, 4);
    tampered[1] = { ...tampered[1], actorLabel: 'cli:someone-else' };
    const result = await verifyExportLines(lines(tampered), { publicKey, checkpoints: [at6] });
    expect(result).toMatchObject({
      status: 'broken',
      intact: false,
      broken: { line: 2, sequence: 2, problem: "hash does not match the event's content" },
    });
    expect(result.endsBefore).toBeUndefined();
  });

  it("is broken when a checkpoint inside the export, or at its last event, disagrees with the export's hash", async () => {
    const events = chain(6);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const witness = (sequence: number) =>
      signCheckpoint({ organization: ORG, sequence, hash: events[sequence - 1].hash, time: 't' }, privateKey);
    const forged = chain(4).map((event, index) =>
      index === 0 ? event : { ...event, payload: { n: event.sequence, forged: true } },
    );
    // A rewritten history, re-hashed so the file is consistent in itself: only a witness can tell.
    let prevHash = forged[0].hash;
    for (let i = 1; i < forged.length; i += 1) {
      const { hash: _stale, ...fields } = { ...forged[i], prevHash };
      forged[i] = { ...fields, hash: chainHash(fields).toString('hex') };
      prevHash = forged[i].hash;
    }
    expect((await verifyExportLines(lines(forged))).status).toBe('intact');
    expect(await verifyExportLines(lines(forged), { publicKey, checkpoints: [witness(3)] })).toMatchObject({
      status: 'broken',
      broken: { line: 3, sequence: 3, problem: 'hash differs from the signed checkpoint at sequence 3' },
    });
    // At the export's last event: the export claims to reach sequence 4, and there it disagrees.
    expect(await verifyExportLines(lines(forged), { publicKey, checkpoints: [witness(4)] })).toMatchObject({
      status: 'broken',
      broken: { line: 4, sequence: 4, problem: 'hash differs from the signed checkpoint at sequence 4' },
    });
    // A checkpoint beyond it as well does not turn that into incomplete.
    expect(
      await verifyExportLines(lines(forged), { publicKey, checkpoints: [witness(6), witness(4)] }),
    ).toMatchObject({ status: 'broken', broken: { sequence: 4 } });
  });

  it('is broken when a checkpoint is for another organization', async () => {
    const events = chain(6);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const other = signCheckpoint(
      { organization: '0b7d7c1e-0000-4000-8000-000000000000', sequence: 2, hash: events[1].hash, time: 't' },
      privateKey,
    );
    expect(await verifyExportLines(lines(events), { publicKey, checkpoints: [other] })).toMatchObject({
      status: 'broken',
      broken: { line: 0, problem: "checkpoint at sequence 2 is for another organization than the export's" },
    });
  });

  it('accepts a checkpoint before the first event of an export that starts mid-chain, without counting it', async () => {
    const events = chain(6);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const at1 = signCheckpoint(
      { organization: ORG, sequence: 1, hash: events[0].hash, time: 't' },
      privateKey,
    );
    const at5 = signCheckpoint(
      { organization: ORG, sequence: 5, hash: events[4].hash, time: 't' },
      privateKey,
    );
    expect(
      await verifyExportLines(lines(events.slice(3)), { publicKey, checkpoints: [at1, at5] }),
    ).toMatchObject({ intact: true, checked: 3, checkpointsMatched: 1, checkpointsBeforeExport: 1 });
  });
});
