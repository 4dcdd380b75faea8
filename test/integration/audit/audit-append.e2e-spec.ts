import { HashedAuditEvent } from '../../../src/audit/audit-event';
import { AuditEventTypes } from '../../../src/audit/audit-event';
import { chainHash, GENESIS_HASH } from '../../../src/audit/audit-hash';
import { AuditChainService } from '../../../src/audit/audit-chain.service';
import { AuditService } from '../../../src/audit/audit.service';
import { inPoolTransaction } from '../../../src/database/pool-transaction';
import { Organization } from '../../../src/generated/prisma/client';
import { createOrganization } from '../../factories/identity.factory';
import { startTestApp, TestApp } from '../../support/test-app';

describe('audit append seam', () => {
  let t: TestApp;
  let audit: AuditService;

  beforeAll(async () => {
    t = await startTestApp();
    audit = t.app.get(AuditService);
  });
  afterAll(() => t.close());

  const event = (organization: Organization, note: string) => ({
    organizationId: organization.id,
    type: AuditEventTypes.guidanceRuleAdded,
    actor: { label: 'cli:test' },
    payload: { note, amount: 1.5, nested: { z: true, a: [1, 'x'] }, dropped: undefined },
  });

  async function storedChain(organization: Organization) {
    return t.prisma.auditEvent.findMany({
      where: { organizationId: organization.id },
      orderBy: { sequence: 'asc' },
    });
  }

  /** Recomputes every stored hash from the stored fields alone, as a verifier would. */
  function recomputed(rows: Awaited<ReturnType<typeof storedChain>>): boolean[] {
    return rows.map((row) => {
      const fields: HashedAuditEvent = {
        organizationId: row.organizationId,
        sequence: Number(row.sequence),
        occurredAt: row.occurredAt.toISOString(),
        type: row.type,
        actorUserId: row.actorUserId,
        actorClientId: row.actorClientId,
        actorLabel: row.actorLabel,
        sessionId: row.sessionId,
        payload: row.payload,
        prevHash: Buffer.from(row.prevHash).toString('hex'),
      };
      return chainHash(fields).equals(Buffer.from(row.hash));
    });
  }

  it('appends a gapless, linked chain through Prisma transactions and pg clients alike', async () => {
    const organization = await createOrganization(t.prisma);
    await t.prisma.$transaction((tx) => audit.append(tx, event(organization, 'first')));
    await inPoolTransaction(t.prisma.pool, (client) => audit.append(client, event(organization, 'second')));
    const third = await t.prisma.$transaction((tx) => audit.append(tx, event(organization, 'third')));

    const rows = await storedChain(organization);
    expect(rows.map((row) => Number(row.sequence))).toEqual([1, 2, 3]);
    expect(Buffer.from(rows[0].prevHash).equals(GENESIS_HASH)).toBe(true);
    expect(Buffer.from(rows[1].prevHash).equals(Buffer.from(rows[0].hash))).toBe(true);
    expect(Buffer.from(rows[2].prevHash).equals(Buffer.from(rows[1].hash))).toBe(true);
    expect(recomputed(rows)).toEqual([true, true, true]);
    expect(rows[0].payload).toEqual({ note: 'first', amount: 1.5, nested: { z: true, a: [1, 'x'] } });
    expect(third.sequence).toBe(3n);

    const head = await t.prisma.auditChainHead.findUniqueOrThrow({
      where: { organizationId: organization.id },
    });
    expect(Number(head.sequence)).toBe(3);
    expect(Buffer.from(head.hash).equals(third.hash)).toBe(true);
  });

  it('rolls the event back with the change it records, leaving no gap', async () => {
    const organization = await createOrganization(t.prisma);
    await t.prisma.$transaction((tx) => audit.append(tx, event(organization, 'kept')));
    await expect(
      t.prisma.$transaction(async (tx) => {
        await tx.organization.update({ where: { id: organization.id }, data: { name: 'renamed' } });
        await audit.append(tx, event(organization, 'lost'));
        throw new Error('the change failed after its event was written');
      }),
    ).rejects.toThrow('the change failed');
    // And a change whose event cannot be written (jsonb refuses NUL) does not happen either.
    await expect(
      t.prisma.$transaction(async (tx) => {
        await tx.organization.update({ where: { id: organization.id }, data: { name: 'renamed' } });
        await audit.append(tx, event(organization, 'nul \u0000 inside'));
      }),
    ).rejects.toThrow();
    await t.prisma.$transaction((tx) => audit.append(tx, event(organization, 'next')));

    const rows = await storedChain(organization);
    expect(rows.map((row) => [Number(row.sequence), (row.payload as { note: string }).note])).toEqual([
      [1, 'kept'],
      [2, 'next'],
    ]);
    expect((await t.prisma.organization.findUniqueOrThrow({ where: { id: organization.id } })).name).not.toBe(
      'renamed',
    );
  });

  it('keeps one chain per organization', async () => {
    const a = await createOrganization(t.prisma);
    const b = await createOrganization(t.prisma);
    for (const organization of [a, b, a]) {
      await t.prisma.$transaction((tx) => audit.append(tx, event(organization, organization.slug)));
    }
    expect((await storedChain(a)).map((row) => Number(row.sequence))).toEqual([1, 2]);
    expect((await storedChain(b)).map((row) => Number(row.sequence))).toEqual([1]);
    expect(Buffer.from((await storedChain(b))[0].prevHash).equals(GENESIS_HASH)).toBe(true);
  });

  describe('appendWithChange (a one-statement change and its event, autocommitted together)', () => {
    const renameTo = (organization: Organization, name: string, onlyIfNamed: string) => ({
      text: 'UPDATE organization SET name = $1 WHERE id = $2::uuid AND name = $3',
      values: [name, organization.id, onlyIfNamed],
    });

    it('stores both when the change touches a row, neither when it does not', async () => {
      const organization = await createOrganization(t.prisma, { name: 'before' });
      expect(
        await audit.appendWithChange(
          t.prisma.pool,
          renameTo(organization, 'after', 'before'),
          event(organization, 'renamed'),
        ),
      ).toBe(true);
      expect(
        await audit.appendWithChange(
          t.prisma.pool,
          renameTo(organization, 'again', 'before'),
          event(organization, 'no match'),
        ),
      ).toBe(false);

      expect((await t.prisma.organization.findUniqueOrThrow({ where: { id: organization.id } })).name).toBe(
        'after',
      );
      const rows = await storedChain(organization);
      expect(rows.map((row) => (row.payload as { note: string }).note)).toEqual(['renamed']);
      expect(recomputed(rows)).toEqual([true]);
      const head = await t.prisma.auditChainHead.findUniqueOrThrow({
        where: { organizationId: organization.id },
      });
      expect(Number(head.sequence)).toBe(1);
    });

    it('does not store the change when its event cannot be written', async () => {
      const organization = await createOrganization(t.prisma, { name: 'before' });
      await expect(
        audit.appendWithChange(
          t.prisma.pool,
          renameTo(organization, 'after', 'before'),
          event(organization, 'nul \u0000'),
        ),
      ).rejects.toThrow();
      expect((await t.prisma.organization.findUniqueOrThrow({ where: { id: organization.id } })).name).toBe(
        'before',
      );
      expect(await storedChain(organization)).toHaveLength(0);
    });

    it('interleaves with transactional appends under concurrency into one gapless chain that verifies', async () => {
      const organization = await createOrganization(t.prisma, { name: 'n0' });
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          i % 2 === 0
            ? audit.appendWithChange(
                t.prisma.pool,
                {
                  text: 'UPDATE organization SET name = $1 WHERE id = $2::uuid',
                  values: [`n${i}`, organization.id],
                },
                event(organization, `change ${i}`),
              )
            : inPoolTransaction(t.prisma.pool, (client) =>
                audit.append(client, event(organization, `tx ${i}`)),
              ),
        ),
      );
      const rows = await storedChain(organization);
      expect(rows.map((row) => Number(row.sequence))).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      expect(recomputed(rows).every(Boolean)).toBe(true);
      const verification = await t.app.get(AuditChainService).verify(organization.id);
      expect(verification).toMatchObject({ intact: true, checked: 60, head: { sequence: 60 } });
    });
  });

  it('rejects UPDATE, DELETE and TRUNCATE of audit events, whoever asks', async () => {
    const organization = await createOrganization(t.prisma);
    await t.prisma.$transaction((tx) => audit.append(tx, event(organization, 'fixed')));
    const pool = t.prisma.pool;
    await expect(
      pool.query(`UPDATE audit_event SET type = 'x' WHERE organization_id = $1`, [organization.id]),
    ).rejects.toThrow(/append-only: UPDATE/);
    await expect(
      pool.query(`DELETE FROM audit_event WHERE organization_id = $1`, [organization.id]),
    ).rejects.toThrow(/append-only: DELETE/);
    await expect(pool.query('TRUNCATE audit_event CASCADE')).rejects.toThrow(/append-only: TRUNCATE/);
    expect(await storedChain(organization)).toHaveLength(1);
  });
});
