import { createPublicKey } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AuditChainService } from '../../audit/audit-chain.service';
import { AuditCheckpoint, keyIdOf, parseCheckpoints } from '../../audit/audit-checkpoint';
import { AuditExportFormat, AuditExportService } from '../../audit/audit-export.service';
import { AuditSigningKey, generateSigningKeyPem, writePrivateKeyFile } from '../../audit/audit-signing-key';
import { ConsoleSignInService } from '../../compliance/console/console-sign-in.service';
import { UserRefDto } from '../../oauth/dto/user-ref.dto';
import { OrganizationsService } from '../../oauth/organizations.service';
import {
  CliArgs,
  cliAuthor,
  handler,
  listOption,
  onlyPositionals,
  ReportedFailureError,
  requiredOption,
  service,
  stringOption,
  UsageError,
} from '../cli-command';
import { CliIo, printResult } from '../cli-output';
import { Progress } from '../cli-progress';
import { userRef } from './oauth.handlers';
import { AuditModule } from '../../audit/audit.module';
import { ConsoleSignInModule } from '../../compliance/console/console-sign-in.module';
import { OAuthModule } from '../../oauth/oauth.module';

const AUDIT = () => [OAuthModule, AuditModule];

interface VerifyInput {
  org: string;
  /** As read from the files: verify() checks each one's form and signature. */
  checkpoints: unknown[];
}

interface ExportInput {
  org: string;
  format: AuditExportFormat;
  from?: Date;
  to?: Date;
  out?: string;
}

export const auditVerify = handler<VerifyInput>({
  needsApp: true,
  modules: AUDIT,
  parse(args) {
    onlyPositionals(args, []);
    const org = requiredOption(args, 'org');
    const files = listOption(args, 'checkpoint') ?? [];
    const checkpoints = files.flatMap((file) => {
      if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
      try {
        return parseCheckpoints(readFileSync(file, 'utf8'));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new UsageError(`cannot read checkpoints from ${file}: ${reason}`);
      }
    });
    if (files.length > 0 && checkpoints.length === 0)
      throw new UsageError(`no checkpoint found in ${files.join(', ')}`);
    return { org, checkpoints };
  },
  async run(ctx) {
    const { org, checkpoints } = ctx.input;
    const organization = await service(ctx, OrganizationsService).bySlug(org);
    // A log file holds every organization's checkpoints: use this one's.
    const own = checkpoints.filter((c) => claimsOrganization(c, organization.id));
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
});

export const auditHead = handler<string>({
  needsApp: true,
  modules: AUDIT,
  parse(args) {
    onlyPositionals(args, []);
    return requiredOption(args, 'org');
  },
  async run(ctx) {
    const organization = await service(ctx, OrganizationsService).bySlug(ctx.input);
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
});

export const auditExport = handler<ExportInput>({
  needsApp: true,
  modules: AUDIT,
  parse(args) {
    onlyPositionals(args, []);
    const org = requiredOption(args, 'org');
    const format = stringOption(args, 'format');
    if (format !== 'jsonl' && format !== 'csv') throw new UsageError('--format must be jsonl or csv');
    const out = stringOption(args, 'out');
    const from = timeOption(args, 'from');
    const to = timeOption(args, 'to');
    if (out !== undefined && existsSync(out)) throw new UsageError(`${out} exists; choose a new file`);
    if (out !== undefined && !existsSync(dirname(resolve(out))))
      throw new UsageError(`no such directory: ${dirname(resolve(out))}`);
    return { org, format, from, to, out };
  },
  async run(ctx) {
    const input = ctx.input;
    const organization = await service(ctx, OrganizationsService).bySlug(input.org);
    const exports = service(ctx, AuditExportService);
    const range = await exports.range(organization.id, input.from, input.to);
    const total = Math.max(0, range.upTo - range.after);
    // Progress on stderr when a person watches or the events go to a file (stdout may be the data).
    const bar =
      ctx.io.stderr.isTTY || input.out
        ? new Progress(ctx.io.stderr, 'audit export', { unit: 'events', total })
        : undefined;
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
    if (input.out) await writeFile(stream, input.out);
    else await writeAll(stream, ctx.io.stdout);
    bar?.finish();
    if (input.out) {
      printResult(
        ctx.io,
        ctx.json,
        { file: input.out, format: input.format, events: written },
        `Exported ${written} event(s) to ${input.out}`,
      );
    }
  },
});

export const auditKeygen = handler<string | undefined>({
  needsApp: false,
  needsDatabase: false,
  parse(args) {
    onlyPositionals(args, []);
    return stringOption(args, 'out');
  },
  async run(ctx) {
    const file = resolve(ctx.input ?? ctx.config.audit.signingKeyFile ?? ctx.config.audit.generatedKeyFile);
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
});

/**
 * A one-time sign-in link to the compliance console for an auditor, for operators (the auditor's
 * own path is POST /api/v1/audit/console-links). The link is printed once; only its SHA-256 is stored.
 */
export const auditConsoleLink = handler<UserRefDto>({
  needsApp: true,
  modules: () => [ConsoleSignInModule],
  parse: userRef,
  async run(ctx) {
    const link = await service(ctx, ConsoleSignInService).createLinkFor(
      ctx.input.org,
      ctx.input.email,
      cliAuthor(ctx.io.env),
    );
    printResult(
      ctx.io,
      ctx.json,
      { url: link.url, expiresAt: link.expiresAt.toISOString() },
      `${link.url}\nOpen it in a browser before ${link.expiresAt.toISOString()}; it works once.`,
    );
    if (ctx.config.publicUrlIsDefault) {
      // The gateway may run elsewhere with its own PUBLIC_URL: this shell does not know it.
      ctx.io.stderr.write(
        `warning: PUBLIC_URL is not set, so the link uses ${ctx.config.publicUrl}. ` +
          'If browsers reach the gateway at another address, set PUBLIC_URL to it (as the gateway has it) and run this again.\n',
      );
    }
  },
});

/**
 * A checkpoint that names this organization. Only that field is checked here: the chain's verify()
 * reports a checkpoint whose other fields or signature are wrong as a broken chain.
 */
function claimsOrganization(checkpoint: unknown, organizationId: string): checkpoint is AuditCheckpoint {
  return (
    typeof checkpoint === 'object' &&
    checkpoint !== null &&
    'organization' in checkpoint &&
    checkpoint.organization === organizationId
  );
}

/** `--from`/`--to`: an ISO 8601 date or date-time, or undefined when not given. */
function timeOption(args: CliArgs, name: 'from' | 'to'): Date | undefined {
  const value = stringOption(args, name);
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime()))
    throw new UsageError(
      `--${name} must be an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T08:00:00Z`,
    );
  return date;
}

/**
 * Writes a stream to a new file; when the stream fails (the database connection lost mid-export),
 * the partial file is removed: a file cut short must not pass for a whole export.
 */
async function writeFile(stream: Readable, out: string): Promise<void> {
  try {
    await pipeline(stream, createWriteStream(out, { flags: 'wx' }));
  } catch (error) {
    // Only a file this command created ('wx' refused an existing one before anything was written).
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(out, { force: true });
    throw error;
  }
}

/** Copies a stream to the CLI's stdout, waiting for it to drain when it is a real stream. */
async function writeAll(stream: Readable, out: CliIo['stdout']): Promise<void> {
  for await (const chunk of stream) {
    if (!out.write(chunk) && out.once) await new Promise<void>((done) => out.once?.('drain', done));
  }
}
