import type { Pool, PoolClient } from 'pg';
import { withPoolClient } from './pool-client';

/**
 * Runs `work` in one transaction on a connection of `pool`, for the hand-written SQL paths that use
 * the pool directly (bulk catalog writes, search). `begin` may set transaction-local settings.
 */
export function inPoolTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  return withPoolClient(pool, async (client) => {
    try {
      await client.query(begin);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
