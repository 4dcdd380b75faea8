import type { CommandGroup, CommandSpec } from './cli-command';
import { AUDIT_COMMANDS } from './commands/audit.commands';
import { CATALOG_COMMANDS } from './commands/catalog.commands';
import { DB_COMMANDS } from './commands/db.commands';
import { GUIDANCE_COMMANDS } from './commands/guidance.commands';
import { OAUTH_COMMANDS } from './commands/oauth.commands';
import { SUPPLIER_COMMANDS } from './commands/supplier.commands';
import { ORDERS_COMMANDS } from './commands/orders.commands';

/**
 * Every operator command, by feature, in the order `gateway --help` shows them. Only the specs are
 * loaded here (light); a command's handler is loaded when it runs.
 */
export const COMMAND_GROUPS: CommandGroup[] = [
  OAUTH_COMMANDS,
  SUPPLIER_COMMANDS,
  CATALOG_COMMANDS,
  GUIDANCE_COMMANDS,
  ORDERS_COMMANDS,
  AUDIT_COMMANDS,
  DB_COMMANDS,
];

export const COMMANDS: ReadonlyMap<string, CommandSpec> = new Map(
  COMMAND_GROUPS.flatMap((group) => group.commands.map((command) => [command.name, command] as const)),
);
