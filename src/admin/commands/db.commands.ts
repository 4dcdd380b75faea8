import { migrationStatus, runMigrations } from '../../database/migration-runner';
import { AppConfig } from '../../config/app-config';
import { allowOnly, CliCommand, define, onlyPositionals } from '../cli-command';
import { printResult } from '../cli-output';

/** Migrations, on a bare connection (no Nest services): the database's operator commands. */
export const DB_COMMANDS: Record<string, CliCommand> = {
  'db migrate': define<void>({
    needsApp: false,
    parse(args) {
      onlyPositionals(args, 0, 'db migrate');
      allowOnly(args, [], 'db migrate');
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
  }),
  'db status': define<void>({
    needsApp: false,
    parse(args) {
      onlyPositionals(args, 0, 'db status');
      allowOnly(args, [], 'db status');
    },
    async run(ctx) {
      const status = await migrationStatus(databaseUrl(ctx.config));
      printResult(ctx.io, ctx.json, status, status.map((m) => `${m.state.padEnd(8)} ${m.name}`).join('\n'));
    },
  }),
};

/** The CLI resolves the database (DATABASE_URL or the embedded one) before a command runs. */
function databaseUrl(config: AppConfig): string {
  const url = config.database.url;
  if (!url) throw new Error('no database: set DATABASE_URL');
  return url;
}
