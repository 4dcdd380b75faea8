import { CliCommand } from './cli-command';
import { AUDIT_COMMANDS } from './commands/audit.commands';
import { CATALOG_COMMANDS } from './commands/catalog.commands';
import { DB_COMMANDS } from './commands/db.commands';
import { GUIDANCE_COMMANDS } from './commands/guidance.commands';
import { OAUTH_COMMANDS } from './commands/oauth.commands';

/** Every operator command by its name (`<group> <action>`); each feature's are in commands/. */
export const COMMANDS: Record<string, CliCommand> = {
  ...OAUTH_COMMANDS,
  ...CATALOG_COMMANDS,
  ...GUIDANCE_COMMANDS,
  ...AUDIT_COMMANDS,
  ...DB_COMMANDS,
};
