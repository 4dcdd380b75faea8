import { AuditService } from '../../../src/audit/audit.service';
import {
  CONSOLE_IDLE_TTL_MS,
  CONSOLE_LINK_TTL_MS,
  ConsoleSignInService,
} from '../../../src/compliance/console/console-sign-in.service';
import { ManualClock } from '../../support/manual-clock';
import { OAuthClient, Organization, User } from '../../../src/generated/prisma/client';
import { UserRole } from '../../../src/generated/prisma/enums';
import { createPunchoutSession, ociFieldsOf } from '../../factories/audit.factory';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { startTestApp, TestApp } from '../../support/test-app';

const HOSTILE = `"><img src=x onerror=alert(1)><script>alert(2)</script>`;

describe('compliance console pages', () => {
  const clock = new ManualClock(new Date('2026-11-20T12:00:00.000Z'));
  let t: TestApp;
  let audit: AuditService;
  let signIn: ConsoleSignInService;
  let orgA: Organization;
  let orgB: Organization;
  let auditorA: User;
  let clientA: OAuthClient;
  let transferredId: string;
  let otherOrgSessionId: string;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    audit = t.app.get(AuditService);
    signIn = t.app.get(ConsoleSignInService);
    await createCatalog(t.prisma, [
      { id: 'cp-pen', name: `Pen ${HOSTILE}`, categoryId: 'writing', offers: [{ price: '1.30' }] },
    ]);
    orgA = await createOrganization(t.prisma, { name: 'Acme Procurement' });
    orgB = await createOrganization(t.prisma);
    ({ client: clientA } = await createClient(t.prisma, orgA));
    const { client: clientB } = await createClient(t.prisma, orgB);
    auditorA = await createUser(t.prisma, orgA, { roles: [UserRole.auditor], email: 'auditor@acme.example' });
    const buyerA = await createUser(t.prisma, orgA, { email: 'buyer@acme.example' });
    const buyerB = await createUser(t.prisma, orgB);
    const daysAgo = (n: number) => new Date(clock.now().getTime() - n * 86_400_000);
    const a = { organization: orgA, client: clientA, user: buyerA, productId: 'cp-pen' };
    transferredId = (
      await createPunchoutSession(t.prisma, audit, {
        ...a,
        status: 'TRANSFERRED',
        createdAt: daysAgo(2),
        cart: [{ offerId: 'cp-pen-o1', quantity: 10, unitPrice: '1.30' }],
        returnedFields: ociFieldsOf([
          { offerId: 'cp-pen-o1', quantity: 10, unitPrice: '1.30', description: `Pen ${HOSTILE}` },
        ]),
      })
    ).id;
    await createPunchoutSession(t.prisma, audit, {
      ...a,
      status: 'CANCELLED',
      createdAt: daysAgo(2),
      returnedFields: [],
    });
    await createPunchoutSession(t.prisma, audit, { ...a, status: 'FAILED', createdAt: daysAgo(0) });
    // Outside the chart's 30 days:
    await createPunchoutSession(t.prisma, audit, { ...a, status: 'EXPIRED', createdAt: daysAgo(31) });
    otherOrgSessionId = (
      await createPunchoutSession(t.prisma, audit, {
        organization: orgB,
        client: clientB,
        user: buyerB,
        productId: 'cp-pen',
        status: 'TRANSFERRED',
        createdAt: daysAgo(1),
      })
    ).id;
  });
  afterAll(() => t.close());

  const tokenOf = (url: string) => new URL(url).searchParams.get('token') as string;
  const newLink = async () => tokenOf((await signIn.createLink(auditorA, 'test')).url);
  const page = (path: string, init: RequestInit = {}) =>
    fetch(`${t.baseUrl}/audit/console${path}`, { redirect: 'manual', ...init });
  /** POSTs the sign-in form as a browser on the gateway's own page does (Origin: our origin). */
  const postSignIn = (token: string, headers: Record<string, string | undefined> = {}) => {
    const sent = Object.entries({
      'content-type': 'application/x-www-form-urlencoded',
      origin: t.baseUrl,
      ...headers,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined);
    return page('/sign-in', { method: 'POST', headers: sent, body: `token=${encodeURIComponent(token)}` });
  };

  /** Signs in through the link's page and returns the console cookie (name=value). */
  async function signedIn(): Promise<string> {
    const response = await postSignIn(await newLink());
    expect(response.status).toBe(303);
    return (response.headers.get('set-cookie') as string).split(';')[0];
  }

  it('shows the link page without spending the link; the POST spends it and sets a strict cookie', async () => {
    const token = await newLink();
    const landing = await page(`/sign-in?token=${token}`);
    expect(landing.status).toBe(200);
    expect(landing.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(landing.headers.get('cache-control')).toBe('no-store');
    expect(landing.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await landing.text();
    expect(html).toContain('<form method="post" action="/audit/console/sign-in">');
    expect(await signIn.linkState(token)).toBe('valid');

    const spent = await postSignIn(token);
    expect(spent.status).toBe(303);
    expect(spent.headers.get('location')).toBe('/audit/console');
    expect(spent.headers.get('set-cookie')).toMatch(
      /^mpg_console=mpgcs_[A-Za-z0-9_-]{43}; Path=\/audit\/console; HttpOnly; SameSite=Strict; Max-Age=43200$/,
    );
  });

  it('refuses a used link with a clear page and no console, on GET and POST alike', async () => {
    const token = await newLink();
    expect((await postSignIn(token)).status).toBe(303);
    for (const response of [await page(`/sign-in?token=${token}`), await postSignIn(token)]) {
      expect(response.status).toBe(410);
      expect(response.headers.get('set-cookie')).toBeNull();
      const html = await response.text();
      expect(html).toContain('This sign-in link was already used');
      expect(html).not.toContain('/audit/console/sessions');
    }
  });

  it('refuses a link after 10 minutes, an unknown link, and a sign-in started by another site', async () => {
    const token = await newLink();
    clock.advance(CONSOLE_LINK_TTL_MS);
    const expired = await postSignIn(token);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This sign-in link has expired');
    expect((await page('/sign-in?token=mpgl_nope')).status).toBe(404);
    expect((await page('/sign-in')).status).toBe(404);
    const crossSite = await postSignIn(await newLink(), { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(404);
    expect(crossSite.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a sign-in POST that is not from our own page: foreign, null or missing Origin, same-site', async () => {
    const refusedWith = async (headers: Record<string, string | undefined>) => {
      const token = await newLink();
      const response = await postSignIn(token, headers);
      expect({ headers, status: response.status, cookie: response.headers.get('set-cookie') }).toEqual({
        headers,
        status: 404,
        cookie: null,
      });
      // The link is not spent by a refused POST.
      expect(await signIn.linkState(token)).toBe('valid');
    };
    await refusedWith({ origin: 'https://evil.example' });
    await refusedWith({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    await refusedWith({ 'sec-fetch-site': 'same-site' });
    await refusedWith({ 'sec-fetch-site': 'cross-site' });
    await refusedWith({ origin: 'null' });
    await refusedWith({ origin: 'null', 'sec-fetch-site': 'same-site' });
    await refusedWith({ origin: undefined });
    await refusedWith({ origin: undefined, referer: 'https://evil.example/audit/console/sign-in' });
    await refusedWith({ origin: 'http://gateway.test.evil.example' });
  });

  it('accepts Origin of PUBLIC_URL or of the address it was reached at, or absent Origin our Referer', async () => {
    const accepted = async (headers: Record<string, string | undefined>) =>
      (await postSignIn(await newLink(), headers)).status;
    expect(await accepted({ 'sec-fetch-site': 'same-origin' })).toBe(303);
    // What Chromium sends from our no-referrer page: Origin null, Sec-Fetch-Site same-origin.
    expect(await accepted({ origin: 'null', 'sec-fetch-site': 'same-origin' })).toBe(303);
    expect(await accepted({ origin: 'http://gateway.test' })).toBe(303);
    expect(await accepted({ origin: undefined, referer: `${t.baseUrl}/audit/console/sign-in` })).toBe(303);
  });

  it('asks for sign-in without a session, and after 30 minutes without a request', async () => {
    const none = await page('');
    expect(none.status).toBe(401);
    expect(await none.text()).toContain('Sign-in required');
    expect((await page('', { headers: { cookie: 'mpg_console=mpgcs_forged' } })).status).toBe(401);

    const cookie = await signedIn();
    clock.advance(CONSOLE_IDLE_TTL_MS - 1_000);
    expect((await page('/sessions', { headers: { cookie } })).status).toBe(200);
    clock.advance(CONSOLE_IDLE_TTL_MS - 1_000);
    expect((await page('', { headers: { cookie } })).status).toBe(200);
    clock.advance(CONSOLE_IDLE_TTL_MS);
    expect((await page('', { headers: { cookie } })).status).toBe(401);
  });

  it('ends the session on sign-out', async () => {
    const cookie = await signedIn();
    const out = await page('/sign-out', { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await page('', { headers: { cookie } })).status).toBe(401);
  });

  it('shows the dashboard with the SVG chart of the last 30 days, its table and an intact chain', async () => {
    const cookie = await signedIn();
    const response = await page('', { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<svg class="outcome-chart"');
    expect(html).toContain('role="img" aria-labelledby="outcome-chart-title outcome-chart-desc"');
    expect(html).toContain('<title id="outcome-chart-title">Punchout sessions per day by outcome</title>');
    expect(html.match(/<g data-day="/g)).toHaveLength(30);
    const today = clock.now().toISOString().slice(0, 10);
    const twoDaysAgo = new Date(clock.now().getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(html).toContain(`data-day="${twoDaysAgo}" data-total="2"`);
    expect(html).toContain(`data-day="${today}" data-total="1"`);
    // The 31-day-old session and the other organization's are not counted.
    const totals = [...html.matchAll(/data-total="(\d+)"/g)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
    expect(totals).toBe(3);
    expect(html).toContain('data-verification="intact"');
    expect(html).toContain('Acme Procurement');
    expect(html).toContain('name="format" value="jsonl"');
  });

  it("records the sign-in as the organization's audit event, which the dashboard counts", async () => {
    const empty = await createOrganization(t.prisma);
    const auditor = await createUser(t.prisma, empty, { roles: [UserRole.auditor] });
    const link = await signIn.createLink(auditor, 'test');
    const response = await postSignIn(tokenOf(link.url));
    const cookie = (response.headers.get('set-cookie') as string).split(';')[0];
    const html = await (await page('', { headers: { cookie } })).text();
    expect(html).toContain('Intact: all 1 events verified from event 1 to the head at sequence 1.');
    const [event] = await t.prisma.auditEvent.findMany({ where: { organizationId: empty.id } });
    expect(event).toMatchObject({
      type: 'console.signed_in',
      actorUserId: auditor.id,
      payload: { method: 'link', user: { id: auditor.id, email: auditor.email } },
    });
  });

  it('speaks German when the browser asks for it', async () => {
    const cookie = await signedIn();
    const html = await (
      await page('', { headers: { cookie, 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } })
    ).text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Punchout-Sitzungen pro Tag nach Ergebnis');
    expect(html).toContain('Unversehrt');
  });

  it('lists sessions with filters, explains a bad filter with 400, and never shows another organization', async () => {
    const cookie = await signedIn();
    const all = await (await page('/sessions', { headers: { cookie } })).text();
    expect(all.match(/data-session-id="/g)).toHaveLength(4);
    expect(all).not.toContain(otherOrgSessionId);
    expect(all).not.toContain('<img src=x');
    const filtered = await (
      await page('/sessions?status=TRANSFERRED&email=&from=', { headers: { cookie } })
    ).text();
    expect(filtered.match(/data-session-id="/g)).toHaveLength(1);
    expect(filtered).toContain(`data-session-id="${transferredId}"`);
    const bad = await page('/sessions?email=nope&from=someday', { headers: { cookie } });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('email must be an e-mail address');
    expect(badHtml).toContain('value="nope"');
    const paged = await (await page('/sessions?limit=2', { headers: { cookie } })).text();
    expect(paged).toContain('rel="next"');
  });

  it("shows a session's timeline with the posted cart as a table, escaped; other organizations' sessions are 404", async () => {
    const cookie = await signedIn();
    const response = await page(`/sessions/${transferredId}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<table class="posted-cart cards-on-phone">');
    expect(html).toContain('&lt;script>alert(2)&lt;/script>');
    expect(html).not.toContain('<script>alert');
    expect(html.match(/data-event-type="/g)).toHaveLength(4);
    expect(html).toContain('data-event-type="punchout.transferred"');
    expect((await page(`/sessions/${otherOrgSessionId}`, { headers: { cookie } })).status).toBe(404);
    expect((await page('/sessions/not-a-uuid', { headers: { cookie } })).status).toBe(404);
  });

  it("exports the organization's chain as a JSON Lines or CSV download", async () => {
    const cookie = await signedIn();
    const jsonl = await page('/export?format=jsonl&from=&to=', { headers: { cookie } });
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="audit-${orgA.slug}-\\d{4}-\\d{2}-\\d{2}\\.jsonl"$`),
    );
    const lines = (await jsonl.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const count = await t.prisma.auditEvent.count({ where: { organizationId: orgA.id } });
    expect(lines).toHaveLength(count);
    expect(lines.every((line) => line.organizationId === orgA.id)).toBe(true);
    const csv = await page('/export?format=csv', { headers: { cookie } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\n')[0]).toContain('sequence');
    expect((await page('/export?format=xml', { headers: { cookie } })).status).toBe(400);
    expect((await page('/export?format=csv')).status).toBe(401);
  });
});
