import { createHash } from 'node:crypto';
import { cp, mkdtemp, mkdir, writeFile, rm, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  DEFAULT_MIGRATIONS_DIR,
  MigrationError,
  migrationStatus,
  readMigrations,
  runMigrations,
} from '../../../src/database/migration-runner';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

interface HistoryRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  applied_steps_count: number;
  logs: string | null;
}

async function history(url: string): Promise<HistoryRow[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<HistoryRow>(
      'SELECT migration_name, checksum, finished_at, applied_steps_count, logs FROM _prisma_migrations ORDER BY started_at',
    );
    return result.rows;
  } finally {
    await client.end();
  }
}

async function copyOfMigrations(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
  await cp(DEFAULT_MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

describe('migration runner', () => {
  let database: TestDatabase;
  const dirs: string[] = [];

  beforeEach(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterEach(async () => {
    await database.drop();
  });
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('applies every migration to a fresh database and records them as Prisma does', async () => {
    const migrations = await readMigrations();
    const applied = await runMigrations(database.url);

    expect(applied).toEqual(migrations.map((m) => m.name));
    const rows = await history(database.url);
    expect(rows).toHaveLength(migrations.length);
    for (const [index, row] of rows.entries()) {
      const sql = migrations[index].sql;
      expect(row.migration_name).toBe(migrations[index].name);
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.applied_steps_count).toBe(1);
      expect(row.logs).toBeNull();
    }
    expect((await migrationStatus(database.url)).every((m) => m.state === 'applied')).toBe(true);
  });

  it('is a no-op when run again', async () => {
    await runMigrations(database.url);
    const before = await history(database.url);

    expect(await runMigrations(database.url)).toEqual([]);
    expect(await history(database.url)).toEqual(before);
  });

  it('records a failing migration, rolls back its changes and refuses to continue past it', async () => {
    const dir = await copyOfMigrations();
    dirs.push(dir);
    await mkdir(join(dir, '29990101000000_broken'));
    await writeFile(
      join(dir, '29990101000000_broken', 'migration.sql'),
      'CREATE TABLE half_done (id int);\nSELECT * FROM table_that_does_not_exist;\n',
    );
    await mkdir(join(dir, '29990102000000_after'));
    await writeFile(
      join(dir, '29990102000000_after', 'migration.sql'),
      'CREATE TABLE after_broken (id int);\n',
    );

    await expect(runMigrations(database.url, dir)).rejects.toThrow(
      /29990101000000_broken failed: .*table_that_does_not_exist/,
    );

    const rows = await history(database.url);
    const failed = rows.find((row) => row.migration_name === '29990101000000_broken');
    expect(failed).toMatchObject({ finished_at: null, applied_steps_count: 0 });
    expect(failed?.logs).toMatch(/table_that_does_not_exist/);
    expect(rows.some((row) => row.migration_name === '29990102000000_after')).toBe(false);

    const client = new Client({ connectionString: database.url });
    await client.connect();
    const tables = await client.query(
      `SELECT to_regclass('half_done') AS half, to_regclass('after_broken') AS after`,
    );
    await client.end();
    expect(tables.rows[0]).toEqual({ half: null, after: null });

    // A second start stops at the failed record instead of retrying it.
    await expect(runMigrations(database.url, dir)).rejects.toThrow(/failed earlier and blocks the others/);
    const status = await migrationStatus(database.url, dir);
    expect(status.find((m) => m.name === '29990101000000_broken')?.state).toBe('failed');
    expect(status.find((m) => m.name === '29990102000000_after')?.state).toBe('pending');
  });

  it('applies each migration exactly once when two runners start together', async () => {
    const results = await Promise.all([runMigrations(database.url), runMigrations(database.url)]);

    const all = (await readMigrations()).map((m) => m.name);
    expect([...results[0], ...results[1]].sort()).toEqual(all);
    const rows = await history(database.url);
    expect(rows.map((row) => row.migration_name).sort()).toEqual(all);
  });

  it('refuses to run when an applied migration was changed afterwards', async () => {
    const dir = await copyOfMigrations();
    dirs.push(dir);
    await runMigrations(database.url, dir);
    const [first] = await readMigrations(dir);
    await appendFile(join(dir, first.name, 'migration.sql'), '\n-- edited later\n');

    const failure = runMigrations(database.url, dir);
    await expect(failure).rejects.toBeInstanceOf(MigrationError);
    await expect(runMigrations(database.url, dir)).rejects.toThrow(/was modified after it was applied/);
    expect((await migrationStatus(database.url, dir))[0].state).toBe('modified');
  });
});
