import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { databaseUrl, templateDatabase, testServerUrl } from './test-env';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function onServer<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for one test file, cloned from the migrated template (fast, isolated). */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `gateway_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated === false ? 'template0' : templateDatabase();
  await onServer((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    name,
    url: databaseUrl(name),
    drop: () =>
      onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
