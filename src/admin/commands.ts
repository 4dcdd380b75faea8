import { AuditActor } from '../audit/audit-event';
import { createPublicKey } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AuditChainService } from '../audit/audit-chain.service';
import { AuditCheckpoint, keyIdOf, parseCheckpoints } from '../audit/audit-checkpoint';
import { AuditExportFormat, AuditExportService } from '../audit/audit-export.service';
import {
  AuditSigningKey,
  DEFAULT_SIGNING_KEY_FILE,
  generateSigningKeyPem,
  writePrivateKeyFile,
} from '../audit/audit-signing-key';
import { validateInput } from '../common/validation/validate-input';
import { migrationStatus, runMigrations } from '../database/migration-runner';
import { AccessTokensService } from '../oauth/access-tokens.service';
import { ClientsService } from '../oauth/clients.service';
import { AddUserDto } from '../oauth/dto/add-user.dto';
import { CreateClientDto } from '../oauth/dto/create-client.dto';
import { CreateOrganizationDto } from '../oauth/dto/create-organization.dto';
import { SetUserRolesDto } from '../oauth/dto/set-user-roles.dto';
import { UserRefDto } from '../oauth/dto/user-ref.dto';
import { OrganizationsService } from '../oauth/organizations.service';
import { UsersService } from '../oauth/users.service';
import { CatalogService } from '../catalog/catalog.service';
import { formatOf } from '../catalog/import/import-records.reader';
import { ProgressBar } from '../catalog/progress-bar';
import { CliIo, printResult } from './cli-output';
import { parseDemoArgs } from './catalog-args';
import { GuidanceRulesService } from '../guidance/guidance-rules.service';
import { GuidanceRuleResponse } from '../guidance/dto/guidance-rule.response';
import { cliAuthor, parseGuidanceRuleArgs, parseRuleId } from './guidance-args';
import { auditConsoleLinkCommand } from './audit-console-link.command';
import {
  allowOnly,
  Command,
  define,
  ImportAbortedError,
  onlyPositionals,
  ReportedFailureError,
  RunContext,
  service,
  UsageError,
} from './cli-command';

/** The audit trail's actor for an operator command: `cli:<OS user>@<host>`. */
function cliActor(ctx: RunContext<unknown>): AuditActor {
  return { label: cliAuthor(ctx.io.env) };
}

