import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError, Help, Option } from 'commander';
import type { CliArgs, CommandSpec, OptionSpec } from './cli-command';
import { commandName, GatewayHelp, RepeatableOption } from './cli-help';
import type { CliIo } from './cli-output';
import { COMMAND_GROUPS } from './commands';

/*
 * The command line, read by commander from the command specs (commands.ts): parsing, help,
 * unknown commands and options and their suggestions are commander's; this file only says them in
 * the gateway's words (`unknown option \`--orgg\` for \`client create\`; did you mean \`--org\`?`),
 * because scripts and the docs quote them. Only the specs are loaded here: `gateway --help` and a
 * typo answer without loading Nest, Prisma or class-validator.
 */

/** What the command line asks for. */
export type CommandLine =
  /** A command to run, with its arguments (not yet checked by its handler). */
  | { kind: 'run'; spec: CommandSpec; command: Command; args: CliArgs }
  /** Help or the version was printed: nothing more to do. */
  | { kind: 'shown' }
  /** `gateway` alone: the overview, for stderr. */
  | { kind: 'overview'; text: string }
  /** Bad usage: the message, and the commands whose usage lines help. */
  | { kind: 'usage'; message: string; commands: Command[] };

const OVERVIEW_FOOTER = `
Every command takes --json (machine-readable output) and --help (its options).
The database is DATABASE_URL, or the embedded one (reused while a gateway runs,
started for the command otherwise).
Exit codes: 0 done, 1 failed (nothing changed), 2 bad usage, 3 done in part
(see the report), 78 bad configuration.`;

/** Reads `argv` (the words after `gateway`). Never exits and prints only help and the version. */
export function parseCommandLine(argv: string[], io: CliIo): CommandLine {
  let chosen: CommandLine = { kind: 'shown' };
  const program = buildProgram(io, (spec, command) => {
    chosen = { kind: 'run', spec, command, args: argsOf(command) };
  });
  try {
    // `gateway help user enable` is `gateway user enable --help`.
    program.parse(argv[0] === 'help' ? [...argv.slice(1), '--help'] : argv, { from: 'user' });
  } catch (error) {
    if (error instanceof Stop) return error.line;
    throw error;
  }
  return chosen;
}

/** The usage line of a command, as a usage error prints it. */
export function usageLine(command: Command): string {
  return `usage: ${new GatewayHelp().commandUsage(command)}`.trimEnd();
}

/** Ends parsing with what the command line asked for (commander would call process.exit). */
class Stop extends Error {
  constructor(readonly line: CommandLine) {
    super('command line read');
  }
}

class GatewayCommand extends Command {
  override createCommand(name?: string): Command {
    return new GatewayCommand(name);
  }

  override createHelp(): Help {
    return Object.assign(new GatewayHelp(), this.configureHelp());
  }
}

function buildProgram(io: CliIo, onCommand: (spec: CommandSpec, command: Command) => void): Command {
  // Commander writes to stderr only the help it shows after an error: kept for `gateway` alone.
  let errorHelp = '';
  const program = new GatewayCommand('gateway')
    .usage('<command> [options]   (in a checkout: npm run cli -- <command>)')
    .version(`gateway ${version()}`, '-v, --version', "prints the gateway's version")
    .helpOption('-h, --help', 'this help')
    .helpCommand(false)
    // Options before the command are the program's (`gateway -v`); after it, the command's.
    .enablePositionalOptions()
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void (errorHelp += text),
      outputError: () => undefined,
      getOutHelpWidth: () => helpWidth(io.stdout),
      getErrHelpWidth: () => helpWidth(io.stderr),
    })
    .addHelpText('after', OVERVIEW_FOOTER);

  for (const group of COMMAND_GROUPS) {
    const heading = `${group.title}:`;
    for (const spec of group.commands) {
      const [groupName, action] = spec.name.split(' ');
      const parent =
        program.commands.find((command) => command.name() === groupName) ??
        program.command(groupName).usage('<command> [options]').helpCommand(false).helpGroup(heading);
      const command = parent
        .command(action)
        .summary(spec.summary)
        .description([spec.summary, ...(spec.details ? ['', ...spec.details] : [])].join('\n'))
        .usage(spec.usage)
        .helpGroup(heading)
        // Arguments are the handler's to check, in its words (`expected <clientId>, got none`).
        .allowExcessArguments()
        .action((_options, self: Command) => onCommand(spec, self));
      for (const [name, option] of Object.entries(spec.options))
        command.addOption(toOption(command, name, option));
      command.addOption(new Option('--json', 'machine-readable output (JSON)'));
    }
  }
  for (const command of everyCommand(program)) {
    command.exitOverride((error) => {
      if (error.code === 'commander.help' && !command.parent)
        throw new Stop({ kind: 'overview', text: errorHelp });
      throw new Stop(inOurWords(error, command));
    });
  }
  return program;
}

