import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';
import type { AuditActor } from '../audit/audit-event';
import { cliActorLabel } from '../audit/audit-actor';
import type { AppConfig } from '../config/app-config';
import type { CliIo } from './cli-output';

/*
 * What every CLI command shares. A command is two parts:
 * - its SPEC (name, summary, usage, options): light, in commands/<feature>.commands.ts; commander
 *   reads the command line with it (cli-program.ts) for `--help`, usage errors and suggestions
 *   without loading the application;
 * - its HANDLER (parse the arguments, run): in commands/<feature>.handlers.ts, loaded only when the
 *   command runs, because it pulls in Nest, Prisma and the services (about a second of start-up).
 * This file is light too: it must not import a service, a DTO or class-validator.
 */

/** Bad usage: the message is printed with the command's usage, exit 2, nothing changed. */
export class UsageError extends Error {}

/** A --strict import that found problems: nothing was written (exit 1). */
export class ImportAbortedError extends Error {}

/** The command printed its result, which is a failure (e.g. a broken audit chain): exit 1. */
export class ReportedFailureError extends Error {}

/** The command did its work only in part and printed what it skipped (an import with bad rows): exit 3. */
export class PartialSuccessError extends Error {}

export interface CliArgs {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** Repeatable (`--role a --role b`). */
  multiple?: boolean;
  /** What the value is, as the help shows it: `<slug>` (`jsonl|csv` is shown as `<jsonl|csv>`). */
  value?: string;
  /** One line for `gateway <command> --help`. */
  help: string;
}

export interface CommandSpec {
  /** `<group> <action>`, e.g. `client create`. */
  name: string;
  /** One line for the overview. */
  summary: string;
  /** The arguments after the name, as the usage line shows them. */
  usage: string;
  options: Record<string, OptionSpec>;
  /** More paragraphs for `gateway <command> --help` (wrapped to the terminal's width). */
  details?: string[];
  /** Loads the handler (and with it the application code) when the command runs. */
  handler(): Promise<CommandHandler>;
}

/** A titled set of commands: one per feature, shown together in the overview. */
export interface CommandGroup {
  title: string;
  commands: CommandSpec[];
}

export interface RunContext<I> {
  io: CliIo;
  json: boolean;
  config: AppConfig;
  context: INestApplicationContext | undefined;
  input: I;
}

/** The feature modules a command's services come from (with their own imports). */
export type FeatureModules = () => Array<Type | DynamicModule>;

export interface Handler<I> {
  /** Whether the command needs the Nest services (the db commands work on a bare connection). */
  needsApp: boolean;
  /**
   * Only these feature modules (and config, clock, database) are started for the command: loading
   * and wiring every feature costs a command time it does not need. Default: every feature.
   */
  modules?: FeatureModules;
  /** False for commands that never touch the database (default true). */
  needsDatabase?: boolean;
  /** Validates the arguments into the command's typed input; throws UsageError and touches nothing. */
  parse(args: CliArgs): I;
  run(ctx: RunContext<I>): Promise<void>;
}

/**
 * A handler with its input type hidden: `prepare` parses the arguments (before anything connects)
 * and returns the run bound to that input, so the dispatcher needs no casts.
 */
export interface CommandHandler {
  needsApp: boolean;
  modules?: FeatureModules;
  needsDatabase?: boolean;
  prepare(args: CliArgs): (ctx: Omit<RunContext<never>, 'input'>) => Promise<void>;
}

export function handler<I>(definition: Handler<I>): CommandHandler {
  return {
    needsApp: definition.needsApp,
    modules: definition.modules,
    needsDatabase: definition.needsDatabase,
    prepare(args) {
      const input = definition.parse(args);
      return (ctx) => definition.run({ ...ctx, input });
    },
  };
}

/** Option specs, short to write: `{ org: string('<slug>', 'the organization') }`. */
export const option = {
  string: (value: string, help: string): OptionSpec => ({ type: 'string', value, help }),
  list: (value: string, help: string): OptionSpec => ({ type: 'string', value, help, multiple: true }),
  flag: (help: string): OptionSpec => ({ type: 'boolean', help }),
};

/** The common options: the organization and a user's e-mail. */
export const ORG_OPTION = option.string('<slug>', "the organization's slug (its short name, e.g. acme)");
export const EMAIL_OPTION = option.string('<email>', "the user's e-mail address");

/** Exactly `count` arguments after the command name, named as in the usage. */
export function onlyPositionals(args: CliArgs, names: string[]): string[] {
  const rest = args.positionals.slice(2);
  if (rest.length === names.length) return rest;
  const wanted = names.length === 0 ? 'no arguments' : `${names.join(' ')}`;
  const got = rest.length === 0 ? 'none' : rest.map((r) => JSON.stringify(r)).join(' ');
  throw new UsageError(`expected ${wanted}, got ${got}`);
}

/** A single-valued option (`--org x`), or undefined when not given. */
export function stringOption(args: CliArgs, name: string): string | undefined {
  const value = args.values[name];
  if (value === undefined || typeof value === 'string') return value;
  throw new UsageError(`--${name} takes one value`);
}

/** A single-valued option that must be given. */
export function requiredOption(args: CliArgs, name: string): string {
  const value = stringOption(args, name);
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

/** A repeatable option (`--role a --role b`): its values, or undefined when not given. */
export function listOption(args: CliArgs, name: string): string[] | undefined {
  const value = args.values[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return [value];
  throw new UsageError(`--${name} takes a value`);
}

/** A boolean flag (`--strict`). */
export function flagOption(args: CliArgs, name: string): boolean {
  return args.values[name] === true;
}

/** A Nest provider, for commands that declare `needsApp`. */
export function service<T>(ctx: RunContext<unknown>, type: new (...args: never[]) => T): T {
  if (!ctx.context) throw new Error('this command runs without the application services');
  return ctx.context.get(type);
}

/** Who made a change from the command line: `cli:<OS user>@<host>`, as the audit trail names them. */
export function cliAuthor(env: NodeJS.ProcessEnv): string {
  return cliActorLabel(env);
}

/** The audit trail's actor for an operator command. */
export function cliActor(ctx: RunContext<unknown>): AuditActor {
  return { label: cliAuthor(ctx.io.env) };
}
