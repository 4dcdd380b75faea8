import { Client } from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { CliRun, cliWithEnv } from '../../support/cli';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

/** Query bounds far below what the maintenance statements are made to take here. */
const TIGHT_BOUNDS = { DATABASE_STATEMENT_TIMEOUT_MS: '1000', DATABASE_QUERY_TIMEOUT_MS: '1500' };

/**
 * A reader holding the product table (ACCESS SHARE, as any open read transaction does): inserts go
 * on, but CLUSTER waits for it, so the build's closing maintenance takes as long as the test holds it.
 */
async function holdProductTable(url: string) {
  const reader = new Client({ connectionString: url });
  await reader.connect();
  await reader.query('BEGIN');
  await reader.query('SELECT count(*) FROM product');
  return {
    /** Resolves once a CLUSTER waits for this reader; fails if `build` ends first. */
    async clusterWaiting(build: Promise<CliRun>): Promise<void> {
      let ended: CliRun | undefined;
      void build.then((run) => (ended = run));
      for (let tries = 0; tries < 1_500; tries++) {
        if (ended) throw new Error(`the demo build ended before CLUSTER: ${JSON.stringify(ended)}`);
        // CLUSTER asks for the table exclusively and waits (pg_locks: the one request not granted).
        const { rows } = await reader.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks
            WHERE relation = 'product'::regclass AND mode = 'AccessExclusiveLock' AND NOT granted`,
        );
        if (rows[0].n > 0) return;
        await sleep(20);
      }
      throw new Error('the demo build never reached CLUSTER');
    },
    async release(): Promise<void> {
      await reader.query('COMMIT');
      await reader.end();
    },
  };
}

describe('gateway catalog demo: the closing maintenance runs under its own bound', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.drop());

  it('finishes when CLUSTER takes longer than the query bounds, naming each step as it runs', async () => {
    const table = await holdProductTable(database.url);
    const build = cliWithEnv(
      database.url,
      TIGHT_BOUNDS,
      'catalog',
      'demo',
      '--products',
      '120',
      '--seed',
      '3',
    );
    await table.clusterWaiting(build);
    // Past both the statement timeout (1 s) and the client's query bound (1.5 s).
    await sleep(2_500);
    await table.release();
    const run = await build;

    expect({ code: run.code, stderr: run.stderr }).toEqual({
      code: 0,
      stderr: expect.stringContaining('(CLUSTER)'),
    });
    expect(run.stderr).toContain('(ANALYZE)');
    expect(run.stderr).toContain('(VACUUM ANALYZE)');
    expect(run.stdout).toContain('Generated 120 products');
    const check = new Client({ connectionString: database.url });
    await check.connect();
    try {
      const { rows } = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM product');
      expect(rows[0].n).toBe(120);
    } finally {
      await check.end();
    }
  });

  it('ends a maintenance statement that runs past DATABASE_MAINTENANCE_TIMEOUT_MS with an error', async () => {
    const table = await holdProductTable(database.url);
    const build = cliWithEnv(
      database.url,
      { ...TIGHT_BOUNDS, DATABASE_MAINTENANCE_TIMEOUT_MS: '1000' },
      'catalog',
      'demo',
      '--products',
      '40',
    );
    await table.clusterWaiting(build);
    const run = await build;
    await table.release();

    expect(run.code).toBe(1);
    // The server's statement_timeout or the client's wait, whichever of the two equal bounds fires first.
    expect(run.stderr).toMatch(/statement timeout|query read timeout/i);
  });
});
