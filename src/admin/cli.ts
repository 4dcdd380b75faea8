import type { INestApplicationContext } from '@nestjs/common';
import type { Command } from 'commander';
import {
  CliArgs,
  CommandSpec,
  ImportAbortedError,
  PartialSuccessError,
  ReportedFailureError,
  UsageError,
} from './cli-command';
import { commandName } from './cli-help';
import { CliIo, printError } from './cli-output';
import { parseCommandLine, usageLine } from './cli-program';

/*
 * The command line is read (cli-program.ts) with only the command specs loaded, so `gateway --help`,
 * a typo or a wrong flag answer without loading Nest, Prisma or class-validator. The application is
 * loaded when a command runs.
 */

/**
 * Runs one operator command and returns the exit code: 0 done, 1 failed (nothing changed),
 * 2 bad usage, 3 done in part (an import that skipped rows), 78 bad configuration. Never calls
 * process.exit, so tests run it in-process.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  const line = parseCommandLine(argv, io);
  switch (line.kind) {
    case 'shown':
      return 0;
    case 'overview':
      io.stderr.write(line.text);
      return 2;
    case 'usage':
      return usageFailure(io, json, line.message, line.commands);
    case 'run':
      return runCommand(line.spec, line.command, line.args, io, json);
  }
}

async function runCommand(
  spec: CommandSpec,
  command: Command,
  args: CliArgs,
  io: CliIo,
  json: boolean,
): Promise<number> {
  let context: INestApplicationContext | undefined;
  let stopEmbedded: (() => Promise<void>) | undefined;
  try {
    const handler = await spec.handler();
    // Arguments are checked before anything connects, so bad usage never touches the database.
    const run = handler.prepare(args);
    const { loadConfig } = await import('../config/app-config');
    if (handler.needsDatabase === false) {
      await run({ io, json, config: loadConfig(io.env), context: undefined });
      return 0;
    }
    const { resolveDatabase } = await import('../database/database-url');
    const { config, embedded } = await resolveDatabase(loadConfig(io.env), (message) =>
      io.stderr.write(`${message}\n`),
    );
    stopEmbedded = embedded ? () => embedded.stop() : undefined;
    if (handler.needsApp) {
      const [{ NestFactory }, { AdminModule }] = await Promise.all([
        import('@nestjs/core'),
        import('./admin.module'),
      ]);
      const features = handler.modules?.() ?? (await import('./admin-features')).allFeatureModules();
      context = await NestFactory.createApplicationContext(AdminModule.forRoot(config, features), {
        logger: false,
      });
    }
    await run({ io, json, config, context });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) return usageFailure(io, json, error.message, [command]);
    return reportFailure(io, json, error);
  } finally {
    await context?.close();
    await stopEmbedded?.();
  }
}

function usageFailure(io: CliIo, json: boolean, message: string, commands: Command[]): number {
  printError(io, json, 'usage', message);
  if (commands.length > 0) io.stderr.write(`${commands.map(usageLine).join('\n')}\n`);
  if (commands.length === 1)
    io.stderr.write(`(gateway ${commandName(commands[0])} --help explains every option)\n`);
  return 2;
}

async function reportFailure(io: CliIo, json: boolean, thrown: unknown): Promise<number> {
  if (thrown instanceof PartialSuccessError) {
    // The command printed its report; exit 3 says that some of the work was not done.
    io.stderr.write(`warning: ${thrown.message}\n`);
    return 3;
  }
  if (thrown instanceof ImportAbortedError || thrown instanceof ReportedFailureError) {
    // The command printed its report (with --json: one JSON document); only the exit code is left.
    io.stderr.write(`error: ${thrown.message}\n`);
    return 1;
  }
  // Loaded only now: the application's error types (already loaded when a command ran this far).
  const [
    { apiErrorForPrisma },
    { ApiError },
    { ConfigValidationError },
    { MigrationError },
    { InvalidInputError },
    { DatabaseBackupError },
    { isDatabaseUnavailable },
    { databaseFailure },
  ] = await Promise.all([
    import('../common/filters/prisma-errors'),
    import('../common/http/api-error'),
    import('../config/app-config'),
    import('../database/migration-runner'),
    import('../common/validation/validate-input'),
    import('../database/database-backup'),
    import('../common/filters/database-errors'),
    import('../database/database-failure'),
  ]);
  // Prisma's known errors read as the API answers them (one mapping, shared with the HTTP filter).
  const error = apiErrorForPrisma(thrown) ?? thrown;
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
  if (error instanceof DatabaseBackupError) {
    printError(io, json, error.code, error.message);
    return 1;
  }
  if (error instanceof MigrationError) {
    printError(io, json, 'migration_failed', error.message);
    return 1;
  }
  // No database to begin with (refused, unknown host, wrong password, the embedded one not started):
  // the cause and the fix.
  const database = databaseFailure(error);
  if (database) {
    printError(io, json, 'database_unavailable', database);
    return 1;
  }
  if (isDatabaseUnavailable(error)) {
    // A connection refused or ended mid-command (a restart, a failover, an administrator): say so.
    const detail = error instanceof Error ? error.message : String(error);
    printError(
      io,
      json,
      'service_unavailable',
      `the database refused or ended the connection (${detail}); what was committed before stays, run the command again`,
    );
    return 1;
  }
  // Some libraries reject with nothing.
  const message =
    error instanceof Error ? error.message : error === undefined ? 'failed without a reason' : String(error);
  printError(io, json, 'server_error', message);
  return 1;
}
