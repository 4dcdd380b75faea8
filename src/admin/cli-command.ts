import { INestApplicationContext } from '@nestjs/common';
import { AuditActor } from '../audit/audit-event';
import { cliActorLabel } from '../audit/audit-actor';
import { AppConfig } from '../config/app-config';
import { CliIo } from './cli-output';

/*
 * What every CLI command shares: the argument and context types, typed option readers and the
 * errors that set the exit code. The per-feature command files (commands/*.commands.ts) import
 * these from here and the table (commands.ts) imports them, never the other way round.
 */
export class UsageError extends Error {}

/** A --strict import that found problems: nothing was written (exit 1). */
export class ImportAbortedError extends Error {}

/** The command printed its result, which is a failure (e.g. a broken audit chain): exit 1. */
export class ReportedFailureError extends Error {}

export interface CliArgs {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
}

export interface RunContext<I> {
  io: CliIo;
  json: boolean;
  config: AppConfig;
  context: INestApplicationContext | undefined;
  input: I;
}

export interface Command<I> {
  /** Whether the command needs the Nest services (the db commands work on a bare connection). */
  needsApp: boolean;
  /** False for commands that never touch the database (default true). */
  needsDatabase?: boolean;
  /** Validates the arguments into the command's typed input; throws UsageError or InvalidInputError and touches nothing. */
  parse(args: CliArgs): I;
  run(ctx: RunContext<I>): Promise<void>;
}

/**
 * A command in the table, its input type hidden: `prepare` parses the arguments (before anything
 * connects) and returns the run bound to that input, so the table needs no casts.
 */
export interface CliCommand {
  needsApp: boolean;
  needsDatabase?: boolean;
  prepare(args: CliArgs): (ctx: Omit<RunContext<never>, 'input'>) => Promise<void>;
}

export function define<I>(command: Command<I>): CliCommand {
  return {
    needsApp: command.needsApp,
    needsDatabase: command.needsDatabase,
    prepare(args) {
      const input = command.parse(args);
      return (ctx) => command.run({ ...ctx, input });
    },
  };
}

export function onlyPositionals(args: CliArgs, count: number, usage: string): string[] {
  const rest = args.positionals.slice(2);
  if (rest.length !== count) throw new UsageError(`usage: gateway ${usage}`);
  return rest;
}

export function allowOnly(args: CliArgs, allowed: string[], usage: string): void {
  const extra = Object.keys(args.values).filter((key) => key !== 'json' && !allowed.includes(key));
  if (extra.length > 0) throw new UsageError(`--${extra[0]} does not apply here; usage: gateway ${usage}`);
}

/** A single-valued option (`--org x`), or undefined when not given. */
export function stringOption(args: CliArgs, name: string): string | undefined {
  const value = args.values[name];
  if (value === undefined || typeof value === 'string') return value;
  throw new UsageError(`--${name} takes one value`);
}

/** A single-valued option that must be given. */
export function requiredOption(args: CliArgs, name: string, usage: string): string {
  const value = stringOption(args, name);
  if (!value) throw new UsageError(`--${name} is required; usage: gateway ${usage}`);
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
