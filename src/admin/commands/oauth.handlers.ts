import { AccessTokensService } from '../../oauth/access-tokens.service';
import { ClientsService, CXML_ENCODING_SETTINGS, CxmlEncodingSetting } from '../../oauth/clients.service';
import { AddUserDto } from '../../oauth/dto/add-user.dto';
import { ChangeOriginsDto } from '../../oauth/dto/change-origins.dto';
import { CreateClientDto } from '../../oauth/dto/create-client.dto';
import { CreateOrganizationDto } from '../../oauth/dto/create-organization.dto';
import { SetUserRolesDto } from '../../oauth/dto/set-user-roles.dto';
import { UserRefDto } from '../../oauth/dto/user-ref.dto';
import { OrganizationsService } from '../../oauth/organizations.service';
import { UsersService } from '../../oauth/users.service';
import {
  CliArgs,
  cliActor,
  flagOption,
  handler,
  listOption,
  onlyPositionals,
  requiredOption,
  service,
  stringOption,
  UsageError,
} from '../cli-command';
import { printResult, table } from '../cli-output';
import { validateArgs } from '../cli-validation';
import { OAuthModule } from '../../oauth/oauth.module';

const OAUTH = () => [OAuthModule];

/** How the command line names each field of the OAuth DTOs. */
const LABELS = {
  slug: '<slug>',
  name: '--name',
  org: '--org',
  email: '--email',
  roles: '--role',
  callbackOrigins: '--callback-origin',
  add: '--add',
  remove: '--remove',
};

/** The longest grace period of an old client secret: a rotation is meant to end. */
const MAX_GRACE_SECONDS = 30 * 86_400;

export const orgCreate = handler<CreateOrganizationDto>({
  needsApp: true,
  modules: OAUTH,
  parse(args) {
    const words = args.positionals.slice(2);
    const name = stringOption(args, 'name');
    // `org create ACME Corp`: the words are the name; say what to type instead.
    if (words.length !== 1 || (name === undefined && !/^[a-z0-9-]+$/.test(words[0] ?? ''))) {
      const display = name ?? words.join(' ');
      const slug = slugOf(words.join(' ') || name || 'acme');
      throw new UsageError(
        `give the organization a short name (slug) and its display name, e.g. gateway org create ${slug} --name "${display || 'ACME Corp'}"`,
      );
    }
    const input = validateArgs(CreateOrganizationDto, { slug: words[0], name }, LABELS);
    return input;
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
});

export const orgList = handler<void>({
  needsApp: true,
  modules: OAUTH,
  parse(args) {
    onlyPositionals(args, []);
  },
  async run(ctx) {
    const organizations = await service(ctx, OrganizationsService).list();
    printResult(
      ctx.io,
      ctx.json,
      organizations,
      table(
        ['slug', 'name'],
        organizations.map((o) => [o.slug, o.name]),
        'No organizations',
      ),
    );
  },
});

export const clientCreate = handler<CreateClientDto>({
  needsApp: true,
  modules: OAUTH,
  parse(args) {
    onlyPositionals(args, []);
    return validateArgs(
      CreateClientDto,
      {
        org: requiredOption(args, 'org'),
        name: stringOption(args, 'name'),
        callbackOrigins: listOption(args, 'callback-origin'),
      },
      LABELS,
    );
  },
  async run(ctx) {
    const { client, clientSecret } = await service(ctx, ClientsService).create(ctx.input, cliActor(ctx));
    printResult(
      ctx.io,
      ctx.json,
      { clientId: client.clientId, clientSecret, name: client.name, callbackOrigins: client.callbackOrigins },
      `client_id:     ${client.clientId}\nclient_secret: ${clientSecret}\n` +
        'Store the secret now: only its SHA-256 is kept, it cannot be shown again.',
    );
  },
});

export const clientList = handler<string>({
  needsApp: true,
  modules: OAUTH,
  parse(args) {
    onlyPositionals(args, []);
    return requiredOption(args, 'org');
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
      table(
        ['client_id', 'name', 'status', 'created'],
        clients.map((c) => [
          c.clientId,
          c.name ?? '',
          c.revokedAt ? 'revoked' : 'active',
          c.createdAt.toISOString().slice(0, 10),
        ]),
        'No clients',
      ),
    );
  },
});

