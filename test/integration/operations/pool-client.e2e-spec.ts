import { Pool } from 'pg';
import { withPoolClient } from '../../../src/database/pool-client';
import { withSingleClient } from '../../../src/database/single-client';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

/**
 * A connection checked out of the pool for hand-written SQL (demo seeding, maintenance, bulk writes):
 * when the server ends it between two statements (an administrator, a failover, a restart), the
 * error must fail the next statement, not arrive as an unhandled 'error' event that ends the process.
 */
/** Ends this connection's backend from another one, waits for the FATAL, then runs a statement. */
async function endedThenQueried(client: { query: Pool['query'] }, admin: Pool): Promise<string> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
  // The FATAL arrives while no statement runs on this connection.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return client.query('SELECT 1').then(
    () => 'answered',
    (error: Error) => `failed: ${error.message}`,
  );
}

/** `work`'s result, and the uncaught exceptions while it ran. */
async function watchingUncaught<T>(work: () => Promise<T>): Promise<{ result: T; uncaught: unknown[] }> {
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', record);
  try {
    return { result: await work(), uncaught };
  } finally {
    process.removeListener('uncaughtException', record);
  }
}

describe('pool clients checked out for hand-written SQL', () => {
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    pool = new Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => undefined);
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('turns the server ending the connection between statements into a failed statement', async () => {
    const { result, uncaught } = await watchingUncaught(() =>
      withPoolClient(pool, (client) => endedThenQueried(client, pool)),
    );
    expect(result).toMatch(/^failed: /);
    expect(uncaught).toEqual([]);
    // The pool still serves.
    expect((await pool.query('SELECT 2 AS two')).rows[0].two).toBe(2);
  });

  it('does the same for a connection of its own (migrations, backups, probes), and ends it', async () => {
    let ended = false;
    const { result, uncaught } = await watchingUncaught(() =>
      withSingleClient({ connectionString: database.url }, async (client) => {
        client.on('end', () => (ended = true));
        return endedThenQueried(client, pool);
      }),
    );
    expect(result).toMatch(/^failed: /);
    expect(uncaught).toEqual([]);
    expect(ended).toBe(true);
  });
});
