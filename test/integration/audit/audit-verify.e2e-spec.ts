import { generateKeyPairSync } from 'node:crypto';
import { AuditChainService } from '../../../src/audit/audit-chain.service';
import { AuditCheckpointScheduler } from '../../../src/audit/audit-checkpoint.scheduler';
import { checkpointProblem, signCheckpoint } from '../../../src/audit/audit-checkpoint';
import { AuditService } from '../../../src/audit/audit.service';
import { UserRole } from '../../../src/generated/prisma/enums';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import {
  appendTestEvents,
  createOrganizationWithEvents,
  behindTheTrigger,
  insertValidChain,
  rewriteHistory,
} from '../../support/audit';
import { bearer, issueTestToken } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';
import { createPublicKey } from 'node:crypto';

describe('audit chain verification', () => {
  let t: TestApp;
  let chain: AuditChainService;
  let audit: AuditService;

  beforeAll(async () => {
    t = await startTestApp();
    chain = t.app.get(AuditChainService);
    audit = t.app.get(AuditService);
  });
  afterAll(() => t.close());

  const organizationWithEvents = (count: number) => createOrganizationWithEvents(t.prisma, audit, count);

  async function tokens(organization: { id: string; slug: string; name: string; createdAt: Date }) {
    const { client } = await createClient(t.prisma, organization as never);
    const tokenFor = async (roles: UserRole[]) =>
      issueTestToken(t.prisma, await createUser(t.prisma, organization as never, { roles }), client);
    return {
      auditor: await tokenFor([UserRole.auditor]),
      admin: await tokenFor([UserRole.admin, UserRole.buyer]),
      buyer: await tokenFor([UserRole.buyer]),
    };
  }

  it('reports an untouched chain intact, through the service and GET /api/v1/audit/verify', async () => {
    const organization = await organizationWithEvents(6);
    const head = await chain.head(organization.id);
    expect(await chain.verify(organization.id)).toEqual({ intact: true, checked: 6, head });
    const { auditor } = await tokens(organization);
    const response = await fetch(`${t.baseUrl}/api/v1/audit/verify`, { headers: bearer(auditor) });
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ intact: true, checked: 6, head });
  });

  it('verifies an empty chain, and a long one across many read batches', async () => {
    const empty = await createOrganization(t.prisma);
    expect(await chain.verify(empty.id)).toEqual({
      intact: true,
      checked: 0,
      head: { sequence: 0, hash: '0'.repeat(64) },
    });
    const long = await createOrganization(t.prisma);
    await insertValidChain(t.prisma.pool, long.id, 12_345);
    expect(await chain.verify(long.id)).toEqual({
      intact: true,
      checked: 12_345,
      head: { sequence: 12_345, hash: expect.any(String) },
    });
    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql(
        `UPDATE audit_event SET occurred_at = occurred_at + interval '1 ms' WHERE organization_id = $1 AND sequence = 10001`,
        [long.id],
      );
    });
    expect(await chain.verify(long.id)).toMatchObject({ intact: false, firstBrokenSequence: 10_001 });
  });

  it('answers only auditors, each about their own organization', async () => {
    const a = await organizationWithEvents(3);
    const b = await organizationWithEvents(5);
    const tokensOfA = await tokens(a);
    for (const token of [tokensOfA.admin, tokensOfA.buyer]) {
      const response = await fetch(`${t.baseUrl}/api/v1/audit/verify`, { headers: bearer(token) });
      expect(response.status).toBe(403);
    }
    const ofB = await bodyOf(
      await fetch(`${t.baseUrl}/api/v1/audit/verify`, { headers: bearer((await tokens(b)).auditor) }),
    );
    const ofA = await bodyOf(
      await fetch(`${t.baseUrl}/api/v1/audit/verify`, { headers: bearer(tokensOfA.auditor) }),
    );
    expect(ofA.head).toEqual(await chain.head(a.id));
    expect(ofB.head).toEqual(await chain.head(b.id));
    expect((await fetch(`${t.baseUrl}/api/v1/audit/verify`)).status).toBe(401);
  });

  it('detects a row changed behind the trigger at exactly that event', async () => {
    const organization = await organizationWithEvents(8);
    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql(
        `UPDATE audit_event SET payload = jsonb_set(payload, '{amount}', '1000') WHERE organization_id = $1 AND sequence = 5`,
        [organization.id],
      );
    });
    expect(await chain.verify(organization.id)).toMatchObject({
      intact: false,
      firstBrokenSequence: 5,
      problem: "hash does not match the event's content",
    });
  });

  it('detects a deleted event as a gap, and a removed tail against the head', async () => {
    const organization = await organizationWithEvents(6);
    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql('DELETE FROM audit_event WHERE organization_id = $1 AND sequence = 3', [organization.id]);
    });
    expect(await chain.verify(organization.id)).toMatchObject({ intact: false, firstBrokenSequence: 3 });

    const truncated = await organizationWithEvents(4);
    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql('DELETE FROM audit_event WHERE organization_id = $1 AND sequence = 4', [truncated.id]);
    });
    expect(await chain.verify(truncated.id)).toMatchObject({ intact: false, firstBrokenSequence: 4 });
  });

  it('catches a history rewritten and re-hashed end to end with an earlier signed checkpoint', async () => {
    const organization = await organizationWithEvents(5);
    const checkpoint = await chain.signedHead(organization.id);
    expect(checkpoint).toMatchObject({ organization: organization.id, sequence: 5 });
    await appendTestEvents(t.prisma, audit, organization.id, 3);

    await rewriteHistory(t.prisma.pool, organization.id, 2, (event) => {
      event.payload = { note: 'nothing to see here', amount: 0 };
    });
    // Consistent in itself: without the witness, the rewrite is invisible.
    expect(await chain.verify(organization.id)).toMatchObject({ intact: true, checked: 8 });
    expect(await chain.verify(organization.id, [checkpoint])).toMatchObject({
      intact: false,
      firstBrokenSequence: 5,
      problem: 'hash differs from the signed checkpoint at sequence 5',
    });
  });

  it('catches a chain cut short below a signed checkpoint', async () => {
    const organization = await organizationWithEvents(4);
    const checkpoint = await chain.signedHead(organization.id);
    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql('DELETE FROM audit_event WHERE organization_id = $1 AND sequence = 4', [organization.id]);
      await sql(
        `UPDATE audit_chain_head SET sequence = 3, hash = (SELECT hash FROM audit_event WHERE organization_id = $1 AND sequence = 3) WHERE organization_id = $1`,
        [organization.id],
      );
    });
    expect(await chain.verify(organization.id)).toMatchObject({ intact: true, checked: 3 });
    expect(await chain.verify(organization.id, [checkpoint])).toMatchObject({
      intact: false,
      firstBrokenSequence: 4,
    });
  });

  it('rejects a forged checkpoint signature and a checkpoint signed with another key', async () => {
    const organization = await organizationWithEvents(3);
    const checkpoint = await chain.signedHead(organization.id);
    expect(await chain.verify(organization.id, [checkpoint])).toMatchObject({ intact: true });

    const forged = { ...checkpoint, hash: 'ab'.repeat(32) };
    expect(await chain.verify(organization.id, [forged])).toMatchObject({
      intact: false,
      problem: 'checkpoint at sequence 3 has an invalid signature',
    });
    const otherKey = generateKeyPairSync('ed25519').privateKey;
    const { signature: _s, keyId: _k, ...unsigned } = checkpoint;
    const foreign = signCheckpoint(unsigned, otherKey);
    expect((await chain.verify(organization.id, [foreign])).problem).toMatch(/was signed by key/);
    // ... which is a valid signature, just not by this gateway.
    expect(checkpointProblem(foreign, createPublicKey(otherKey))).toBeUndefined();
  });

  it('serves the public key that checks the checkpoints, to anyone', async () => {
    const organization = await organizationWithEvents(1);
    const checkpoint = await chain.signedHead(organization.id);
    const response = await fetch(`${t.baseUrl}/api/v1/audit/public-key`);
    expect(response.status).toBe(200);
    const key = await bodyOf(response);
    expect(key).toMatchObject({ algorithm: 'Ed25519', keyId: checkpoint.keyId });
    expect(checkpointProblem(checkpoint, createPublicKey(key.publicKeyPem))).toBeUndefined();
  });

  it('logs one signed checkpoint per organization whose head moved since the last tick', async () => {
    const scheduler = t.app.get(AuditCheckpointScheduler);
    await scheduler.tick();
    const organization = await organizationWithEvents(2);
    const logged = jest.spyOn(scheduler['logger'], 'log');
    try {
      const first = await scheduler.tick();
      expect(first.map((c) => [c.organization, c.sequence])).toEqual([[organization.id, 2]]);
      expect(logged).toHaveBeenCalledWith(
        { type: 'audit_checkpoint', checkpoint: first[0] },
        'audit checkpoint',
      );
      expect(await scheduler.tick()).toEqual([]);
      await appendTestEvents(t.prisma, audit, organization.id, 1);
      expect((await scheduler.tick()).map((c) => c.sequence)).toEqual([3]);
      expect(await chain.verify(organization.id, first)).toMatchObject({ intact: true });
    } finally {
      logged.mockRestore();
    }
  });
});