export const clientRevoke = handler<string>({
  needsApp: true,
  modules: OAUTH,
  parse(args) {
    return clientIdOf(args);
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
});

export const clientRotateSecret = handler<{ clientId: string; graceSeconds: number }>({
  needsApp: true,
  modules: OAUTH,
  parse(args) {
    const clientId = clientIdOf(args);
    const grace = stringOption(args, 'grace') ?? '0';
    const graceSeconds = durationSeconds(grace);
    if (graceSeconds === undefined || graceSeconds > MAX_GRACE_SECONDS) {
      throw new UsageError(
        `--grace must be a duration up to 30d, such as 0, 90s, 30m, 12h or 7d (got ${JSON.stringify(grace)})`,
      );
    }
    return { clientId, graceSeconds };
  },
  async run(ctx) {
    const { clientId, graceSeconds } = ctx.input;
    const rotated = await service(ctx, ClientsService).rotateSecret(clientId, graceSeconds, cliActor(ctx));
    const until = rotated.previousSecretValidUntil;
    printResult(
      ctx.io,
      ctx.json,
      {
        clientId,
        clientSecret: rotated.clientSecret,
        previousSecretValidUntil: until?.toISOString() ?? null,
      },
      `client_id:     ${clientId}\nclient_secret: ${rotated.clientSecret}\n` +
        (until
          ? `The old secret keeps working until ${until.toISOString()}.`
          : 'The old secret no longer works.') +
        '\nStore the new secret now: only its SHA-256 is kept, it cannot be shown again.',
    );
  },
});

export const clientPunchoutSecret = handler<string>({
  needsApp: true,
  modules: OAUTH,
  parse(args) {
    return clientIdOf(args);
  },
  async run(ctx) {
    const set = await service(ctx, ClientsService).setPunchoutSecret(ctx.input, cliActor(ctx));
    printResult(
      ctx.io,
      ctx.json,
      { clientId: set.clientId, punchoutSecret: set.punchoutSecret },
      `client_id:       ${set.clientId}\npunchout_secret: ${set.punchoutSecret}\n` +
        (set.replaced ? 'The previous punchout secret no longer works.\n' : '') +
        'It is the PASSWORD of the OCI call-up (docs/punchout.md, "Connecting SAP"); it cannot obtain API tokens.\n' +
        'Store it now: only its SHA-256 is kept, it cannot be shown again. To try the call-up, paste:\n\n' +
        `  export PUNCHOUT_SECRET=${set.punchoutSecret}\n`,
    );
  },
});

export const clientPunchoutSettings = handler<{ clientId: string; cxmlEncoding?: CxmlEncodingSetting }>({
  needsApp: true,
  modules: OAUTH,
  parse(args) {
    const clientId = clientIdOf(args);
    const encoding = stringOption(args, 'cxml-encoding');
    if (encoding !== undefined && !(CXML_ENCODING_SETTINGS as readonly string[]).includes(encoding))
      throw new UsageError('--cxml-encoding is urlencoded or base64');
    return { clientId, ...(encoding ? { cxmlEncoding: encoding as CxmlEncodingSetting } : {}) };
  },
  async run(ctx) {
    const { clientId, cxmlEncoding } = ctx.input;
    const result = await service(ctx, ClientsService).punchoutSettings(
      clientId,
      { cxmlEncoding },
      cliActor(ctx),
    );
    printResult(
      ctx.io,
      ctx.json,
      { clientId: result.clientId, cxmlEncoding: result.cxmlEncoding },
      `${cxmlEncoding === undefined ? '' : result.changed ? 'Changed.\n' : 'Nothing changed.\n'}` +
        `cxml-encoding: ${result.cxmlEncoding} (cXML order messages are posted as the field cxml-${result.cxmlEncoding})`,
    );
  },
});

export const clientOrigins = handler<{ clientId: string; add: string[]; remove: string[] }>({
  needsApp: true,
  modules: OAUTH,
  parse(args) {
    const clientId = clientIdOf(args);
    const change = validateArgs(
      ChangeOriginsDto,
      { add: listOption(args, 'add'), remove: listOption(args, 'remove') },
      LABELS,
    );
    const add = change.add ?? [];
    const remove = change.remove ?? [];
    if (flagOption(args, 'list') && add.length + remove.length > 0)
      throw new UsageError('--list only prints the origins: give it alone, or --add/--remove without it');
    return { clientId, add, remove };
  },
  async run(ctx) {
    const clients = service(ctx, ClientsService);
    const { clientId, add, remove } = ctx.input;
    const result =
      add.length + remove.length === 0
        ? await clients.origins(clientId)
        : await clients.changeOrigins(clientId, { add, remove }, cliActor(ctx));
    const list = result.callbackOrigins.join('\n') || 'No callback origins: carts may be sent to any origin';
    const changes = [
      ...result.added.map((origin) => `added ${origin}`),
      ...result.removed.map((origin) => `removed ${origin}`),
    ];
    printResult(
      ctx.io,
      ctx.json,
      { clientId: result.clientId, callbackOrigins: result.callbackOrigins },
      add.length + remove.length === 0
        ? list
        : `${changes.join('\n') || 'Nothing changed'}\nNow allowed:\n${list}`,
    );
  },
});

export const userAdd = handler<AddUserDto>({
  needsApp: true,
  modules: OAUTH,
  parse(args) {
    onlyPositionals(args, []);
    return validateArgs(
      AddUserDto,
      {
        org: requiredOption(args, 'org'),
        email: requiredOption(args, 'email'),
        name: stringOption(args, 'name'),
        roles: listOption(args, 'role'),
      },
      LABELS,
    );
  },
  async run(ctx) {
    const user = await service(ctx, UsersService).add(ctx.input, cliActor(ctx));
    printResult(ctx.io, ctx.json, user, `Added ${user.email} (${user.roles.join(', ')})`);
  },
});

export const userList = handler<string>({
  needsApp: true,
  modules: OAUTH,
  parse(args) {
    onlyPositionals(args, []);
    return requiredOption(args, 'org');
  },
  async run(ctx) {
    const users = await service(ctx, UsersService).list(ctx.input);
    printResult(
      ctx.io,
      ctx.json,
      users,
      table(
        ['email', 'roles', 'status'],
        users.map((u) => [u.email, u.roles.join(','), u.disabledAt ? 'disabled' : 'active']),
        'No users',
      ),
    );
  },
});

export const userDisable = handler<UserRefDto>({
  needsApp: true,
  modules: OAUTH,
  parse: userRef,
  async run(ctx) {
    const user = await service(ctx, UsersService).disable(ctx.input, cliActor(ctx));
    printResult(ctx.io, ctx.json, user, `Disabled ${user.email}; their tokens are revoked`);
  },
});

export const userEnable = handler<UserRefDto>({
  needsApp: true,
  modules: OAUTH,
  parse: userRef,
  async run(ctx) {
    const user = await service(ctx, UsersService).enable(ctx.input, cliActor(ctx));
    printResult(ctx.io, ctx.json, user, `Enabled ${user.email}; they can request tokens again`);
  },
});

export const userRoles = handler<SetUserRolesDto>({
  needsApp: true,
  modules: OAUTH,
  parse(args) {
    onlyPositionals(args, []);
    return validateArgs(
      SetUserRolesDto,
      {
        org: requiredOption(args, 'org'),
        email: requiredOption(args, 'email'),
        roles: listOption(args, 'role') ?? [],
      },
      LABELS,
    );
  },
  async run(ctx) {
    const { roles, ...ref } = ctx.input;
    const user = await service(ctx, UsersService).setRoles(ref, roles, cliActor(ctx));
    printResult(ctx.io, ctx.json, user, `${user.email} now has the roles ${user.roles.join(', ')}`);
  },
});

export const tokenRevokeUser = handler<UserRefDto>({
  needsApp: true,
  modules: OAUTH,
  parse: userRef,
  async run(ctx) {
    const result = await service(ctx, AccessTokensService).revokeForUser(ctx.input, cliActor(ctx));
    printResult(
      ctx.io,
      ctx.json,
      result,
      `Revoked ${result.revoked} live token(s) of ${result.email}; the user can request new ones`,
    );
  },
});

/** `--org <slug> --email <email>`, validated as the API validates a user reference. */
export function userRef(args: CliArgs): UserRefDto {
  onlyPositionals(args, []);
  return validateArgs(
    UserRefDto,
    { org: requiredOption(args, 'org'), email: requiredOption(args, 'email') },
    LABELS,
  );
}

function clientIdOf(args: CliArgs): string {
  const [clientId] = onlyPositionals(args, ['<clientId>']);
  if (clientId.length > 100)
    throw new UsageError('<clientId> is at most 100 characters (it starts with mpgc_)');
  return clientId;
}

/** `0`, `90`, `90s`, `30m`, `12h`, `7d` in seconds; undefined when it is none of these. */
function durationSeconds(text: string): number | undefined {
  const match = /^(\d{1,7})([smhd]?)$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { '': 1, s: 1, m: 60, h: 3_600, d: 86_400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

/** A slug suggested from a display name: `ACME Corp` -> `acme-corp`. */
function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return slug.length >= 2 ? slug : 'acme';
}
