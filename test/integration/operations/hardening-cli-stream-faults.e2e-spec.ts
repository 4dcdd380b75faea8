import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/app-config';
import { PrismaService } from '../../../src/database/prisma.service';
import { createOrganization } from '../../factories/identity.factory';
import { insertValidChain } from '../../support/audit';
import { cliProcess } from '../../support/cli';
import { cutQueryWaitingOn, holdTableLock } from '../../support/database-faults';
import { describeWithParts } from '../../support/external-parts';
import { timeUntil } from '../../support/load';
import { pgDumpPart } from '../../support/pg-dump';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

/** Eight batches of the export: far more than is written before the test can take its lock. */
const EVENTS = 40_000;
const CRASH = /.*(Unhandled 'error' event|uncaughtException|node:events).*/;

/**
 * The command line's streams (the audit export to stdout and to a file, a backup, an import) when
 * the database ends their connection in the middle (pg_terminate_backend): a clear error and exit
 * code, no crash, and no half-written file left behind that could pass for a whole one.
 */
describe('hardening: CLI streams under a database cut', () => {
  let database: TestDatabase;
  let prisma: PrismaService;
  let dir: string;
  let slug: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    prisma = new PrismaService(loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }));
    const organization = await createOrganization(prisma);
    slug = organization.slug;
    await insertValidChain(prisma.pool, organization.id, EVENTS);
    dir = await mkdtemp(join(tmpdir(), 'cli-stream-faults-'));
  }, 120_000);
  afterAll(async () => {
    await prisma?.onModuleDestroy();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('audit export to stdout: a cut mid-stream ends with exit 1 and the reason, not a crash', async () => {
    const run = cliProcess(database.url, ['audit', 'export', '--org', slug, '--format', 'csv']);
    await run.waitFor(/organizationId,sequence/);
    const lock = await holdTableLock(database.url, 'audit_event');
    try {
      await cutQueryWaitingOn(prisma.pool, 'marketplace-gateway');
    } finally {
      await lock.release();
    }
    expect(await run.exited).toBe(1);
    expect(run.output().match(CRASH)?.[0]).toBeUndefined();
    expect(run.output()).toMatch(
      /the database refused or ended the connection \(terminating connection due to administrator command\)/,
    );
  });

  it.each(['jsonl', 'csv'])(
    'audit export --out (%s): a cut mid-stream exits 1 and leaves no partial file',
    async (format) => {
      const out = join(dir, `export.${format}`);
      const run = cliProcess(database.url, [
        'audit',
        'export',
        '--org',
        slug,
        '--format',
        format,
        '--out',
        out,
      ]);
      expect(await timeUntil(async () => existsSync(out) && statSync(out).size > 0, 30_000)).toBeDefined();
      const lock = await holdTableLock(database.url, 'audit_event');
      try {
        await cutQueryWaitingOn(prisma.pool, 'marketplace-gateway');
      } finally {
        await lock.release();
      }
      expect(await run.exited).toBe(1);
      expect(run.output().match(CRASH)?.[0]).toBeUndefined();
      expect(run.output()).toMatch(
        /the database refused or ended the connection \(terminating connection due to administrator command\)/,
      );
      expect(existsSync(out)).toBe(false);
    },
  );

  // pg_dump of the server's version or newer (a fresh clone tests on the embedded PostgreSQL 17, Debian's
  // client may be 15): an older one refuses the server at once, and there is no dump to cut.
  describeWithParts([pgDumpPart()], 'db backup under a database cut', () => {
    it('db backup: pg_dump cut mid-dump exits 1 with its reason and leaves no file', async () => {
      const out = join(dir, 'backup.dump');
      const lock = await holdTableLock(database.url, 'audit_event');
      const run = cliProcess(database.url, ['db', 'backup', '--out', out]);
      try {
        await cutQueryWaitingOn(prisma.pool, 'pg_dump', 30_000);
      } finally {
        await lock.release();
      }
      expect(await run.exited).toBe(1);
      expect(run.output().match(CRASH)?.[0]).toBeUndefined();
      expect(run.output()).toMatch(
        /pg_dump failed \(exit 1\):.*terminating connection due to administrator command/,
      );
      expect(await readdir(dir)).not.toContainEqual(expect.stringContaining('backup.dump'));
    });
  });

  it('catalog import: a cut during the write exits 1 with the reason', async () => {
    const file = join(dir, 'products.jsonl');
    const errorsOut = join(dir, 'problems.jsonl');
    const product = (i: number) => ({
      productCode: `CUT-${i}`,
      name: `Stapler ${i}`,
      category: 'desk-accessories',
      offers: [{ vendor: 'V1', price: '10.00', currency: 'EUR' }],
    });
    await writeFile(
      file,
      `${Array.from({ length: 2_000 }, (_, i) => JSON.stringify(product(i))).join('\n')}\n{bad\n`,
    );
    const lock = await holdTableLock(database.url, 'offer');
    const run = cliProcess(database.url, ['catalog', 'import', file, '--errors-out', errorsOut]);
    try {
      await cutQueryWaitingOn(prisma.pool, 'marketplace-gateway', 30_000);
    } finally {
      await lock.release();
    }
    expect(await run.exited).toBe(1);
    expect(run.output().match(CRASH)?.[0]).toBeUndefined();
    expect(run.output()).toMatch(
      /the database refused or ended the connection \(.+\); what was committed before stays/,
    );
  });

  it('catalog import: an --errors-out file that cannot be written is a usage error, not a crash', async () => {
    const file = join(dir, 'one.jsonl');
    await writeFile(file, '{bad\n');
    const run = cliProcess(database.url, [
      'catalog',
      'import',
      file,
      '--errors-out',
      join(dir, 'missing', 'x.jsonl'),
    ]);
    expect(await run.exited).toBe(2);
    expect(run.output().match(CRASH)?.[0]).toBeUndefined();
    expect(run.output()).toMatch(/no such directory/);
  });
});
