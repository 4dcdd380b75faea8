import type { CommandSpec, OptionSpec } from './cli-command';
import { COMMAND_GROUPS } from './commands';

const WIDTH = 34;

/** `gateway --help`: every command by group, its usage line and what it does. */
export function overview(): string {
  const lines = ['Usage: gateway <command> [options]      (in a checkout: npm run cli -- <command>)', ''];
  for (const group of COMMAND_GROUPS) {
    lines.push(group.title);
    for (const command of group.commands) lines.push(...summaryLines(command));
    lines.push('');
  }
  lines.push(
    'Every command takes --json (machine-readable output) and --help (its options). The database is',
    'DATABASE_URL, or the embedded one (reused while a gateway runs, started for the command otherwise).',
    'Exit codes: 0 done, 1 failed (nothing changed), 2 bad usage, 3 done in part (see the report),',
    '78 bad configuration.',
  );
  return `${lines.join('\n')}\n`;
}

/** The usage line of a command: what a usage error prints beside its message. */
export function usageLine(command: CommandSpec): string {
  return `usage: gateway ${command.name} ${command.usage}`.trimEnd();
}

/** `gateway <command> --help`: usage, summary, every option, details. */
export function commandHelp(command: CommandSpec): string {
  const lines = [`Usage: gateway ${command.name} ${command.usage}`.trimEnd(), '', `  ${command.summary}`];
  if (command.details) lines.push(...command.details.map((line) => `  ${line}`));
  lines.push('', 'Options:');
  const options: Array<[string, OptionSpec]> = [
    ...Object.entries(command.options),
    ['json', { type: 'boolean', help: 'machine-readable output (JSON)' }],
    ['help', { type: 'boolean', help: 'this help' }],
  ];
  for (const [name, spec] of options) {
    const left = `  --${name}${spec.value ? ` ${spec.value}` : ''}${spec.multiple ? ' ...' : ''}`;
    lines.push(
      left.length < WIDTH ? `${left.padEnd(WIDTH)}${spec.help}` : `${left}\n${' '.repeat(WIDTH)}${spec.help}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function summaryLines(command: CommandSpec): string[] {
  return [`  ${command.name.padEnd(22)}${command.summary}`];
}
