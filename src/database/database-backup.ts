import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Client } from 'pg';
import { withSingleClient } from './single-client';
import { chooseTool, findPgClientTools, PgClientProgram, PgClientTool } from './pg-client-tools';

/*
 * Backups are pg_dump's custom format (compressed, restored selectively by pg_restore), written to a
 * temporary file beside the target and renamed only when pg_dump succeeded and pg_restore can read
 * the result: a backup file is complete or absent. A restore goes into an empty database only, in
 * one transaction, so it is all or nothing and never mixes with data already there.
 */

/** A backup or restore that did not happen; the message says why (nothing was changed). */
export class DatabaseBackupError extends Error {
  constructor(
    message: string,
    readonly code: 'backup_failed' | 'restore_failed' = 'backup_failed',
  ) {
    super(message);
    this.name = 'DatabaseBackupError';
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  serverVersion: string;
  pgDump: string;
}

export interface RestoreResult {
  file: string;
  database: string;
  tables: number;
  /** The newest migration in the backup: the gateway applies the later ones at its next start. */
  lastMigration: string | null;
  pgRestore: string;
}

/** Writes a backup of the database to `out` (which must not exist yet). */
export async function backupDatabase(
  databaseUrl: string,
  out: string,
  log: (line: string) => void = () => undefined,
): Promise<BackupResult> {
  const file = resolve(out);
  if (existsSync(file)) throw new DatabaseBackupError(`${out} exists; backups never overwrite a file`);
  if (!existsSync(dirname(file))) throw new DatabaseBackupError(`no such directory: ${dirname(file)}`);
  const server = await serverVersion(databaseUrl);
  const pgDump = await toolFor('pg_dump', server.major);
  log(`Backing up with ${pgDump.path} (${pgDump.version}) from PostgreSQL ${server.version}`);

  const partial = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  // Created first, readable by its owner only: a backup holds every row (hashed secrets included).
  await (await open(partial, 'wx', 0o600)).close();
  try {
    await runTool(
      pgDump,
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`],
      databaseUrl,
    );
    // A file pg_restore cannot list is no backup.
    await runTool(await toolFor('pg_restore', server.major), ['--list', partial], undefined);
    if (existsSync(file)) throw new DatabaseBackupError(`${out} appeared while the backup ran; not replaced`);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return { file, bytes: (await stat(file)).size, serverVersion: server.version, pgDump: pgDump.path };
}

/** Restores a backup into the database, which must be empty. */
export async function restoreDatabase(
  databaseUrl: string,
  file: string,
  log: (line: string) => void = () => undefined,
): Promise<RestoreResult> {
  try {
    return await restore(databaseUrl, file, log);
  } catch (error) {
    throw error instanceof DatabaseBackupError
      ? new DatabaseBackupError(error.message, 'restore_failed')
      : error;
  }
}

async function restore(
  databaseUrl: string,
  file: string,
  log: (line: string) => void,
): Promise<RestoreResult> {
  if (!existsSync(file)) throw new DatabaseBackupError(`no such file: ${file}`);
  const server = await serverVersion(databaseUrl);
  const found = await existingRelations(databaseUrl);
  if (found.count > 0) {
    throw new DatabaseBackupError(
      `database "${server.database}" is not empty (${found.count} tables, views or sequences, e.g. ` +
        `${found.examples.join(', ')}); a backup is restored only into an empty database: create a new ` +
        'one (or start with a new embedded data directory) and point the gateway at it',
    );
  }
  const pgRestore = await toolFor('pg_restore', server.major);
  log(`Restoring ${file} with ${pgRestore.path} (${pgRestore.version}) into PostgreSQL ${server.version}`);
  await runTool(
    pgRestore,
    [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      // pg_restore insists on --dbname; the connection itself comes from the environment.
      `--dbname=dbname='${server.database.replace(/[\\']/g, '\\$&')}'`,
      resolve(file),
    ],
    databaseUrl,
  );
  const restored = await existingRelations(databaseUrl);
  return {
    file: resolve(file),
    database: server.database,
    tables: restored.tables,
    lastMigration: await lastMigration(databaseUrl),
    pgRestore: pgRestore.path,
  };
}

