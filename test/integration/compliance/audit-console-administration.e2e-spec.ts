import { parse } from 'csv-parse/sync';
import { AuditEventInput, AuditEventTypes } from '../../../src/audit/audit-event';
import { AuditService } from '../../../src/audit/audit.service';
import { Organization, User } from '../../../src/generated/prisma/client';
import { UserRole } from '../../../src/generated/prisma/enums';
import { createPunchoutSession } from '../../factories/audit.factory';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { ManualClock } from '../../support/manual-clock';
import { consoleCookie } from '../../support/console-sign-in';
import { startTestApp, TestApp } from '../../support/test-app';

const HOSTILE = `"><script>alert(1)</script>`;
const GERMAN = { 'accept-language': 'de-DE,de;q=0.9' };

describe('compliance console: administration changes and session search', () => {
  const clock = new ManualClock(new Date('2026-11-20T12:00:00.000Z'));
  let t: TestApp;
  let audit: AuditService;
  let orgA: Organization;
  let auditor: User;
  let cookie: string;
  let cxmlReference: string;

  const record = (organization: Organization, input: Omit<AuditEventInput, 'organizationId'>) =>
    t.prisma.$transaction((tx) => audit.append(tx, { ...input, organizationId: organization.id }));
  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}/audit/console${path}`, { headers: { cookie, ...headers }, redirect: 'manual' });

  beforeAll(async () => {
    t = await startTestApp({ clock });
    audit = t.app.get(AuditService);
    orgA = await createOrganization(t.prisma, { name: 'Acme' });
    const orgB = await createOrganization(t.prisma);
    auditor = await createUser(t.prisma, orgA, { roles: [UserRole.auditor], email: 'auditor@acme.example' });
    const admin = await createUser(t.prisma, orgA, { roles: [UserRole.admin], email: 'admin@acme.example' });
    const { client } = await createClient(t.prisma, orgA);
    const operator = { label: 'cli:root@gateway-1' };
    await record(orgA, {
      type: AuditEventTypes.guidanceRuleAdded,
      actor: { userId: admin.id, clientId: client.id },
      payload: {
        rule: {
          id: 'r1',
          effect: 'blocked',
          matcher: 'vendor',
          value: `Kabelwerk ${HOSTILE}`,
          note: 'too slow',
        },
      },
    });
    await record(orgA, {
      type: AuditEventTypes.userRoleChanged,
      actor: operator,
      payload: {
        user: { id: auditor.id, email: 'jane@acme.example' },
        from: ['buyer'],
        to: ['auditor', 'buyer'],
      },
    });
    // 26 more changes: the list pages at 25.
    for (let i = 0; i < 26; i++) {
      await record(orgA, {
        type: AuditEventTypes.clientOriginsChanged,
        actor: operator,
        payload: {
          client: { id: 'c1', clientId: 'srm-prod', name: 'SAP SRM' },
          added: [`https://srm${i}.example`],
          removed: [],
        },
      });
    }
    await record(orgB, {
      type: AuditEventTypes.userAdded,
      actor: operator,
      payload: { user: { id: 'x', email: 'other-org@b.example' }, roles: ['buyer'] },
    });

    // Sessions for the search: the product's name, the reference and the protocol find them.
    await createCatalog(t.prisma, [
      { id: 'adm-cable', name: 'Belkin HDMI cable', categoryId: 'cables', offers: [{ price: '9.90' }] },
      { id: 'adm-paper', name: 'Copy paper A4', categoryId: 'paper', offers: [{ price: '4.10' }] },
    ]);
    const buyer = await createUser(t.prisma, orgA, { email: 'buyer@acme.example' });
    const a = { organization: orgA, client, user: buyer };
    await createPunchoutSession(t.prisma, audit, { ...a, productId: 'adm-cable', status: 'TRANSFERRED' });
    const cxml = await createPunchoutSession(t.prisma, audit, {
      ...a,
      productId: 'adm-paper',
      status: 'OPENED',
    });
    await t.prisma.punchoutSession.update({ where: { id: cxml.id }, data: { protocol: 'cxml' } });
    cxmlReference = (await t.prisma.punchoutSession.findUniqueOrThrow({ where: { id: cxml.id } })).publicId;

    cookie = await consoleCookie(t, auditor);
  });
  afterAll(() => t?.close());

  it('lists the changes newest first with who made them and what, in the auditor language, only of its organization', async () => {
    const first = await page('/administration', GERMAN);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('<h1>Verwaltung</h1>');
    const sequences = [...html.matchAll(/data-sequence="(\d+)"/g)].map((m) => Number(m[1]));
    expect(sequences).toHaveLength(25);
    expect(sequences).toEqual([...sequences].sort((x, y) => y - x));
    expect(html).toContain('Kommandozeile (root@gateway-1)');
    expect(html).toContain(
      "Erlaubte Rücksprungadressen von Client 'SAP SRM' (srm-prod): hinzugefügt https://srm25.example",
    );
    expect(html).not.toContain('other-org@b.example');
    expect(html).toContain(
      'auditor@acme.example hat sich an der Compliance-Konsole angemeldet (Einmal-Link)',
    );

    const next = html.match(/href="\/audit\/console\/administration(\?cursor=[^"]+)" rel="next"/);
    expect(next).not.toBeNull();
    const second = await (await page(`/administration${next![1].replace(/&amp;/g, '&')}`)).text();
    // The auditor's own sign-in (#29) is the newest change, so the second page starts at #4.
    expect([...second.matchAll(/data-sequence="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([4, 3, 2, 1]);
    // The rule by what it does, its value escaped, made by a user shown by e-mail.
    expect(second).toContain("Added rule: block vendor 'Kabelwerk ");
    expect(second).toContain('&lt;script>alert(1)&lt;/script>');
    expect(second).not.toContain('<script>alert(1)');
    // The address may break only before its "@" (two parts and a <wbr>).
    expect(second).toContain(
      '<td class="actor" data-label="Made by"><span class="address"><span>admin</span><wbr/><span>@acme.example</span></span></td>',
    );
    expect(second).toContain('Roles of jane@acme.example: buyer → auditor, buyer');
  });

  it('filters by kind of change and by who made it (part of an e-mail or of the operator name)', async () => {
    const byType = await (await page('/administration?type=guidance.rule_added')).text();
    expect([...byType.matchAll(/data-type="([^"]+)"/g)].map((m) => m[1])).toEqual(['guidance.rule_added']);
    const byUser = await (await page('/administration?actor=ADMIN@acme')).text();
    expect([...byUser.matchAll(/data-sequence="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([1]);
    const byOperator = await (await page('/administration?actor=root&type=user.role_changed')).text();
    expect([...byOperator.matchAll(/data-sequence="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([2]);
    const none = await (await page('/administration?to=2026-11-01')).text();
    expect(none).toContain('No change matches these filters.');
  });

  it('answers a malformed filter with the form and a 400, not a 500', async () => {
    const response = await page('/administration?type=punchout.created&from=yesterday');
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('type must be one of');
    expect(html).toContain('from must be');
  });

  it('exports the filtered changes as JSON Lines and CSV', async () => {
    const jsonl = await page('/administration/export?format=jsonl&actor=root');
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(jsonl.headers.get('content-disposition')).toMatch(
      /attachment; filename="audit-administration-.+\.jsonl"/,
    );
    const lines = (await jsonl.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(27);
    expect(lines[0]).toMatchObject({
      sequence: 28,
      type: 'client.origins_changed',
      actor: 'Command line (root@gateway-1)',
    });
    expect(lines[0].hash).toMatch(/^[0-9a-f]{64}$/);

    const csv = await page('/administration/export?format=csv&type=guidance.rule_added');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = parse(await csv.text(), { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(1);
    expect(rows[0].summary).toBe(`Added rule: block vendor 'Kabelwerk ${HOSTILE}' — note: too slow`);
    expect(JSON.parse(rows[0].payload)).toMatchObject({ rule: { matcher: 'vendor' } });

    expect((await page('/administration/export?format=xml')).status).toBe(400);
  });

  it('finds a session by the reference the buyer sees, by product name and by protocol', async () => {
    const byReference = await (await page(`/sessions?reference=${cxmlReference.toUpperCase()}`)).text();
    expect(byReference.match(/data-session-id=/g)).toHaveLength(1);
    expect(byReference).toContain(cxmlReference);
    expect(byReference).toContain('cXML (Coupa, Ariba, ...)');
    const byName = await (await page('/sessions?product=hdmi')).text();
    expect(byName.match(/data-session-id=/g)).toHaveLength(1);
    expect(byName).toContain('Belkin HDMI cable');
    const byProtocol = await (await page('/sessions?protocol=rest')).text();
    expect(byProtocol.match(/data-session-id=/g)).toHaveLength(1);
    expect(byProtocol).not.toContain(cxmlReference);
    expect((await page('/sessions?protocol=fax')).status).toBe(400);
  });

  it('exports every session the filters match, not only the page shown (its limit does not cut the file), as CSV and JSON Lines', async () => {
    const csv = await page('/sessions/export?format=csv&product=hdmi');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="audit-sessions-.+\.csv"/);
    const rows = parse(await csv.text(), { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      productName: 'Belkin HDMI cable',
      protocol: 'rest',
      status: 'TRANSFERRED',
    });
    const all = await (await page('/sessions/export?format=jsonl&limit=1')).text();
    expect(all.trim().split('\n')).toHaveLength(2);
    const cxml = JSON.parse(
      (await (await page(`/sessions/export?format=jsonl&protocol=cxml`)).text()).trim(),
    );
    expect(cxml).toMatchObject({ reference: cxmlReference, protocol: 'cxml' });
    expect((await page('/sessions/export?format=jsonl&status=bogus')).status).toBe(400);
  });
});
