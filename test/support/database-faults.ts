import { Client, type Pool } from 'pg';
import { sleep } from './load';

/** A table held under ACCESS EXCLUSIVE lock by a transaction of its own, until release(). */
export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Locks `table` as `LOCK TABLE ... IN ACCESS EXCLUSIVE MODE` in an open transaction would: every
 * query of another connection that touches it waits (a DBA's migration, a stuck maintenance job).
 */
export async function holdTableLock(databaseUrl: string, table: string): Promise<HeldLock> {
  const client = new Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return {
    async release() {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * Waits until a connection of `applicationName` (the gateway's pool, the CLI's, pg_dump) waits for a
 * lock, then ends that connection from the server side (`pg_terminate_backend`, as an administrator
 * or a failover does): its query in flight fails with 57P01. Answers the number of connections ended.
 */
export async function cutQueryWaitingOn(
  pool: Pool,
  applicationName: string,
  timeoutMs = 15_000,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const { rows } = await pool.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1 AND wait_event_type = 'Lock'`,
      [applicationName],
    );
    if (rows.length > 0) return rows.length;
    await sleep(20);
  }
  throw new Error(`no connection of ${applicationName} waited for a lock within ${timeoutMs} ms`);
}
