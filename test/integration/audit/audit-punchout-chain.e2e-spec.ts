import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main as verifyFile } from '../../../scripts/audit-verify-file';
import { AuditChainService } from '../../../src/audit/audit-chain.service';
import { UserRole } from '../../../src/generated/prisma/client';
import { createCatalog } from '../../factories/catalog.factory';
import { addRules } from '../../factories/guidance.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { behindTheTrigger } from '../../support/audit';
import { bearer, issueTestToken } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/hook?sap-client=100';

describe('a realistic punchout flow in the audit chain', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    dir = mkdtempSync(join(tmpdir(), 'audit-punchout-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('leaves a chain with every step that verifies in the gateway and offline, and names a changed step', async () => {
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const buyer = await createUser(t.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] });
    const token = await issueTestToken(t.prisma, buyer, client, { expiresInSeconds: 3_600 });
    const auditor = await issueTestToken(
      t.prisma,
      await createUser(t.prisma, organization, { roles: [UserRole.auditor] }),
      client,
    );
    await addRules(t.baseUrl, token, [{ effect: 'blocked', matcher: 'vendor', value: 'Blocked Supplies' }]);

    // Start, open, add, refuse a forged blocked offer, change, transfer.
    const { body } = await startPunchout(t.baseUrl, token, 'pen-1', { callbackUrl: HOOK });
    const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl));
    const url = `${t.baseUrl}${start.location}`;
    const csrf = csrfOf((await getPage(url)).html);
    await postForm(`${url}/cart/add`, { csrf, offerId: 'pen-1-a', quantity: '2', productId: 'pen-1' });
    expect(
      (await postForm(`${url}/cart/add`, { csrf, offerId: 'pen-1-b', quantity: '1', productId: 'pen-1' }))
        .status,
    ).toBe(403);
    await postForm(`${url}/cart/update`, { csrf, offerId: 'pen-1-a', quantity: '12' });
    expect((await postForm(`${url}/transfer`, { csrf })).status).toBe(200);

    const events = await t.prisma.auditEvent.findMany({
      where: { organizationId: organization.id },
      orderBy: { sequence: 'asc' },
    });
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('guidance.rule_added');
    for (const step of [
      'punchout.created',
      'punchout.opened',
      'punchout.cart_changed',
      'punchout.offer_refused',
      'punchout.transferred',
    ]) {
      expect(types).toContain(step);
    }

    const verified = await fetch(`${t.baseUrl}/api/v1/audit/verify`, { headers: bearer(auditor) });
    expect(await bodyOf(verified)).toMatchObject({ intact: true, checked: events.length });

    const file = join(dir, 'flow.jsonl');
    writeFileSync(
      file,
      await (await fetch(`${t.baseUrl}/api/v1/audit/export`, { headers: bearer(auditor) })).text(),
    );
    const keyFile = join(dir, 'key.json');
    writeFileSync(keyFile, await (await fetch(`${t.baseUrl}/api/v1/audit/public-key`)).text());
    const checkpointFile = join(dir, 'checkpoint.json');
    writeFileSync(
      checkpointFile,
      JSON.stringify(await t.app.get(AuditChainService).signedHead(organization.id)),
    );
    let out = '';
    const sink = { write: (s: string) => ((out += s), true) } as never;
    expect(
      await verifyFile([file, '--public-key', keyFile, '--checkpoint', checkpointFile], sink, sink),
    ).toBe(0);
    expect(out).toContain(`OK: ${events.length} event(s)`);
    expect(out).toContain('1 checkpoint(s) matched');

    // The transferred OCI fields changed afterwards, behind the trigger: named at that event.
    const transferred = events.find((e) => e.type === 'punchout.transferred');
    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql(`UPDATE audit_event SET payload = payload || '{"tampered": true}' WHERE id = $1`, [
        transferred?.id,
      ]);
    });
    expect(await t.app.get(AuditChainService).verify(organization.id)).toMatchObject({
      intact: false,
      firstBrokenSequence: Number(transferred?.sequence),
    });
  });
});
