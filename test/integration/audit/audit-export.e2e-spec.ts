import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main as verifyFile } from '../../../scripts/audit-verify-file';
import { AuditChainService } from '../../../src/audit/audit-chain.service';
import { AuditService } from '../../../src/audit/audit.service';
import { Organization } from '../../../src/generated/prisma/client';
import { UserRole } from '../../../src/generated/prisma/enums';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { appendTestEvents, insertValidChain } from '../../support/audit';
import { bearer, issueTestToken } from '../../support/auth';
import { runTs } from '../../support/child-process';
import { startTestApp, TestApp } from '../../support/test-app';

describe('audit export and the offline verifier', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'audit-export-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  async function auditorOf(organization: Organization, roles: UserRole[] = [UserRole.auditor]) {
    const { client } = await createClient(t.prisma, organization);
    return issueTestToken(t.prisma, await createUser(t.prisma, organization, { roles }), client);
  }

  const exported = (token: string, query = '') =>
    fetch(`${t.baseUrl}/api/v1/audit/export${query}`, { headers: bearer(token) });

  /** Runs the offline verifier in-process, capturing what it prints. */
  async function verify(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await verifyFile(
      argv,
      { write: (s: string) => ((stdout += s), true) } as never,
      { write: (s: string) => ((stderr += s), true) } as never,
    );
    return { code, stdout, stderr };
  }

  async function keyAndCheckpoint(organization: Organization) {
    const keyFile = join(dir, `key-${organization.slug}.json`);
    writeFileSync(keyFile, await (await fetch(`${t.baseUrl}/api/v1/audit/public-key`)).text());
    const checkpointFile = join(dir, `checkpoint-${organization.slug}.log`);
    const checkpoint = await t.app.get(AuditChainService).signedHead(organization.id);
    // As the log pipeline keeps it: one JSON log line among others.
    writeFileSync(
      checkpointFile,
      `{"level":30,"msg":"other"}\n${JSON.stringify({ level: 30, type: 'audit_checkpoint', checkpoint })}\n`,
    );
    return { keyFile, checkpointFile, checkpoint };
  }

  it('streams JSON Lines that round-trip through the offline verifier, with checkpoints', async () => {
    const organization = await createOrganization(t.prisma);
    await appendTestEvents(t.prisma, t.app.get(AuditService), organization.id, 7);
    const { keyFile, checkpointFile } = await keyAndCheckpoint(organization);
    const response = await exported(await auditorOf(organization), '?format=jsonl');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-.*\.jsonl"$/);
    const text = await response.text();
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(7);
    expect(Object.keys(JSON.parse(lines[0]))).toEqual([
      'actorClientId',
      'actorLabel',
      'actorUserId',
      'hash',
      'occurredAt',
      'organizationId',
      'payload',
      'prevHash',
      'sequence',
      'sessionId',
      'type',
    ]);
    const file = join(dir, 'export.jsonl');
    writeFileSync(file, text);

    const ok = await verify(file, '--public-key', keyFile, '--checkpoint', checkpointFile);
    expect(ok).toMatchObject({ code: 0, stderr: '' });
    expect(ok.stdout).toMatch(
      /^OK: 7 event\(s\), sequence 1\.\.7, last hash [0-9a-f]{64}; 1 checkpoint\(s\) matched/,
    );

    // One flipped byte in line 4 (inside the payload) is named by line and sequence.
    const bytes = readFileSync(file);
    const lineStart = bytes.indexOf(lines[3]);
    const at = bytes.indexOf('event 4', lineStart) + 'event '.length;
    bytes[at] = '5'.charCodeAt(0);
    const flipped = join(dir, 'flipped.jsonl');
    writeFileSync(flipped, bytes);
    const broken = await verify(flipped);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toBe("BROKEN at line 4 (sequence 4): hash does not match the event's content\n");
  });

  it('calls an export older than a checkpoint incomplete (exit 3), naming the checkpoint, and the new export intact', async () => {
    const organization = await createOrganization(t.prisma);
    const audit = t.app.get(AuditService);
    const token = await auditorOf(organization);
    await appendTestEvents(t.prisma, audit, organization.id, 3);
    const older = join(dir, 'older.jsonl');
    writeFileSync(older, await (await exported(token, '?format=jsonl')).text());
    // Events go on after the export; a checkpoint is signed later.
    await appendTestEvents(t.prisma, audit, organization.id, 2);
    const { keyFile, checkpointFile, checkpoint } = await keyAndCheckpoint(organization);
    expect(checkpoint.sequence).toBe(5);

    const result = await verify(older, '--public-key', keyFile, '--checkpoint', checkpointFile);
    expect(result.code).toBe(3);
    const lastHash = JSON.parse(readFileSync(older, 'utf8').trimEnd().split('\n')[2]).hash;
    expect(result.stdout).toBe(
      `INCOMPLETE: the export ends at sequence 3, before the signed checkpoint at sequence 5 (${checkpoint.time}); ` +
        `its events verify (3 event(s), sequence 1..3, last hash ${lastHash}; 0 checkpoint(s) matched). ` +
        'Export again to include the checkpoint; if a new export of the whole chain still ends before sequence 5, ' +
        'events were removed.\n',
    );
    expect(result.stdout).not.toContain('BROKEN');
    const json = await verify(older, '--public-key', keyFile, '--checkpoint', checkpointFile, '--json');
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({
      status: 'incomplete',
      intact: false,
      checked: 3,
      checkpointsAfterExport: 1,
      endsBefore: { sequence: 5, time: checkpoint.time },
    });
    expect(JSON.parse(json.stdout).broken).toBeUndefined();

    const newer = join(dir, 'newer.jsonl');
    writeFileSync(newer, await (await exported(token, '?format=jsonl')).text());
    expect(await verify(newer, '--public-key', keyFile, '--checkpoint', checkpointFile)).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^OK: 5 event\(s\), sequence 1\.\.5, .*; 1 checkpoint\(s\) matched\n$/),
    });

    // Tampering in the older export stays BROKEN (exit 1), checkpoint beyond or not.
    const tampered = join(dir, 'older-tampered.jsonl');
    writeFileSync(tampered, readFileSync(older, 'utf8').replace('"event 2"', '"event 9"'));
    expect(readFileSync(tampered, 'utf8')).not.toBe(readFileSync(older, 'utf8'));
    const broken = await verify(tampered, '--public-key', keyFile, '--checkpoint', checkpointFile);
    expect(broken).toMatchObject({
      code: 1,
      stdout: "BROKEN at line 2 (sequence 2): hash does not match the event's content\n",
    });
  });

  it('exports a time range as one contiguous piece anchored by its first prevHash', async () => {
    const organization = await createOrganization(t.prisma);
    await insertValidChain(t.prisma.pool, organization.id, 20); // event n at 2026-01-01T00:00:n
    const token = await auditorOf(organization);
    const text = await (await exported(token, '?from=2026-01-01T00:00:05Z&to=2026-01-01T00:00:11Z')).text();
    const events = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.map((e) => e.sequence)).toEqual([5, 6, 7, 8, 9, 10]);
    const all = (await (await exported(token)).text())
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events[0].prevHash).toBe(all[3].hash);
    const file = join(dir, 'range.jsonl');
    writeFileSync(file, text);
    const { keyFile, checkpointFile } = await keyAndCheckpoint(organization);
    // The checkpoint (at 20) lies beyond this range: the range's events verify, but it ends before
    // the checkpoint, which is incomplete (exit 3), not broken.
    const beyond = await verify(file, '--public-key', keyFile, '--checkpoint', checkpointFile);
    expect(beyond).toMatchObject({ code: 3 });
    expect(beyond.stdout).toMatch(
      /^INCOMPLETE: the export ends at sequence 10, before the signed checkpoint at sequence 20 /,
    );
    const ok = await verify(file);
    expect(ok.stdout).toMatch(/^OK: 6 event\(s\), sequence 5\.\.10, .*; 0 checkpoint\(s\) matched/);
    expect(await (await exported(token, '?from=2027-01-01T00:00:00Z')).text()).toBe('');
  });

  it('streams CSV with the same fields, payload as canonical JSON', async () => {
    const organization = await createOrganization(t.prisma);
    await insertValidChain(t.prisma.pool, organization.id, 3);
    const response = await exported(await auditorOf(organization), '?format=csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const rows = (await response.text()).trimEnd().split('\n');
    expect(rows[0]).toBe(
      'organizationId,sequence,occurredAt,type,actorUserId,actorClientId,actorLabel,sessionId,payload,prevHash,hash',
    );
    expect(rows).toHaveLength(4);
    expect(rows[1]).toContain(
      `${organization.id},1,2026-01-01T00:00:01.000Z,guidance.rule_added,,,cli:bulk,,"{""note"":""event 1""}",${'0'.repeat(64)},`,
    );
  });

  it("gives an auditor of A nothing of B's chain", async () => {
    const a = await createOrganization(t.prisma);
    const b = await createOrganization(t.prisma);
    await insertValidChain(t.prisma.pool, a.id, 2);
    await insertValidChain(t.prisma.pool, b.id, 3);
    const text = await (await exported(await auditorOf(a))).text();
    const events = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.map((e) => [e.organizationId, e.sequence])).toEqual([
      [a.id, 1],
      [a.id, 2],
    ]);
  });

  it('answers only auditors and refuses bad parameters', async () => {
    const organization = await createOrganization(t.prisma);
    expect((await exported(await auditorOf(organization, [UserRole.admin]))).status).toBe(403);
    expect((await exported(await auditorOf(organization, [UserRole.buyer]))).status).toBe(403);
    const auditor = await auditorOf(organization);
    expect((await exported(auditor, '?format=xml')).status).toBe(400);
    expect((await exported(auditor, '?from=yesterday')).status).toBe(400);
  });

  it('runs as its own process with no database, and says how to use it', async () => {
    const organization = await createOrganization(t.prisma);
    await insertValidChain(t.prisma.pool, organization.id, 3);
    const file = join(dir, 'child.jsonl');
    writeFileSync(file, await (await exported(await auditorOf(organization))).text());
    // No DATABASE_URL, no gateway: only the file.
    const run = runTs(['scripts/audit-verify-file.ts', file, '--json'], {});
    expect(await run.exited).toBe(0);
    expect(JSON.parse(run.output())).toMatchObject({ intact: true, checked: 3 });
    expect((await verify()).code).toBe(2);
    expect((await verify(file, '--checkpoint', file)).stderr).toMatch(/needs --public-key/);
  });
});
