import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { ConfigValidationError, loadConfig } from '../config/app-config';
import { apiErrorForPrisma } from '../common/filters/prisma-errors';
import { ApiError } from '../common/http/api-error';
import { InvalidInputError } from '../common/validation/validate-input';
import { resolveDatabase } from '../database/database-url';
import { MigrationError } from '../database/migration-runner';
import { AdminModule } from './admin.module';
import { CliIo, printError } from './cli-output';
import { CLI_USAGE } from './cli-usage';
import { CliArgs, ImportAbortedError, ReportedFailureError, UsageError } from './cli-command';
import { COMMANDS } from './commands';

const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  org: { type: 'string' },
  name: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string', multiple: true },
  'callback-origin': { type: 'string', multiple: true },
  products: { type: 'string' },
  seed: { type: 'string' },
  strict: { type: 'boolean' },
  format: { type: 'string' },
  effect: { type: 'string' },
  matcher: { type: 'string' },
  value: { type: 'string' },
  currency: { type: 'string' },
  note: { type: 'string' },
  all: { type: 'boolean' },
  checkpoint: { type: 'string', multiple: true },
  from: { type: 'string' },
  to: { type: 'string' },
  out: { type: 'string' },
} as const;

/**
 * Runs one operator command and returns the exit code: 0 done, 1 failed (nothing changed),
 * 2 bad usage, 78 bad configuration. Never calls process.exit, so tests run it in-process.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let args: CliArgs;
  try {
    const parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    args = { positionals: parsed.positionals, values: parsed.values };
  } catch (error) {
    io.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n\n${CLI_USAGE}`);
    return 2;
  }
  const json = args.values.json === true;
  const [group, action] = args.positionals;
  if (args.values.help || !group || group === 'help') {
    io.stdout.write(CLI_USAGE);
    return args.values.help || group === 'help' ? 0 : 2;
  }
  const command = COMMANDS[`${group} ${action ?? ''}`.trim()];
  if (!command) {
    printError(io, json, 'usage', `unknown command "${args.positionals.slice(0, 2).join(' ')}"`);
    io.stderr.write(`\n${CLI_USAGE}`);
    return 2;
  }

  let context: INestApplicationContext | undefined;
  let stopEmbedded: (() => Promise<void>) | undefined;
  try {
    // Arguments are checked before anything connects, so bad usage never touches the database.
    const run = command.prepare(args);
    if (command.needsDatabase === false) {
      await run({ io, json, config: loadConfig(io.env), context: undefined });
      return 0;
    }
    const { config, embedded } = await resolveDatabase(loadConfig(io.env), (message) =>
      io.stderr.write(`${message}\n`),
    );
    stopEmbedded = embedded ? () => embedded.stop() : undefined;
    if (command.needsApp) {
      context = await NestFactory.createApplicationContext(AdminModule.forRoot(config), { logger: false });
    }
    await run({ io, json, config, context });
    return 0;
  } catch (error) {
    return reportFailure(io, json, error);
  } finally {
    await context?.close();
    await stopEmbedded?.();
  }
}

function reportFailure(io: CliIo, json: boolean, thrown: unknown): number {
  // Prisma's known errors read as the API answers them (one mapping, shared with the HTTP filter).
  const error = apiErrorForPrisma(thrown) ?? thrown;
  if (error instanceof UsageError) {
    printError(io, json, 'usage', error.message);
    return 2;
  }
  if (error instanceof InvalidInputError) {
    printError(io, json, 'invalid_request', error.message);
    return 2;
  }
  if (error instanceof ConfigValidationError) {
    printError(io, json, 'invalid_configuration', error.message);
    return 78;
  }
  if (error instanceof ApiError) {
    printError(io, json, error.code, error.description);
    return 1;
  }
  if (error instanceof ImportAbortedError || error instanceof ReportedFailureError) {
    // The command printed its report (with --json: one JSON document saying aborted); only the exit code is left.
    io.stderr.write(`error: ${error.message}\n`);
    return 1;
  }
  if (error instanceof MigrationError) {
    printError(io, json, 'migration_failed', error.message);
    return 1;
  }
  printError(io, json, 'server_error', error instanceof Error ? error.message : String(error));
  return 1;
}
