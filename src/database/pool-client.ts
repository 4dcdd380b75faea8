import type { Pool, PoolClient } from 'pg';

/**
 * Runs `work` on a connection checked out of `pool`, for the hand-written SQL paths that use the pool
 * directly (transactions of bulk catalog writes and search, demo seeding, maintenance). A checked-out
 * client has no error listener of the pool's: an error the server sends between two statements (a
 * FATAL when an administrator, a failover or a restart ends the connection) would be an unhandled
 * 'error' event and end the process. Listened to here, it makes the next statement fail instead.
 */
export async function withPoolClient<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const ignore = (): void => undefined;
  client.on('error', ignore);
  try {
    return await work(client);
  } finally {
    client.removeListener('error', ignore);
    client.release();
  }
}
