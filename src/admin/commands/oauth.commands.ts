import { validateInput } from '../../common/validation/validate-input';
import { AccessTokensService } from '../../oauth/access-tokens.service';
import { ClientsService } from '../../oauth/clients.service';
import { AddUserDto } from '../../oauth/dto/add-user.dto';
import { CreateClientDto } from '../../oauth/dto/create-client.dto';
import { CreateOrganizationDto } from '../../oauth/dto/create-organization.dto';
import { SetUserRolesDto } from '../../oauth/dto/set-user-roles.dto';
import { UserRefDto } from '../../oauth/dto/user-ref.dto';
import { OrganizationsService } from '../../oauth/organizations.service';
import { UsersService } from '../../oauth/users.service';
import {
  allowOnly,
  CliArgs,
  cliActor,
  CliCommand,
  define,
  listOption,
  onlyPositionals,
  requiredOption,
  service,
  stringOption,
  UsageError,
} from '../cli-command';
import { printResult } from '../cli-output';

/** Organizations, clients, users and their tokens: the OAuth feature's operator commands. */
export const OAUTH_COMMANDS: Record<string, CliCommand> = {
  'org create': define<CreateOrganizationDto>({
    needsApp: true,
    parse(args) {
      const usage = 'org create <slug> --name <name>';
      const [slug] = onlyPositionals(args, 1, usage);
      allowOnly(args, ['name'], usage);
      return validateInput(CreateOrganizationDto, { slug, name: stringOption(args, 'name') });
    },
    async run(ctx) {
      const organization = await service(ctx, OrganizationsService).create(ctx.input);
      printResult(
        ctx.io,
        ctx.json,
        organization,
        `Created organization ${organization.slug} (${organization.name})`,
      );
    },
  }),
  'org list': define<void>({
    needsApp: true,
    parse(args) {
      onlyPositionals(args, 0, 'org list');
      allowOnly(args, [], 'org list');
    },
    async run(ctx) {
      const organizations = await service(ctx, OrganizationsService).list();
      printResult(
        ctx.io,
        ctx.json,
        organizations,
        organizations.map((o) => `${o.slug}\t${o.name}`).join('\n'),
      );
    },
  }),
  'client create': define<CreateClientDto>({
    needsApp: true,
    parse(args) {
      const usage = 'client create --org <slug> [--name <name>] [--callback-origin <origin>]...';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'name', 'callback-origin'], usage);
      return validateInput(CreateClientDto, {
        org: requiredOption(args, 'org', usage),
        name: stringOption(args, 'name'),
        callbackOrigins: listOption(args, 'callback-origin'),
      });
    },
    async run(ctx) {
      const { client, clientSecret } = await service(ctx, ClientsService).create(ctx.input, cliActor(ctx));
      printResult(
        ctx.io,
        ctx.json,
        {
          clientId: client.clientId,
          clientSecret,
          name: client.name,
          callbackOrigins: client.callbackOrigins,
        },
        `client_id:     ${client.clientId}\nclient_secret: ${clientSecret}\n` +
          'Store the secret now: only its SHA-256 is kept, it cannot be shown again.',
      );
    },
  }),
  'client list': define<string>({
    needsApp: true,
    parse(args) {
      const usage = 'client list --org <slug>';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org'], usage);
      return requiredOption(args, 'org', usage);
    },
    async run(ctx) {
      const clients = (await service(ctx, ClientsService).list(ctx.input)).map((c) => ({
        clientId: c.clientId,
        name: c.name,
        callbackOrigins: c.callbackOrigins,
        createdAt: c.createdAt,
        revokedAt: c.revokedAt,
      }));
      printResult(
        ctx.io,
        ctx.json,
        clients,
        clients
          .map((c) => `${c.clientId}\t${c.name ?? ''}\t${c.revokedAt ? 'revoked' : 'active'}`)
          .join('\n'),
      );
    },
  }),
  'client revoke': define<string>({
    needsApp: true,
    parse(args) {
      const [clientId] = onlyPositionals(args, 1, 'client revoke <clientId>');
      allowOnly(args, [], 'client revoke <clientId>');
      if (clientId.length > 100) throw new UsageError('clientId is at most 100 characters');
      return clientId;
    },
    async run(ctx) {
      const client = await service(ctx, ClientsService).revoke(ctx.input, cliActor(ctx));
      printResult(
        ctx.io,
        ctx.json,
        { clientId: client.clientId, revokedAt: client.revokedAt },
        `Revoked client ${client.clientId} and its tokens`,
      );
    },
  }),
  'user add': define<AddUserDto>({
    needsApp: true,
    parse(args) {
      const usage = 'user add --org <slug> --email <email> [--name <name>] [--role buyer|admin|auditor]...';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'email', 'name', 'role'], usage);
      return validateInput(AddUserDto, {
        org: stringOption(args, 'org'),
        email: stringOption(args, 'email'),
        name: stringOption(args, 'name'),
        roles: listOption(args, 'role'),
      });
    },
    async run(ctx) {
      const user = await service(ctx, UsersService).add(ctx.input, cliActor(ctx));
      printResult(ctx.io, ctx.json, user, `Added ${user.email} (${user.roles.join(', ')})`);
    },
  }),
  'user list': define<string>({
    needsApp: true,
    parse(args) {
      const usage = 'user list --org <slug>';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org'], usage);
      return requiredOption(args, 'org', usage);
    },
    async run(ctx) {
      const users = await service(ctx, UsersService).list(ctx.input);
      printResult(
        ctx.io,
        ctx.json,
        users,
        users
          .map((u) => `${u.email}\t${u.roles.join(',')}\t${u.disabledAt ? 'disabled' : 'active'}`)
          .join('\n'),
      );
    },
  }),
  'user disable': define<UserRefDto>({
    needsApp: true,
    parse(args) {
      const usage = 'user disable --org <slug> --email <email>';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'email'], usage);
      return userRef(args);
    },
    async run(ctx) {
      const user = await service(ctx, UsersService).disable(ctx.input, cliActor(ctx));
      printResult(ctx.io, ctx.json, user, `Disabled ${user.email}; their tokens are revoked`);
    },
  }),
  'user roles': define<SetUserRolesDto>({
    needsApp: true,
    parse(args) {
      const usage = 'user roles --org <slug> --email <email> --role buyer|admin|auditor [--role ...]';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'email', 'role'], usage);
      return validateInput(SetUserRolesDto, {
        org: stringOption(args, 'org'),
        email: stringOption(args, 'email'),
        roles: listOption(args, 'role') ?? [],
      });
    },
    async run(ctx) {
      const { roles, ...ref } = ctx.input;
      const user = await service(ctx, UsersService).setRoles(ref, roles, cliActor(ctx));
      printResult(ctx.io, ctx.json, user, `${user.email} now has the roles ${user.roles.join(', ')}`);
    },
  }),
  'token revoke-user': define<UserRefDto>({
    needsApp: true,
    parse(args) {
      const usage = 'token revoke-user --org <slug> --email <email>';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'email'], usage);
      return userRef(args);
    },
    async run(ctx) {
      const result = await service(ctx, AccessTokensService).revokeForUser(ctx.input, cliActor(ctx));
      printResult(
        ctx.io,
        ctx.json,
        result,
        `Revoked ${result.revoked} live token(s) of ${result.email}; the user can request new ones`,
      );
    },
  }),
};

/** `--org <slug> --email <email>`, validated as the API validates a user reference. */
export function userRef(args: CliArgs): UserRefDto {
  return validateInput(UserRefDto, { org: stringOption(args, 'org'), email: stringOption(args, 'email') });
}
