import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { cli } from '../../support/cli';
import { describeWithParts } from '../../support/external-parts';
import { pgDumpPart } from '../../support/pg-dump';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

/*
 * The backup drill, as an operator runs it: data and audit events made through the CLI, a backup,
 * a restore into a fresh database, and the audit chain verified there with the same head. pg_dump and
 * pg_restore are the machine's (postgresql-client; .ci/run installs it); without them of the test
 * server's version the drill is skipped and named (in CI: an error).
 */
describeWithParts([pgDumpPart()], 'gateway db backup and restore', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    source = await createTestDatabase();
    target = await createTestDatabase({ migrated: false });
    dir = mkdtempSync(join(tmpdir(), 'db-backup-'));
  });
  afterAll(async () => {
    await source.drop();
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function ok(url: string, ...argv: string[]): Promise<string> {
    const run = await cli(url, ...argv);
    if (run.code !== 0) throw new Error(`gateway ${argv.join(' ')} exited ${run.code}: ${run.stderr}`);
    return run.stdout;
  }

  async function rows(url: string, sql: string): Promise<unknown[]> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }

  const snapshot = async (url: string) => ({
    organizations: await rows(url, 'SELECT slug, name FROM organization ORDER BY slug'),
    clients: await rows(url, 'SELECT client_id, secret_hash FROM oauth_client ORDER BY client_id'),
    users: await rows(url, 'SELECT email, roles FROM "user" ORDER BY email'),
    products: await rows(url, 'SELECT count(*)::int AS n, count(search_vector)::int AS indexed FROM product'),
    events: await rows(url, 'SELECT count(*)::int AS n FROM audit_event'),
  });

  it('restores a backup into a fresh database whose audit chain verifies with the same head', async () => {
    await ok(source.url, 'org', 'create', 'drill', '--name', 'Drill GmbH');
    await ok(source.url, 'client', 'create', '--org', 'drill', '--name', 'SRM');
    await ok(
      source.url,
      'user',
      'add',
      '--org',
      'drill',
      '--email',
      'buyer@drill.example',
      '--role',
      'buyer',
    );
    await ok(
      source.url,
      'guidance',
      'add',
      '--org',
      'drill',
      '--effect',
      'blocked',
      '--matcher',
      'brand',
      '--value',
      'Nope',
    );
    await ok(source.url, 'catalog', 'demo', '--products', '50');
    const before = JSON.parse(await ok(source.url, 'audit', 'verify', '--org', 'drill', '--json'));
    expect(before).toMatchObject({ intact: true });
    expect(before.checked).toBeGreaterThanOrEqual(3);

    const file = join(dir, 'drill.dump');
    const backup = JSON.parse(await ok(source.url, 'db', 'backup', '--out', file, '--json'));
    expect(backup).toMatchObject({ file, bytes: statSync(file).size });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['drill.dump']);

    const restored = JSON.parse(await ok(target.url, 'db', 'restore', file, '--json'));
    expect(restored).toMatchObject({ database: target.name, lastMigration: expect.any(String) });

    const after = JSON.parse(await ok(target.url, 'audit', 'verify', '--org', 'drill', '--json'));
    expect(after).toMatchObject({ intact: true, checked: before.checked, head: before.head });
    expect(await snapshot(target.url)).toEqual(await snapshot(source.url));
    // Nothing pending: the restored history is the current one, and the app's writes work there.
    expect(JSON.parse(await ok(target.url, 'db', 'migrate', '--json'))).toEqual({ applied: [] });
    await ok(target.url, 'user', 'add', '--org', 'drill', '--email', 'after@drill.example');
    const extended = JSON.parse(await ok(target.url, 'audit', 'verify', '--org', 'drill', '--json'));
    expect(extended).toMatchObject({ intact: true, checked: before.checked + 1 });
  });

  it('refuses to restore into a database that has tables, and changes nothing there', async () => {
    const file = join(dir, 'refused.dump');
    await ok(source.url, 'db', 'backup', '--out', file);
    const before = await rows(source.url, 'SELECT count(*)::int AS n FROM audit_event');
    const run = await cli(source.url, 'db', 'restore', file);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: database "gateway_test_\w+" is not empty \(\d+ tables, .*e\.g\. /);
    expect(run.stderr).toContain('only into an empty database');
    expect(await rows(source.url, 'SELECT count(*)::int AS n FROM audit_event')).toEqual(before);
  });

  it('never overwrites a file and leaves no partial file when the dump fails', async () => {
    const existing = join(dir, 'existing.dump');
    writeFileSync(existing, 'keep me');
    const refused = await cli(source.url, 'db', 'backup', '--out', existing, '--json');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ error: 'backup_failed' });
    expect(refused.stderr).toContain('never overwrite');

    const failing = join(dir, 'failing');
    mkdirSync(failing);
    // Tables the dumping role cannot read: pg_dump fails after the temporary file was created.
    const unreadable = await createTestDatabase();
    const role = `backup_drill_${unreadable.name.slice(-12)}`;
    try {
      await rows(
        unreadable.url,
        `
        DROP ROLE IF EXISTS ${role};
        CREATE ROLE ${role} LOGIN PASSWORD 'drill';
        GRANT CONNECT ON DATABASE ${unreadable.name} TO ${role};
        GRANT USAGE ON SCHEMA public TO ${role};
        GRANT SELECT ON organization TO ${role};`,
      );
      const url = new URL(unreadable.url);
      url.username = role;
      url.password = 'drill';
      const run = await cli(url.toString(), 'db', 'backup', '--out', join(failing, 'half.dump'));
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error: pg_dump failed \(exit 1\): .*permission denied/m);
      expect(readdirSync(failing)).toEqual([]);
    } finally {
      await unreadable.drop();
      await rows(source.url, `DROP ROLE IF EXISTS ${role}`);
    }
  });

  it('refuses bad usage before it connects', async () => {
    expect(await cli(source.url, 'db', 'backup')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^error: --out is required/),
    });
    const missing = await cli(source.url, 'db', 'restore', join(dir, 'nothing.dump'));
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('no such file') });
    expect(existsSync(join(dir, 'nothing.dump'))).toBe(false);
  });
});
