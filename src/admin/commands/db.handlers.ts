import { AppConfig } from '../../config/app-config';
import { migrationStatus, runMigrations } from '../../database/migration-runner';
import { handler, onlyPositionals } from '../cli-command';
import { printResult } from '../cli-output';

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
    printResult(ctx.io, ctx.json, status, status.map((m) => `${m.state.padEnd(8)} ${m.name}`).join('\n'));
  },
});

/** The CLI resolves the database (DATABASE_URL or the embedded one) before a command runs. */
export function databaseUrl(config: AppConfig): string {
  const url = config.database.url;
  if (!url) throw new Error('no database: set DATABASE_URL');
  return url;
}