/** An option spec as commander's option; a value is taken once unless the option repeats. */
function toOption(command: Command, name: string, spec: OptionSpec): Option {
  const flag = `--${name}`;
  if (spec.type === 'boolean') return new Option(flag, spec.help);
  const value = spec.value?.startsWith('<') ? spec.value : `<${spec.value ?? 'value'}>`;
  // `--org --json`: the next option is no value (commander would take it as one).
  const checked = (given: string): string => {
    if (given.startsWith('--')) throw new Stop(usage(`\`${flag}\` needs a value: ${flag} ${value}`, command));
    return given;
  };
  if (spec.multiple) {
    return new RepeatableOption(`${flag} ${value}`, spec.help).argParser(
      (given: string, previous: string[] | undefined) => [...(previous ?? []), checked(given)],
    );
  }
  return new Option(`${flag} ${value}`, spec.help).argParser((given: string, previous: unknown) => {
    if (previous !== undefined)
      throw new Stop(usage(`\`${flag}\` is given twice; it takes one value`, command));
    return checked(given);
  });
}

/** The arguments as handlers read them: the command's words and positionals, options by flag name. */
function argsOf(command: Command): CliArgs {
  const values: CliArgs['values'] = {};
  for (const option of command.options) {
    values[option.name()] = command.getOptionValue(option.attributeName()) as CliArgs['values'][string];
  }
  return { positionals: [...commandName(command).split(' '), ...command.args], values };
}

/** Commander's refusals in the gateway's words. */
function inOurWords(error: CommanderError, command: Command): CommandLine {
  const subject = quotedIn(error.message);
  switch (error.code) {
    case 'commander.helpDisplayed':
    case 'commander.version':
      return { kind: 'shown' };
    case 'commander.help':
      return needsSubcommand(command);
    case 'commander.unknownCommand':
      if (subject !== undefined) return unknownCommand(command, subject, suggestionIn(error.message));
      break;
    case 'commander.unknownOption':
      if (subject !== undefined) return unknownOption(command, subject, suggestionIn(error.message));
      break;
    case 'commander.optionMissingArgument':
      // `option '--org <slug>' argument missing`
      if (subject !== undefined)
        return usage(`\`${subject.split(' ')[0]}\` needs a value: ${subject}`, command);
      break;
  }
  return usage(error.message.replace(/^error: /, ''), command);
}

function unknownCommand(command: Command, typed: string, guess: string | undefined): CommandLine {
  if (command.parent) {
    // `client creat`: the group is right, its action is not.
    const group = command.name();
    const guessed = guess && command.commands.find((c) => c.name() === guess);
    return guessed
      ? usage(`unknown command \`${group} ${typed}\`; did you mean \`${group} ${guess}\`?`, guessed)
      : usage(`unknown command \`${group} ${typed}\``, ...command.commands);
  }
  const group = guess && command.commands.find((c) => c.name() === guess);
  if (!group) return usage(`unknown command \`${typed}\`; \`gateway --help\` lists the commands`);
  // `clinet list`: the group was mistyped; with its action it names one command.
  const action = command.args[1]?.startsWith('-') ? undefined : command.args[1];
  const words = action === undefined ? typed : `${typed} ${action}`;
  const exact = action === undefined ? undefined : group.commands.find((c) => c.name() === action);
  return exact
    ? usage(`unknown command \`${words}\`; did you mean \`${guess} ${action}\`?`, exact)
    : usage(`unknown command \`${words}\`; did you mean \`${guess}\`?`, ...group.commands);
}

function unknownOption(command: Command, flag: string, guess: string | undefined): CommandLine {
  if (!command.parent) {
    return usage(`unknown option \`${flag}\`; commands come first: gateway <command> [options]`);
  }
  if (command.commands.length > 0) return needsSubcommand(command);
  // `--strict=yes`: commander reads a flag with a value as an unknown option.
  const [named] = flag.split('=');
  if (named !== flag && command.options.some((option) => option.long === named))
    return usage(`\`${named}\` takes no value`, command);
  const suggestion = guess ? `; did you mean \`${guess}\`?` : '';
  return usage(`unknown option \`${flag}\` for \`${commandName(command)}\`${suggestion}`, command);
}

function needsSubcommand(group: Command): CommandLine {
  const actions = group.commands.map((c) => c.name()).join(', ');
  return usage(`\`${group.name()}\` needs a subcommand: ${actions}`, ...group.commands);
}

function usage(message: string, ...commands: Command[]): CommandLine {
  return { kind: 'usage', message, commands };
}

/** The first quoted part of commander's message: the option or command it is about. */
function quotedIn(message: string): string | undefined {
  return /'([^']+)'/.exec(message)?.[1];
}

/** Commander's suggestion: `(Did you mean --org?)`, or the first of `(Did you mean one of a, b?)`. */
function suggestionIn(message: string): string | undefined {
  return /\(Did you mean (?:one of )?([^,?\s]+)/.exec(message)?.[1];
}

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)];
}

/** A terminal's width; 80 columns in a pipe or a file. */
function helpWidth(stream: { columns?: number }): number {
  return stream.columns || 80;
}

/** The gateway's version (package.json, the same two levels up from src/admin and dist/admin). */
function version(): string {
  const { version } = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
    version: string;
  };
  return version;
}
