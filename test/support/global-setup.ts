import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { runMigrations } from '../../src/database/migration-runner';
import { freePort } from './free-port';
import { resetContractCoverage } from './openapi-coverage';
import { TEST_SERVER_MAJOR_VAR } from './pg-dump';
import { TEST_SERVER_URL_VAR, TEST_TEMPLATE_DB_VAR, databaseUrl } from './test-env';

/**
 * Once per run: find a PostgreSQL server (TEST_DATABASE_URL, else DATABASE_URL, else a throw-away
 * embedded one) and build a migrated template database; each test file clones its own from it.
 */
export default async function globalSetup(): Promise<void> {
  resetContractCoverage();
  let serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-test-'));
    await chmod(dir, 0o755); // as root, PostgreSQL runs as another user and must reach its data
    const embedded = await startEmbeddedPostgres({
      dir: join(dir, 'pg'),
      port: await freePort(),
      database: 'postgres',
      ephemeral: true,
    });
    (globalThis as { embeddedTestDatabase?: unknown }).embeddedTestDatabase = embedded;
    serverUrl = embedded.url;
  }
  process.env[TEST_SERVER_URL_VAR] = serverUrl;

  const template = `gateway_test_template_${process.pid}`;
  process.env[TEST_TEMPLATE_DB_VAR] = template;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // For the tests that need client programs of the server's version (pg-dump.ts).
    const { rows } = await admin.query<{ version: string }>(
      "SELECT current_setting('server_version_num') AS version",
    );
    process.env[TEST_SERVER_MAJOR_VAR] = String(Math.floor(Number(rows[0].version) / 10_000));
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
  } finally {
    await admin.end();
  }
  await runMigrations(databaseUrl(template));
}
