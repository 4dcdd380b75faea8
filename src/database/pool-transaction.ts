import type { Pool, PoolClient } from 'pg';

/**
 * Runs `work` in one transaction on a connection of `pool`, for the hand-written SQL paths that use
 * the pool directly (bulk catalog writes, search). `begin` may set transaction-local settings.
 */
export async function inPoolTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect();
  // A checked-out client has no error listener of the pool's: an error the server sends between two
  // statements (a FATAL at shutdown, arriving with the last answer) would be an unhandled 'error' event
  // and end the process. Listened to here, it makes the next statement fail instead.
  const ignore = (): void => undefined;
  client.on('error', ignore);
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.removeListener('error', ignore);
    client.release();
  }
}