async function toolFor(program: PgClientProgram, serverMajor: number): Promise<PgClientTool> {
  try {
    return chooseTool(program, await findPgClientTools(program), serverMajor);
  } catch (error) {
    throw new DatabaseBackupError(error instanceof Error ? error.message : String(error));
  }
}

function withClient<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  return withSingleClient({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 }, work);
}

async function serverVersion(
  databaseUrl: string,
): Promise<{ major: number; version: string; database: string }> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ num: string; version: string; database: string }>(
      `SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version,
              current_database() AS database`,
    );
    return {
      major: Math.floor(Number(rows[0].num) / 10_000),
      version: rows[0].version,
      database: rows[0].database,
    };
  });
}

/** Relations outside PostgreSQL's own schemas: none in a database fresh from CREATE DATABASE. */
async function existingRelations(
  databaseUrl: string,
): Promise<{ count: number; tables: number; examples: string[] }> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string; kind: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name, c.relkind::text AS kind
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
        ORDER BY c.relkind <> 'r', 1`,
    );
    return {
      count: rows.length,
      tables: rows.filter((row) => row.kind === 'r' || row.kind === 'p').length,
      examples: rows.slice(0, 3).map((row) => row.name),
    };
  });
}

async function lastMigration(databaseUrl: string): Promise<string | null> {
  return withClient(databaseUrl, async (client) => {
    const present = await client.query(
      `SELECT to_regclass('public."_prisma_migrations"') IS NOT NULL AS present`,
    );
    if (!present.rows[0].present) return null;
    const { rows } = await client.query<{ name: string }>(
      `SELECT max(migration_name) AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`,
    );
    return rows[0].name;
  });
}

/**
 * Runs pg_dump or pg_restore against the database. The connection goes through libpq's environment:
 * the password never appears in the process list, and URL parameters libpq does not know (Prisma's
 * `schema=`, say) are left out instead of failing the connection.
 */
async function runTool(tool: PgClientTool, args: string[], databaseUrl: string | undefined): Promise<void> {
  const env = databaseUrl ? libpqEnvironment(databaseUrl) : withoutLibpqVariables(process.env);
  const child = spawn(tool.path, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < 20_000) stderr += chunk;
  });
  const code = await new Promise<number | null>((resolvePromise, reject) => {
    child.once('error', reject);
    child.once('close', resolvePromise);
  });
  if (code !== 0) {
    const program = basename(tool.path);
    throw new DatabaseBackupError(`${program} failed (exit ${code}): ${stderr.trim() || 'no message'}`);
  }
}

const LIBPQ_PARAMETERS: Record<string, string> = {
  host: 'PGHOST',
  port: 'PGPORT',
  sslmode: 'PGSSLMODE',
  sslrootcert: 'PGSSLROOTCERT',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  connect_timeout: 'PGCONNECT_TIMEOUT',
  application_name: 'PGAPPNAME',
};

function withoutLibpqVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('PG')));
}

/** The libpq environment (PGHOST, PGPASSWORD, ...) for a postgres:// URL. */
export function libpqEnvironment(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const result: NodeJS.ProcessEnv = { ...withoutLibpqVariables(env), PGCONNECT_TIMEOUT: '10' };
  if (url.hostname) result.PGHOST = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (url.port) result.PGPORT = url.port;
  if (url.username) result.PGUSER = decodeURIComponent(url.username);
  if (url.password) result.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) result.PGDATABASE = database;
  for (const [parameter, value] of url.searchParams) {
    const variable = LIBPQ_PARAMETERS[parameter];
    if (variable) result[variable] = value;
  }
  return result;
}
