import { Command, Help, Option } from 'commander';

/** An option given once per value (`--role a --role b`): its help shows `...` after the value. */
export class RepeatableOption extends Option {}

/**
 * Commander's help, laid out for the gateway: the overview (`gateway --help`) lists every command
 * by its full name (`client rotate-secret`) under its feature's heading, instead of only the first
 * words (`client`); the columns, their widths and the wrapping are commander's.
 */
export class GatewayHelp extends Help {
  /** True while the overview is drawn: the other uses of visibleCommands (suggestions) see the groups. */
  private listingEveryCommand = false;

  override formatHelp(cmd: Command, helper: Help): string {
    if (cmd.parent || !(helper instanceof GatewayHelp)) return super.formatHelp(cmd, helper);
    helper.listingEveryCommand = true;
    try {
      return super.formatHelp(cmd, helper);
    } finally {
      helper.listingEveryCommand = false;
    }
  }

  override visibleCommands(cmd: Command): Command[] {
    if (!this.listingEveryCommand) return super.visibleCommands(cmd);
    return cmd.commands.flatMap((group) => super.visibleCommands(group));
  }

  /** `client create`: the name a person types, without `gateway`. */
  override subcommandTerm(cmd: Command): string {
    return commandName(cmd);
  }

  override optionTerm(option: Option): string {
    return option instanceof RepeatableOption ? `${option.flags} ...` : option.flags;
  }
}

/** A command's words after `gateway`: `client create`. */
export function commandName(cmd: Command): string {
  const words: string[] = [];
  for (let at: Command | null = cmd; at?.parent; at = at.parent) words.unshift(at.name());
  return words.join(' ');
}
