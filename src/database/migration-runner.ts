import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Client } from 'pg';
import { withSingleClient } from './single-client';

/** Prisma Migrate's own advisory lock key, so we and `prisma migrate deploy` exclude each other. */
export const MIGRATION_LOCK_KEY = 72707369;

const MIGRATION_CONNECT_TIMEOUT_MS = 10_000;

export const DEFAULT_MIGRATIONS_DIR = resolve(__dirname, '../../prisma/migrations');

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export type MigrationState = 'applied' | 'pending' | 'failed' | 'modified';

export interface MigrationStatus {
  name: string;
  state: MigrationState;
  finishedAt: Date | null;
}

interface MigrationRow {
  id: string;
  checksum: string;
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
}

const CREATE_HISTORY_TABLE = `
  CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"            VARCHAR(64) NOT NULL,
    "finished_at"         TIMESTAMPTZ,
    "migration_name"      VARCHAR(255) NOT NULL,
    "logs"                TEXT,
    "rolled_back_at"      TIMESTAMPTZ,
    "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`;

/** Reads `<dir>/<name>/migration.sql` in name order, as Prisma does. */
export async function readMigrations(dir: string = DEFAULT_MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/**
 * Applies the committed SQL migrations without Prisma's schema engine, keeping `_prisma_migrations`
 * exactly as Prisma Migrate keeps it, so `prisma migrate status` on a connected machine agrees.
 * Runs under Prisma's advisory lock: concurrent starters (replicas) apply each migration once.
 * Returns the names it applied.
 */
export async function runMigrations(
  databaseUrl: string,
  dir: string = DEFAULT_MIGRATIONS_DIR,
  log: (message: string) => void = () => undefined,
): Promise<string[]> {
  const migrations = await readMigrations(dir);
  return withLockedClient(databaseUrl, async (client) => {
    await client.query(CREATE_HISTORY_TABLE);
    const rows = await historyRows(client);
    const applied: string[] = [];
    for (const migration of migrations) {
      const row = latestRow(rows, migration.name);
      if (row?.finished_at) {
        if (row.checksum !== migration.checksum) {
          throw new MigrationError(
            `Migration ${migration.name} was modified after it was applied (checksum differs). ` +
              'Applied migrations must never change: restore the file and add a new migration instead.',
          );
        }
        continue;
      }
      if (row && !row.rolled_back_at) {
        throw new MigrationError(
          `Migration ${migration.name} failed earlier and blocks the others:\n${row.logs ?? ''}\n` +
            'Repair the database, then mark it with `prisma migrate resolve --rolled-back` or --applied.',
        );
      }
      log(`Applying migration ${migration.name}`);
      await applyOne(client, migration);
      applied.push(migration.name);
    }
    return applied;
  });
}

/** The state of every migration, on disk and in the database. */
export async function migrationStatus(
  databaseUrl: string,
  dir: string = DEFAULT_MIGRATIONS_DIR,
): Promise<MigrationStatus[]> {
  const migrations = await readMigrations(dir);
  return withSingleClient({ connectionString: databaseUrl }, async (client) => {
    const exists = await client.query(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`);
    const rows: MigrationRow[] = exists.rows[0].present ? await historyRows(client) : [];
    return migrations.map((migration) => {
      const row = latestRow(rows, migration.name);
      let state: MigrationState = 'pending';
      if (row?.finished_at) state = row.checksum === migration.checksum ? 'applied' : 'modified';
      else if (row && !row.rolled_back_at) state = 'failed';
      return { name: migration.name, state, finishedAt: row?.finished_at ?? null };
    });
  });
}

async function applyOne(client: Client, migration: MigrationFile): Promise<void> {
  const id = randomUUID();
  // The history row is written before the script, outside its transaction, so a failure stays on record.
  await client.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
     VALUES ($1, $2, $3, now(), 0)`,
    [id, migration.checksum, migration.name],
  );
  try {
    await client.query('BEGIN');
    // Sent whole, as one simple-protocol query: scripts may hold several statements and $$ bodies.
    await client.query(migration.sql);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    await client.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, message]);
    throw new MigrationError(`Migration ${migration.name} failed: ${message}`);
  }
  await client.query(
    `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1, logs = NULL WHERE id = $1`,
    [id],
  );
}

async function historyRows(client: Client): Promise<MigrationRow[]> {
  const result = await client.query<MigrationRow>(
    `SELECT id, checksum, migration_name, finished_at, rolled_back_at, logs
       FROM "_prisma_migrations" ORDER BY started_at`,
  );
  return result.rows;
}

/** Prisma may record a migration more than once (a rolled-back attempt, then a success). */
function latestRow(rows: MigrationRow[], name: string): MigrationRow | undefined {
  const forName = rows.filter((row) => row.migration_name === name);
  return forName.find((row) => row.finished_at) ?? forName.at(-1);
}

async function withLockedClient<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const config = {
    connectionString: databaseUrl,
    application_name: 'marketplace-gateway-migrate',
    // An unreachable server fails the start (the orchestrator restarts it) instead of hanging it. No
    // bound on the lock itself: another replica may be applying a long migration, and waiting is right.
    connectionTimeoutMillis: MIGRATION_CONNECT_TIMEOUT_MS,
  };
  return withSingleClient(config, async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  });
}
