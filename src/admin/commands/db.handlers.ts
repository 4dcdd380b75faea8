import { AppConfig } from '../../config/app-config';
import { backupDatabase, restoreDatabase } from '../../database/database-backup';
import { migrationStatus, runMigrations } from '../../database/migration-runner';
import { handler, onlyPositionals, requiredOption } from '../cli-command';
import { printResult, table } from '../cli-output';

export const dbMigrate = handler<void>({
  needsApp: false,
  parse(args) {
    onlyPositionals(args, []);
  },
  async run(ctx) {
    const applied = await runMigrations(databaseUrl(ctx.config), undefined, (line) =>
      ctx.io.stderr.write(`${line}\n`),
    );
    printResult(
      ctx.io,
      ctx.json,
      { applied },
      applied.length ? `Applied ${applied.join(', ')}` : 'Up to date',
    );
  },
});

export const dbStatus = handler<void>({
  needsApp: false,
  parse(args) {
    onlyPositionals(args, []);
  },
  async run(ctx) {
    const status = await migrationStatus(databaseUrl(ctx.config));
    printResult(
      ctx.io,
      ctx.json,
      status,
      table(
        ['state', 'migration'],
        status.map((m) => [m.state, m.name]),
        'No migrations',
      ),
    );
  },
});

export const dbBackup = handler<{ out: string }>({
  needsApp: false,
  parse(args) {
    onlyPositionals(args, []);
    return { out: requiredOption(args, 'out') };
  },
  async run(ctx) {
    const started = Date.now();
    const result = await backupDatabase(databaseUrl(ctx.config), ctx.input.out, (line) =>
      ctx.io.stderr.write(`${line}\n`),
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    printResult(
      ctx.io,
      ctx.json,
      result,
      `Backed up PostgreSQL ${result.serverVersion} to ${result.file} (${formatBytes(result.bytes)}, ${seconds} s)`,
    );
  },
});

export const dbRestore = handler<{ file: string }>({
  needsApp: false,
  parse(args) {
    const [file] = onlyPositionals(args, ['<file>']);
    return { file };
  },
  async run(ctx) {
    const result = await restoreDatabase(databaseUrl(ctx.config), ctx.input.file, (line) =>
      ctx.io.stderr.write(`${line}\n`),
    );
    printResult(
      ctx.io,
      ctx.json,
      result,
      `Restored ${result.tables} table(s) into "${result.database}"` +
        (result.lastMigration ? `; its newest migration is ${result.lastMigration}` : '') +
        '. Start the gateway: it applies any newer migrations.',
    );
  },
});

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The CLI resolves the database (DATABASE_URL or the embedded one) before a command runs. */
export function databaseUrl(config: AppConfig): string {
  const url = config.database.url;
  if (!url) throw new Error('no database: set DATABASE_URL');
  return url;
}
