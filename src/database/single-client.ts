import { Client, type ClientConfig } from 'pg';

/**
 * Runs `work` on a connection of its own (not from a pool), for what runs before or beside the pools:
 * migrations, backups, the embedded server's set-up, probes. The connection is ended afterwards, also
 * when `work` fails. Like a pool's checked-out client (pool-client.ts), it listens for errors: when
 * the server ends the connection between two statements (an administrator, a failover, a restart),
 * the next statement fails instead of an unhandled 'error' event ending the process.
 */
export async function withSingleClient<T>(
  config: ClientConfig,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client(config);
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
