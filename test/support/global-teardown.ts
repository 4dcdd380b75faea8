import { Client } from 'pg';
import type { EmbeddedDatabase } from '../../src/database/embedded-postgres';
import { reportContractCoverage } from './openapi-coverage';
import { templateDatabase, testServerUrl } from './test-env';

export default async function globalTeardown(): Promise<void> {
  reportContractCoverage();
  const embedded = (globalThis as { embeddedTestDatabase?: EmbeddedDatabase }).embeddedTestDatabase;
  if (embedded) {
    await embedded.stop(); // ephemeral: its data directory goes with it
    return;
  }
  const admin = new Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase()} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
