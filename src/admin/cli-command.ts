import { INestApplicationContext } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { CliIo } from './cli-output';

/*
 * What every CLI command shares: the argument and context types and the errors that set the exit
 * code. Command modules (commands.ts, audit-console-link.command.ts, the *-args parsers) import
 * these from here, never from commands.ts, so the command table imports them without a cycle.
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
  /** Validates the arguments; throws UsageError or InvalidInputError and touches nothing. */
  parse(args: CliArgs): I;
  run(ctx: RunContext<I>): Promise<void>;
}

export function define<I>(command: Command<I>): Command<unknown> {
  return command as Command<unknown>;
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

export function service<T>(ctx: RunContext<unknown>, type: new (...args: never[]) => T): T {
  return (ctx.context as INestApplicationContext).get(type);
}
