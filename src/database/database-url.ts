import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { withSingleClient } from './single-client';
import { AppConfig } from '../config/app-config';
import { EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';

export interface ResolvedDatabase {
  config: AppConfig;
  /** Set when this process started the embedded PostgreSQL and must stop it. */
  embedded?: EmbeddedDatabase;
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL: reused if another process of ours
 * (a running gateway, for the CLI) already serves that data directory, started otherwise.
 */
export async function resolveDatabase(
  config: AppConfig,
  log: (message: string) => void,
  postgresLog: (line: string) => void = () => undefined,
): Promise<ResolvedDatabase> {
  if (config.database.url) return { config };
  const { dir, port } = config.database.embedded;
  const running = await runningEmbeddedUrl(dir, port);
  if (running) return { config: config.withDatabaseUrl(running) };
  log(`DATABASE_URL is not set: starting the embedded PostgreSQL (${dir}, port ${port})`);
  const embedded = await startEmbeddedPostgres({ dir, port, log: postgresLog });
  return { config: config.withDatabaseUrl(embedded.url), embedded };
}

async function runningEmbeddedUrl(dir: string, port: number): Promise<string | undefined> {
  const passwordFile = `${dir}.password`;
  if (!existsSync(passwordFile)) return undefined;
  const password = (await readFile(passwordFile, 'utf8')).trim();
  const url = `postgresql://gateway:${encodeURIComponent(password)}@127.0.0.1:${port}/gateway`;
  // Local, but a busy machine can take a second to accept: a missed probe would start a second server.
  try {
    await withSingleClient({ connectionString: url, connectionTimeoutMillis: 3_000 }, async () => undefined);
    return url;
  } catch {
    return undefined;
  }
}