export const COMMANDS: Record<string, Command<unknown>> = {
  'org create': define({
    needsApp: true,
    parse(args) {
      const usage = 'org create <slug> --name <name>';
      const [slug] = onlyPositionals(args, 1, usage);
      allowOnly(args, ['name'], usage);
      return validateInput(CreateOrganizationDto, { slug, name: args.values.name });
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
  'org list': define({
    needsApp: true,
    parse(args) {
      onlyPositionals(args, 0, 'org list');
      allowOnly(args, [], 'org list');
      return undefined;
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
  'client create': define({
    needsApp: true,
    parse(args) {
      const usage = 'client create --org <slug> [--name <name>] [--callback-origin <origin>]...';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'name', 'callback-origin'], usage);
      if (!args.values.org) throw new UsageError(`--org is required; usage: gateway ${usage}`);
      return validateInput(CreateClientDto, {
        org: args.values.org,
        name: args.values.name,
        callbackOrigins: args.values['callback-origin'],
      });
    },
    async run(ctx) {
      const { client, clientSecret } = await service(ctx, ClientsService).create(
        ctx.input as CreateClientDto,
        cliActor(ctx),
      );
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
  'client list': define({
    needsApp: true,
    parse(args) {
      onlyPositionals(args, 0, 'client list --org <slug>');
      allowOnly(args, ['org'], 'client list --org <slug>');
      if (!args.values.org)
        throw new UsageError('--org is required; usage: gateway client list --org <slug>');
      return args.values.org as string;
    },
    async run(ctx) {
      const clients = (await service(ctx, ClientsService).list(ctx.input as string)).map((c) => ({
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
  'client revoke': define({
    needsApp: true,
    parse(args) {
      const [clientId] = onlyPositionals(args, 1, 'client revoke <clientId>');
      allowOnly(args, [], 'client revoke <clientId>');
      if (clientId.length > 100) throw new UsageError('clientId is at most 100 characters');
      return clientId;
    },
    async run(ctx) {
      const client = await service(ctx, ClientsService).revoke(ctx.input as string, cliActor(ctx));
      printResult(
        ctx.io,
        ctx.json,
        { clientId: client.clientId, revokedAt: client.revokedAt },
        `Revoked client ${client.clientId} and its tokens`,
      );
    },
  }),
  'user add': define({
    needsApp: true,
    parse(args) {
      const usage = 'user add --org <slug> --email <email> [--name <name>] [--role buyer|admin|auditor]...';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'email', 'name', 'role'], usage);
      return validateInput(AddUserDto, {
        org: args.values.org,
        email: args.values.email,
        name: args.values.name,
        roles: args.values.role,
      });
    },
    async run(ctx) {
      const user = await service(ctx, UsersService).add(ctx.input as AddUserDto, cliActor(ctx));
      printResult(ctx.io, ctx.json, user, `Added ${user.email} (${user.roles.join(', ')})`);
    },
  }),
  'user list': define({
    needsApp: true,
    parse(args) {
      onlyPositionals(args, 0, 'user list --org <slug>');
      allowOnly(args, ['org'], 'user list --org <slug>');
      if (!args.values.org) throw new UsageError('--org is required; usage: gateway user list --org <slug>');
      return args.values.org as string;
    },
    async run(ctx) {
      const users = await service(ctx, UsersService).list(ctx.input as string);
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
  'user disable': define({
    needsApp: true,
    parse(args) {
      const usage = 'user disable --org <slug> --email <email>';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'email'], usage);
      return validateInput(UserRefDto, { org: args.values.org, email: args.values.email });
    },
    async run(ctx) {
      const user = await service(ctx, UsersService).disable(ctx.input as UserRefDto, cliActor(ctx));
      printResult(ctx.io, ctx.json, user, `Disabled ${user.email}; their tokens are revoked`);
    },
  }),
  'user roles': define({
    needsApp: true,
    parse(args) {
      const usage = 'user roles --org <slug> --email <email> --role buyer|admin|auditor [--role ...]';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'email', 'role'], usage);
      return validateInput(SetUserRolesDto, {
        org: args.values.org,
        email: args.values.email,
        roles: args.values.role ?? [],
      });
    },
    async run(ctx) {
      const { roles, ...ref } = ctx.input as SetUserRolesDto;
      const user = await service(ctx, UsersService).setRoles(ref, roles, cliActor(ctx));
      printResult(ctx.io, ctx.json, user, `${user.email} now has the roles ${user.roles.join(', ')}`);
    },
  }),
  'catalog demo': define({
    needsApp: true,
    parse(args) {
      const usage = 'catalog demo [--products <n>] [--seed <s>]';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['products', 'seed'], usage);
      return parseDemoArgs(args.values.products, args.values.seed, usage);
    },
    async run(ctx) {
      const { products, seed } = ctx.input as { products: number; seed: number };
      const bar = new ProgressBar(ctx.io.stderr, 'catalog demo', products);
      const result = await service(ctx, CatalogService).generateDemo({
        products,
        seed,
        onProgress: (done) => bar.update(done),
      });
      bar.finish(products);
      printResult(
        ctx.io,
        ctx.json,
        { ...result, seed },
        `Generated ${result.products} products with ${result.offers} offers (seed ${seed}) in ${(result.ms / 1000).toFixed(1)} s`,
      );
    },
  }),
  'catalog import': define({
    needsApp: true,
    parse(args) {
      const usage = 'catalog import <file> [--format jsonl|csv] [--strict]';
      const [file] = onlyPositionals(args, 1, usage);
      allowOnly(args, ['format', 'strict'], usage);
      const format = formatOf(file, args.values.format as string | undefined);
      if (!format) {
        throw new UsageError(
          `cannot tell the format of "${file}": use .jsonl or .csv, or --format jsonl|csv`,
        );
      }
      if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
      return { file, format, strict: args.values.strict === true };
    },
    async run(ctx) {
      const input = ctx.input as { file: string; format: 'jsonl' | 'csv'; strict: boolean };
      const bar = new ProgressBar(ctx.io.stderr, 'catalog import', statSync(input.file).size);
      const report = await service(ctx, CatalogService).importFile(input.file, {
        format: input.format,
        strict: input.strict,
        onProgress: (bytes) => bar.update(bytes),
      });
      bar.finish(statSync(input.file).size);
      const lines = report.problems.map((p) => `line ${p.line}: ${p.message}`);
      if (!ctx.json) for (const line of lines) ctx.io.stderr.write(`${line}\n`);
      printResult(
        ctx.io,
        ctx.json,
        report,
        report.aborted
          ? `Nothing imported: ${report.skipped} product(s) with problems (--strict)`
          : `Imported ${report.imported} product(s), skipped ${report.skipped}`,
      );
      if (report.aborted)
        throw new ImportAbortedError(`import aborted: ${report.problems.length} problem(s)`);
    },
  }),
  'token revoke-user': define({
    needsApp: true,
    parse(args) {
      const usage = 'token revoke-user --org <slug> --email <email>';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'email'], usage);
      return validateInput(UserRefDto, { org: args.values.org, email: args.values.email });
    },
    async run(ctx) {
      const result = await service(ctx, AccessTokensService).revokeForUser(
        ctx.input as UserRefDto,
        cliActor(ctx),
      );
      printResult(
        ctx.io,
        ctx.json,
        result,
        `Revoked ${result.revoked} live token(s) of ${result.email}; the user can request new ones`,
      );
    },
  }),
  'guidance add': define({
    needsApp: true,
    parse(args) {
      const usage =
        'guidance add --org <slug> --effect preferred|blocked --matcher <m> --value <v> [--currency <ISO>] [--note <text>]';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'effect', 'matcher', 'value', 'currency', 'note'], usage);
      if (!args.values.org) throw new UsageError(`--org is required; usage: gateway ${usage}`);
      return { org: args.values.org as string, rule: parseGuidanceRuleArgs(args.values) };
    },
    async run(ctx) {
      const { org, rule } = ctx.input as { org: string; rule: ReturnType<typeof parseGuidanceRuleArgs> };
      const organization = await service(ctx, OrganizationsService).bySlug(org);
      const created = GuidanceRuleResponse.from(
        await service(ctx, GuidanceRulesService).create(
          organization.id,
          rule,
          cliAuthor(ctx.io.env),
          cliActor(ctx),
        ),
      );
      printResult(ctx.io, ctx.json, created, `Added rule ${created.id}: ${describeRule(created)}`);
    },
  }),
  'guidance list': define({
    needsApp: true,
    parse(args) {
      const usage = 'guidance list --org <slug> [--all]';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'all'], usage);
      if (!args.values.org) throw new UsageError(`--org is required; usage: gateway ${usage}`);
      return { org: args.values.org as string, all: args.values.all === true };
    },
    async run(ctx) {
      const { org, all } = ctx.input as { org: string; all: boolean };
      const organization = await service(ctx, OrganizationsService).bySlug(org);
      const rules = (await service(ctx, GuidanceRulesService).list(organization.id, all)).map(
        GuidanceRuleResponse.from,
      );
      printResult(
        ctx.io,
        ctx.json,
        rules,
        rules
          .map((r) => `${r.id}\t${r.disabledAt ? 'disabled' : 'active'}\t${describeRule(r)}\t${r.note ?? ''}`)
          .join('\n') || 'No rules',
      );
    },
  }),
  'guidance remove': define({
    needsApp: true,
    parse(args) {
      const usage = 'guidance remove --org <slug> <ruleId>';
      const [ruleId] = onlyPositionals(args, 1, usage);
      allowOnly(args, ['org'], usage);
      if (!args.values.org) throw new UsageError(`--org is required; usage: gateway ${usage}`);
      return { org: args.values.org as string, ruleId: parseRuleId(ruleId, usage) };
    },
    async run(ctx) {
      const { org, ruleId } = ctx.input as { org: string; ruleId: string };
      const organization = await service(ctx, OrganizationsService).bySlug(org);
      const rule = GuidanceRuleResponse.from(
        await service(ctx, GuidanceRulesService).disable(
          organization.id,
          ruleId,
          cliAuthor(ctx.io.env),
          cliActor(ctx),
        ),
      );
      printResult(ctx.io, ctx.json, rule, `Disabled rule ${rule.id} (kept in the history)`);
    },
  }),
  'audit verify': define({
    needsApp: true,
    parse(args) {
      const usage = 'audit verify --org <slug> [--checkpoint <file>]...';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'checkpoint'], usage);
      if (!args.values.org) throw new UsageError(`--org is required; usage: gateway ${usage}`);
      const files = (args.values.checkpoint as string[] | undefined) ?? [];
      const checkpoints = files.flatMap((file) => {
        if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
        try {
          return parseCheckpoints(readFileSync(file, 'utf8'));
        } catch (error) {
          throw new UsageError(`cannot read checkpoints from ${file}: ${(error as Error).message}`);
        }
      });
      if (files.length > 0 && checkpoints.length === 0)
        throw new UsageError(`no checkpoint found in ${files.join(', ')}`);
      return { org: args.values.org as string, checkpoints };
    },
    async run(ctx) {
      const { org, checkpoints } = ctx.input as { org: string; checkpoints: AuditCheckpoint[] };
      const organization = await service(ctx, OrganizationsService).bySlug(org);
      // A log file holds every organization's checkpoints: use this one's.
      const own = checkpoints.filter((c) => c?.organization === organization.id);
      if (checkpoints.length > 0 && own.length === 0)
        throw new UsageError(`none of the checkpoints given is for "${org}"`);
      const result = await service(ctx, AuditChainService).verify(organization.id, own);
      printResult(
        ctx.io,
        ctx.json,
        { ...result, checkpoints: own.length },
        result.intact
          ? `Intact: ${result.checked} event(s), head ${result.head.sequence} ${result.head.hash}` +
              (own.length ? `; ${own.length} checkpoint(s) matched` : '')
          : `BROKEN${result.firstBrokenSequence === undefined ? '' : ` at sequence ${result.firstBrokenSequence}`}: ${result.problem}`,
      );
      if (!result.intact) throw new ReportedFailureError(`the audit chain of "${org}" does not verify`);
    },
  }),
  'audit head': define({
    needsApp: true,
    parse(args) {
      const usage = 'audit head --org <slug>';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org'], usage);
      if (!args.values.org) throw new UsageError(`--org is required; usage: gateway ${usage}`);
      return args.values.org as string;
    },
    async run(ctx) {
      const organization = await service(ctx, OrganizationsService).bySlug(ctx.input as string);
      const checkpoint = await service(ctx, AuditChainService).signedHead(organization.id);
      const key = service(ctx, AuditSigningKey);
      printResult(
        ctx.io,
        ctx.json,
        { checkpoint, publicKey: { keyId: key.keyId, publicKeyPem: key.publicKeyPem } },
        `${JSON.stringify(checkpoint)}

Signed by key ${key.keyId}:
${key.publicKeyPem.trimEnd()}
` + 'Keep the checkpoint line somewhere the database administrator cannot change it.',
      );
    },
  }),
  'audit export': define({
    needsApp: true,
    parse(args) {
      const usage =
        'audit export --org <slug> --format jsonl|csv [--from <time>] [--to <time>] [--out <file>]';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['org', 'format', 'from', 'to', 'out'], usage);
      if (!args.values.org) throw new UsageError(`--org is required; usage: gateway ${usage}`);
      const format = args.values.format;
      if (format !== 'jsonl' && format !== 'csv')
        throw new UsageError(`--format must be jsonl or csv; usage: gateway ${usage}`);
      const time = (name: 'from' | 'to') => {
        const value = args.values[name] as string | undefined;
        if (value === undefined) return undefined;
        const date = new Date(value);
        if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime()))
          throw new UsageError(`--${name} must be an ISO 8601 date or date-time; usage: gateway ${usage}`);
        return date;
      };
      const out = args.values.out as string | undefined;
      if (out !== undefined && existsSync(out)) throw new UsageError(`${out} exists; choose a new file`);
      return {
        org: args.values.org as string,
        format: format as AuditExportFormat,
        from: time('from'),
        to: time('to'),
        out,
      };
    },
    async run(ctx) {
      const input = ctx.input as {
        org: string;
        format: AuditExportFormat;
        from?: Date;
        to?: Date;
        out?: string;
      };
      const organization = await service(ctx, OrganizationsService).bySlug(input.org);
      const exports = service(ctx, AuditExportService);
      const range = await exports.range(organization.id, input.from, input.to);
      const total = Math.max(0, range.upTo - range.after);
      const stderr = ctx.io.stderr as CliIo['stderr'] & { isTTY?: boolean };
      const bar = stderr.isTTY ? new ProgressBar(stderr, 'audit export', total) : undefined;
      let written = 0;
      const stream = exports.export(organization.id, {
        format: input.format,
        from: input.from,
        to: input.to,
        onProgress: (done) => {
          written = done;
          bar?.update(done);
        },
      });
      if (input.out) await pipeline(stream, createWriteStream(input.out, { flags: 'wx' }));
      else await writeAll(stream, ctx.io.stdout);
      bar?.finish(written);
      if (input.out) {
        printResult(
          ctx.io,
          ctx.json,
          { file: input.out, format: input.format, events: written },
          `Exported ${written} event(s) to ${input.out}`,
        );
      }
    },
  }),
  'audit keygen': define({
    needsApp: false,
    needsDatabase: false,
    parse(args) {
      const usage = 'audit keygen [--out <file>]';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['out'], usage);
      return args.values.out as string | undefined;
    },
    async run(ctx) {
      const file = resolve(
        (ctx.input as string | undefined) ?? ctx.config.audit.signingKeyFile ?? DEFAULT_SIGNING_KEY_FILE,
      );
      if (existsSync(file)) throw new UsageError(`${file} exists; a signing key is never overwritten`);
      const { privateKeyPem, publicKeyPem } = generateSigningKeyPem();
      writePrivateKeyFile(file, privateKeyPem);
      const keyId = keyIdOf(createPublicKey(publicKeyPem));
      printResult(
        ctx.io,
        ctx.json,
        { file, keyId, publicKeyPem },
        `Wrote the private key to ${file} (mode 0600); set AUDIT_SIGNING_KEY_FILE=${file}
` +
          `Public key ${keyId} (give it to your auditors):
${publicKeyPem.trimEnd()}`,
      );
    },
  }),
  'audit console-link': define(auditConsoleLinkCommand),
  'db migrate': define({
    needsApp: false,
    parse(args) {
      onlyPositionals(args, 0, 'db migrate');
      allowOnly(args, [], 'db migrate');
      return undefined;
    },
    async run(ctx) {
      const applied = await runMigrations(ctx.config.database.url as string, undefined, (line) =>
        ctx.io.stderr.write(`${line}\n`),
      );
      printResult(
        ctx.io,
        ctx.json,
        { applied },
        applied.length ? `Applied ${applied.join(', ')}` : 'Up to date',
      );
    },
  }),
  'db status': define({
    needsApp: false,
    parse(args) {
      onlyPositionals(args, 0, 'db status');
      allowOnly(args, [], 'db status');
      return undefined;
    },
    async run(ctx) {
      const status = await migrationStatus(ctx.config.database.url as string);
      printResult(ctx.io, ctx.json, status, status.map((m) => `${m.state.padEnd(8)} ${m.name}`).join('\n'));
    },
  }),
};

function describeRule(rule: GuidanceRuleResponse): string {
  const value = rule.matcher === 'price_above' ? `${rule.value} ${rule.currency}` : rule.value;
  return `${rule.effect} ${rule.matcher} ${value}`;
}

/** Copies a stream to the CLI's stdout, waiting for it to drain when it is a real stream. */
async function writeAll(stream: Readable, out: CliIo['stdout']): Promise<void> {
  const target = out as CliIo['stdout'] & { once?: (event: string, listener: () => void) => void };
  for await (const chunk of stream) {
    if (!target.write(chunk) && target.once) await new Promise<void>((done) => target.once?.('drain', done));
  }
}
