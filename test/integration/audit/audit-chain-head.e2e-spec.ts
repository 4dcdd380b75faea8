import { AuditChainService } from '../../../src/audit/audit-chain.service';
import { AuditService } from '../../../src/audit/audit.service';
import { createOrganization } from '../../factories/identity.factory';
import { appendTestEvents, createOrganizationWithEvents, behindTheTrigger } from '../../support/audit';
import { startTestApp, TestApp } from '../../support/test-app';

describe('audit chain head: guarded, and compared with the events', () => {
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

  const eventHash = (organizationId: string, sequence: number) =>
    `(SELECT hash FROM audit_event WHERE organization_id = '${organizationId}' AND sequence = ${sequence})`;

  it('rejects moving the head back, skipping ahead, deleting or truncating it, as the application user', async () => {
    const organization = await organizationWithEvents(5);
    const head = await chain.head(organization.id);
    const attempts = [
      `UPDATE audit_chain_head SET sequence = 3, hash = ${eventHash(organization.id, 3)} WHERE organization_id = '${organization.id}'`,
      `UPDATE audit_chain_head SET hash = ${eventHash(organization.id, 2)} WHERE organization_id = '${organization.id}'`,
      `UPDATE audit_chain_head SET sequence = 6, prev_hash = '\\x00'::bytea WHERE organization_id = '${organization.id}'`,
      `DELETE FROM audit_chain_head WHERE organization_id = '${organization.id}'`,
      'TRUNCATE audit_chain_head',
    ];
    for (const sql of attempts) {
      await expect(t.prisma.pool.query(sql)).rejects.toMatchObject({ code: '42501' });
    }
    expect(await chain.head(organization.id)).toEqual(head);
    // A head inserted anywhere but at the start of a chain is refused too.
    const fresh = await createOrganization(t.prisma);
    await expect(
      t.prisma.pool.query(
        `INSERT INTO audit_chain_head (organization_id, sequence, prev_hash, hash) VALUES ($1, 7, '\\x00'::bytea, '\\x00'::bytea)`,
        [fresh.id],
      ),
    ).rejects.toMatchObject({ code: '42501' });
    // ... while appending still advances it, one event at a time.
    await appendTestEvents(t.prisma, audit, organization.id, 2);
    expect(await chain.verify(organization.id)).toMatchObject({ intact: true, checked: 7 });
  });

  it('lets a head written by the old two-statement append (sequence 0, no prev_hash) advance', async () => {
    const organization = await createOrganization(t.prisma);
    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql(`INSERT INTO audit_chain_head (organization_id, sequence, hash) VALUES ($1, 0, $2)`, [
        organization.id,
        Buffer.alloc(32),
      ]);
    });
    await appendTestEvents(t.prisma, audit, organization.id, 2);
    expect(await chain.verify(organization.id)).toMatchObject({ intact: true, checked: 2 });
  });

  it('reports a head moved back behind the trigger as not intact, naming the first event beyond it', async () => {
    const organization = await organizationWithEvents(7);
    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql(
        `UPDATE audit_chain_head SET sequence = 4, hash = ${eventHash(organization.id, 4)} WHERE organization_id = $1`,
        [organization.id],
      );
    });
    expect(await chain.verify(organization.id)).toMatchObject({
      intact: false,
      checked: 4,
      head: { sequence: 4 },
      firstBrokenSequence: 5,
      problem: 'event 5 lies beyond the chain head at sequence 4 (the last event is 7)',
    });
  });

  it('reports a deleted head as not intact while events exist', async () => {
    const organization = await organizationWithEvents(3);
    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql('DELETE FROM audit_chain_head WHERE organization_id = $1', [organization.id]);
    });
    expect(await chain.verify(organization.id)).toMatchObject({
      intact: false,
      checked: 0,
      firstBrokenSequence: 1,
      problem: 'the chain head is missing while events 1 to 3 exist',
    });
  });
});
