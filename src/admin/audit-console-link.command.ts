import { ConsoleSignInService } from '../audit/console/console-sign-in.service';
import { validateInput } from '../common/validation/validate-input';
import { UserRefDto } from '../oauth/dto/user-ref.dto';
import { printResult } from './cli-output';
import type { CliArgs, Command } from './cli-command';
import { UsageError } from './cli-command';
import { cliAuthor } from './guidance-args';

const USAGE = 'audit console-link --org <slug> --email <email>';

/**
 * `gateway audit console-link --org <slug> --email <email>`: a one-time sign-in link to the
 * compliance console for an auditor, for operators (the auditor's own path is
 * POST /api/v1/audit/console-links). The link is printed once; only its SHA-256 is stored.
 */
export const auditConsoleLinkCommand: Command<UserRefDto> = {
  needsApp: true,
  parse(args: CliArgs) {
    if (args.positionals.length !== 2) throw new UsageError(`usage: gateway ${USAGE}`);
    const extra = Object.keys(args.values).filter((key) => !['json', 'org', 'email'].includes(key));
    if (extra.length > 0) throw new UsageError(`--${extra[0]} does not apply here; usage: gateway ${USAGE}`);
    return validateInput(UserRefDto, { org: args.values.org, email: args.values.email });
  },
  async run(ctx) {
    const link = await ctx
      .context!.get(ConsoleSignInService)
      .createLinkFor(ctx.input.org, ctx.input.email, cliAuthor(ctx.io.env));
    printResult(
      ctx.io,
      ctx.json,
      { url: link.url, expiresAt: link.expiresAt.toISOString() },
      `${link.url}\nOpen it in a browser before ${link.expiresAt.toISOString()}; it works once.`,
    );
  },
};
