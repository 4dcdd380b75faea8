import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main as verifyFile } from '../../../scripts/audit-verify-file';
import { runCli } from '../../../src/admin/cli';
import { AuditService } from '../../../src/audit/audit.service';
import { generateSigningKeyPem, writePrivateKeyFile } from '../../../src/audit/audit-signing-key';
import { PrismaService } from '../../../src/database/prisma.service';
import { createOrganization } from '../../factories/identity.factory';
import { appendTestEvents, behindTheTrigger } from '../../support/audit';
import { startTestApp, TestApp } from '../../support/test-app';

describe('gateway audit commands', () => {
  let t: TestApp;
  let dir: string;
  let keyFile: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'audit-cli-'));
    keyFile = join(dir, 'signing.pem');
    writePrivateKeyFile(keyFile, generateSigningKeyPem().privateKeyPem);
    t = await startTestApp({ env: { AUDIT_SIGNING_KEY_FILE: keyFile } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function cli(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runCli(argv, {
      stdout: { write: (chunk: string) => ((stdout += chunk), true) },
      stderr: { write: (chunk: string) => ((stderr += chunk), true) },
      env: { DATABASE_URL: t.database.url, LOG_LEVEL: 'silent', AUDIT_SIGNING_KEY_FILE: keyFile },
    });
    return { code, stdout, stderr };
  }

  it('writes a signing key readable by its owner only, prints its public key, never overwrites', async () => {
    const out = join(dir, 'new-key.pem');
    const made = await cli('audit', 'keygen', '--out', out, '--json');
    expect(made.code).toBe(0);
    const result = JSON.parse(made.stdout);
    expect(result).toMatchObject({ file: out, keyId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(result.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(readFileSync(out, 'utf8')).toContain('BEGIN PRIVATE KEY');
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(await cli('audit', 'keygen', '--out', out)).toMatchObject({ code: 2 });
  });

  it('prints a signed head, and verifies the chain against it until the history is changed', async () => {
    const organization = await createOrganization(t.prisma, { slug: 'audit-cli' });
    await appendTestEvents(t.prisma as PrismaService, t.app.get(AuditService), organization.id, 4);
    const head = await cli('audit', 'head', '--org', 'audit-cli', '--json');
    expect(head.code).toBe(0);
    const { checkpoint, publicKey } = JSON.parse(head.stdout);
    expect(checkpoint).toMatchObject({ organization: organization.id, sequence: 4, keyId: publicKey.keyId });
    const human = await cli('audit', 'head', '--org', 'audit-cli');
    expect(human.stdout).toContain('BEGIN PUBLIC KEY');

    const checkpointFile = join(dir, 'checkpoints.jsonl');
    writeFileSync(checkpointFile, `${JSON.stringify({ type: 'audit_checkpoint', checkpoint })}\n`);
    const ok = await cli('audit', 'verify', '--org', 'audit-cli', '--checkpoint', checkpointFile);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^Intact: 4 event\(s\), head 4 [0-9a-f]{64}; 1 checkpoint\(s\) matched/);

    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql(
        `UPDATE audit_event SET actor_label = 'someone else' WHERE organization_id = $1 AND sequence = 2`,
        [organization.id],
      );
    });
    const broken = await cli('audit', 'verify', '--org', 'audit-cli', '--json');
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout)).toMatchObject({ intact: false, firstBrokenSequence: 2 });
  });

  it('reports a head moved back behind the trigger as broken, naming the first event beyond it', async () => {
    const organization = await createOrganization(t.prisma, { slug: 'audit-cli-head' });
    await appendTestEvents(t.prisma as PrismaService, t.app.get(AuditService), organization.id, 5);
    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql(
        `UPDATE audit_chain_head SET sequence = 3,
           hash = (SELECT hash FROM audit_event WHERE organization_id = $1 AND sequence = 3)
         WHERE organization_id = $1`,
        [organization.id],
      );
    });
    const broken = await cli('audit', 'verify', '--org', 'audit-cli-head');
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(
      'BROKEN at sequence 4: event 4 lies beyond the chain head at sequence 3 (the last event is 5)',
    );
  });

  it('exports to a file the offline verifier accepts, or to stdout', async () => {
    const organization = await createOrganization(t.prisma, { slug: 'audit-export' });
    await appendTestEvents(t.prisma as PrismaService, t.app.get(AuditService), organization.id, 5);
    const file = join(dir, 'out.jsonl');
    const exported = await cli(
      'audit',
      'export',
      '--org',
      'audit-export',
      '--format',
      'jsonl',
      '--out',
      file,
      '--json',
    );
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toEqual({ file, format: 'jsonl', events: 5 });
    const publicKey = join(dir, 'public.json');
    writeFileSync(
      publicKey,
      JSON.parse((await cli('audit', 'head', '--org', 'audit-export', '--json')).stdout).publicKey
        .publicKeyPem,
    );
    const quiet = { write: () => true } as never;
    expect(await verifyFile([file, '--public-key', publicKey], quiet, quiet)).toBe(0);

    const csv = await cli('audit', 'export', '--org', 'audit-export', '--format', 'csv');
    expect(csv.code).toBe(0);
    expect(csv.stdout.trimEnd().split('\n')).toHaveLength(6);
  });

  it('tells an export older than a checkpoint (exit 3) from a database rolled back below it (exit 1)', async () => {
    const organization = await createOrganization(t.prisma, { slug: 'audit-older' });
    const audit = t.app.get(AuditService);
    await appendTestEvents(t.prisma as PrismaService, audit, organization.id, 3);
    const older = join(dir, 'older.jsonl');
    const exportTo = (file: string) =>
      cli('audit', 'export', '--org', 'audit-older', '--format', 'jsonl', '--out', file);
    expect((await exportTo(older)).code).toBe(0);
    await appendTestEvents(t.prisma as PrismaService, audit, organization.id, 2);
    const { checkpoint, publicKey } = JSON.parse(
      (await cli('audit', 'head', '--org', 'audit-older', '--json')).stdout,
    );
    const checkpointFile = join(dir, 'older-checkpoint.log');
    writeFileSync(checkpointFile, `${JSON.stringify({ type: 'audit_checkpoint', checkpoint })}\n`);
    const keyPem = join(dir, 'older-public.pem');
    writeFileSync(keyPem, publicKey.publicKeyPem);
    const verifyExport = async (file: string) => {
      let stdout = '';
      const sink = { write: (chunk: string) => ((stdout += chunk), true) } as never;
      const code = await verifyFile(
        [file, '--public-key', keyPem, '--checkpoint', checkpointFile],
        sink,
        sink,
      );
      return { code, stdout };
    };

    // The export was taken at sequence 3, the checkpoint at 5: incomplete, not broken.
    const old = await verifyExport(older);
    expect(old.code).toBe(3);
    expect(old.stdout).toMatch(
      /^INCOMPLETE: the export ends at sequence 3, before the signed checkpoint at sequence 5 \(/,
    );
    expect(
      await cli('audit', 'verify', '--org', 'audit-older', '--checkpoint', checkpointFile),
    ).toMatchObject({ code: 0 });

    // The database itself rolled back below the checkpoint (events 4 and 5 gone): that is broken.
    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql('DELETE FROM audit_event WHERE organization_id = $1 AND sequence > 3', [organization.id]);
      await sql(
        `UPDATE audit_chain_head SET sequence = 3,
           hash = (SELECT hash FROM audit_event WHERE organization_id = $1 AND sequence = 3)
         WHERE organization_id = $1`,
        [organization.id],
      );
    });
    const rolledBack = await cli('audit', 'verify', '--org', 'audit-older', '--checkpoint', checkpointFile);
    expect(rolledBack.code).toBe(1);
    expect(rolledBack.stdout).toContain(
      'BROKEN at sequence 4: a signed checkpoint saw sequence 5, beyond the head 3: events were removed, ' +
        'or the database was restored from a backup older than the checkpoint',
    );
    // A new export of that database still ends before the checkpoint: the file alone cannot say
    // more than incomplete, and its wording sends the auditor to exactly this conclusion.
    const again = join(dir, 'again.jsonl');
    expect((await exportTo(again)).code).toBe(0);
    const fresh = await verifyExport(again);
    expect(fresh.code).toBe(3);
    expect(fresh.stdout).toContain(
      'if a new export of the whole chain still ends before sequence 5, events were removed.',
    );
  });

  it('refuses bad arguments with exit 2 before touching anything', async () => {
    for (const argv of [
      ['audit', 'verify'],
      ['audit', 'head'],
      ['audit', 'export', '--org', 'x'],
      ['audit', 'export', '--org', 'x', '--format', 'xml'],
      ['audit', 'export', '--org', 'x', '--format', 'csv', '--from', 'last tuesday'],
      ['audit', 'verify', '--org', 'x', '--checkpoint', join(dir, 'missing.json')],
      ['audit', 'keygen', 'extra'],
    ]) {
      const result = await cli(...argv, '--json');
      expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
      expect(JSON.parse(result.stdout)).toMatchObject({ error: 'usage' });
    }
  });
});
