import { AuditChainService } from '../../../src/audit/audit-chain.service';
import { AuditEventTypes } from '../../../src/audit/audit-event';
import { AuditService } from '../../../src/audit/audit.service';
import { inPoolTransaction } from '../../../src/database/pool-transaction';
import { createOrganization } from '../../factories/identity.factory';
import { runTs } from '../../support/child-process';
import { startTestApp, TestApp } from '../../support/test-app';

jest.setTimeout(60_000);

describe('audit appends under concurrency', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const event = (organizationId: string, note: string) => ({
    organizationId,
    type: AuditEventTypes.guidanceRuleAdded,
    actor: { label: 'cli:test' },
    payload: { note },
  });

  it('500 concurrent appends from two processes leave one gapless, unforked chain', async () => {
    const organization = await createOrganization(t.prisma);
    const workers = [1, 2].map(() =>
      runTs(['test/support/audit-append-worker.ts'], {
        DATABASE_URL: t.database.url,
        ORGANIZATION_ID: organization.id,
        APPEND_COUNT: '250',
        APPEND_CONCURRENCY: '12',
      }),
    );
    const codes = await Promise.all(workers.map((worker) => worker.exited));
    expect({ codes, output: workers.map((w) => w.output()) }).toEqual({
      codes: [0, 0],
      output: ['appended 250\n', 'appended 250\n'],
    });

    const rows = await t.prisma.auditEvent.findMany({
      where: { organizationId: organization.id },
      orderBy: { sequence: 'asc' },
      select: { sequence: true, actorLabel: true, prevHash: true, hash: true },
    });
    expect(rows.map((row) => Number(row.sequence))).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    // Unforked: every hash is the prevHash of exactly the next event, none twice.
    const prevHashes = new Set(rows.map((row) => Buffer.from(row.prevHash).toString('hex')));
    expect(prevHashes.size).toBe(500);
    expect(new Set(rows.map((row) => row.actorLabel)).size).toBe(2);
    const switches = rows.filter((row, i) => i > 0 && row.actorLabel !== rows[i - 1].actorLabel).length;
    // The two writers really raced (typically hundreds of switches between them).
    expect(switches).toBeGreaterThan(0);
    expect(await t.app.get(AuditChainService).verify(organization.id)).toMatchObject({
      intact: true,
      checked: 500,
      head: { sequence: 500 },
    });
  });

  it("appends to organization B while a transaction holds A's head lock; A's next append waits", async () => {
    const a = await createOrganization(t.prisma);
    const b = await createOrganization(t.prisma);
    const audit = t.app.get(AuditService);
    const pool = t.prisma.pool;

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = inPoolTransaction(pool, async (client) => {
      await audit.append(client, event(a.id, 'holding the head of A'));
      locked();
      await held;
    });
    await lockTaken;

    const started = Date.now();
    await inPoolTransaction(pool, (client) => audit.append(client, event(b.id, 'B does not wait')));
    expect(Date.now() - started).toBeLessThan(1_000);

    let secondOfA = false;
    const waiting = inPoolTransaction(pool, (client) => audit.append(client, event(a.id, 'A waits'))).then(
      () => (secondOfA = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondOfA).toBe(false);

    release();
    await holder;
    await waiting;
    const sequences = await t.prisma.auditEvent.findMany({
      where: { organizationId: a.id },
      orderBy: { sequence: 'asc' },
      select: { sequence: true, payload: true },
    });
    expect(sequences.map((row) => [Number(row.sequence), (row.payload as { note: string }).note])).toEqual([
      [1, 'holding the head of A'],
      [2, 'A waits'],
    ]);
  });
});
