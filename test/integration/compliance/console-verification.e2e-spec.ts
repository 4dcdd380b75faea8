import { AuditChainService } from '../../../src/audit/audit-chain.service';
import { AuditService } from '../../../src/audit/audit.service';
import { UserRole } from '../../../src/generated/prisma/enums';
import type { Organization, User } from '../../../src/generated/prisma/client';
import { createOrganization, createUser } from '../../factories/identity.factory';
import { appendTestEvents, behindTheTrigger, rewriteHistory } from '../../support/audit';
import { consoleCookie } from '../../support/console-sign-in';
import { ManualClock } from '../../support/manual-clock';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The dashboard's chain verification as one auditor with many tabs (or a hostile reloader) meets it:
 * no page view walks the whole chain; views check only the events appended since the last result;
 * the whole walk runs in the background when due, once per organization however many views ask.
 */
describe('compliance console: chain verification on the dashboard', () => {
  const clock = new ManualClock(new Date('2026-11-20T12:00:00.000Z'));
  const HOUR_MS = 3_600_000;
  let t: TestApp;
  let audit: AuditService;
  let walks: jest.SpyInstance;

  beforeAll(async () => {
    t = await startTestApp({
      clock,
      // The page limit has its own test below; polling for the background walk must not meet it.
      env: { AUDIT_VERIFY_WHOLE_CHAIN_EVERY_SECONDS: '3600', CONSOLE_RATE_LIMIT_PER_USER: '0' },
    });
    audit = t.app.get(AuditService);
    // Counts the walks from event 1 (and lets them run): the page views must not cause them.
    walks = jest.spyOn(AuditChainService.prototype, 'verify');
  });
  afterAll(() => t.close());

  async function auditorOf(events: number): Promise<{ organization: Organization; cookie: string }> {
    const organization = await createOrganization(t.prisma);
    await appendTestEvents(t.prisma, audit, organization.id, events);
    const auditor: User = await createUser(t.prisma, organization, { roles: [UserRole.auditor] });
    // Signing in appends console.signed_in: the chain then holds events + 1.
    return { organization, cookie: await consoleCookie(t, auditor) };
  }

  const dashboard = async (cookie: string, lang = 'en') => {
    const response = await fetch(`${t.baseUrl}/audit/console`, {
      headers: { cookie, 'accept-language': lang },
    });
    expect(response.status).toBe(200);
    return response.text();
  };
  const attribute = (html: string, name: string) => html.match(new RegExp(`${name}="([^"]*)"`))?.[1];
  const walksOf = (organizationId: string) =>
    walks.mock.calls.filter(([organization]) => organization === organizationId).length;

  it('walks the chain once for four tabs at once and for every reload after, saying what it checked and when', async () => {
    const { organization, cookie } = await auditorOf(30);
    const tabs = await Promise.all([1, 2, 3, 4].map(() => dashboard(cookie)));
    for (const html of tabs) {
      expect(attribute(html, 'data-verification')).toBe('intact');
      expect(html).toContain('Intact: all 31 events verified from event 1 to the head at sequence 31.');
      expect(html).toContain('Whole chain walked from event 1 to 31 on Nov 20, 2026, 12:00:00 PM UTC.');
    }
    for (let i = 0; i < 10; i++) await dashboard(cookie);
    expect(walksOf(organization.id)).toBe(1);
  });

  it('checks only the events appended since on the next view, and says so', async () => {
    clock.set(new Date('2026-11-20T14:00:00.000Z'));
    const { organization, cookie } = await auditorOf(10);
    await dashboard(cookie);
    clock.advance(5 * 60_000);
    await appendTestEvents(t.prisma, audit, organization.id, 4);
    const html = await dashboard(cookie);
    expect(html).toContain('Intact: all 15 events verified from event 1 to the head at sequence 15.');
    expect(html).toContain('Whole chain walked from event 1 to 11 on Nov 20, 2026, 2:00:00 PM UTC.');
    expect(html).toContain('Events 12 to 15, appended since, checked on Nov 20, 2026, 2:05:00 PM UTC.');
    expect(attribute(html, 'data-verified-up-to')).toBe('15');
    expect(walksOf(organization.id)).toBe(1);
    const german = await dashboard(cookie, 'de');
    expect(german).toContain('Seither angehängte Ereignisse 12 bis 15 geprüft am');
  });

  it('finds a tampered event among those appended since at once', async () => {
    const { organization, cookie } = await auditorOf(5);
    await dashboard(cookie);
    await appendTestEvents(t.prisma, audit, organization.id, 3);
    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql(
        `UPDATE audit_event SET payload = '{"note":"forged"}' WHERE organization_id = $1 AND sequence = 8`,
        [organization.id],
      );
    });
    const html = await dashboard(cookie);
    expect(attribute(html, 'data-verification')).toBe('broken');
    expect(html).toContain('Broken: the chain does not verify at event 8.');
    expect(html).toContain('hash does not match the event');
  });

  it('finds a history rewritten and re-hashed after it was verified, without walking it again', async () => {
    const { organization, cookie } = await auditorOf(6);
    await dashboard(cookie);
    await rewriteHistory(t.prisma.pool, organization.id, 2, (event) => {
      event.payload = { note: 'rewritten' };
    });
    const html = await dashboard(cookie);
    expect(attribute(html, 'data-verification')).toBe('broken');
    expect(html).toContain('the hash at sequence 7 changed since it was verified');
    expect(walksOf(organization.id)).toBe(1);
  });

  it('walks the whole chain again in the background once the last walk is older than the interval', async () => {
    const { organization, cookie } = await auditorOf(8);
    const first = await dashboard(cookie);
    // An old event changed in place (its stored hash kept): only a walk from event 1 can see it.
    await behindTheTrigger(t.prisma.pool, async (sql) => {
      await sql(
        `UPDATE audit_event SET payload = '{"note":"forged"}' WHERE organization_id = $1 AND sequence = 3`,
        [organization.id],
      );
    });
    // Views (each within the console's 30 idle minutes) until just before the walk is due.
    for (const step of [HOUR_MS / 3, HOUR_MS / 3, HOUR_MS / 3 - 1_000]) {
      clock.advance(step);
      expect(attribute(await dashboard(cookie), 'data-verification')).toBe('intact');
    }
    expect(walksOf(organization.id)).toBe(1);
    clock.advance(1_000);
    await dashboard(cookie); // due: starts the walk in the background
    let html = '';
    for (let attempt = 0; attempt < 100; attempt++) {
      html = await dashboard(cookie);
      if (attribute(html, 'data-whole-walk') !== attribute(first, 'data-whole-walk')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(attribute(html, 'data-verification')).toBe('broken');
    expect(html).toContain('Broken: the chain does not verify at event 3.');
    expect(walksOf(organization.id)).toBe(2);
  });

  it('walks the whole chain on request, and says so', async () => {
    const { organization, cookie } = await auditorOf(3);
    await dashboard(cookie);
    clock.advance(60_000);
    const response = await fetch(`${t.baseUrl}/audit/console/verify`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Intact: all 4 events verified from event 1 to the head at sequence 4.');
    expect(html).toContain('Whole chain walked from event 1 to 4 on Nov 20, 2026');
    expect(walksOf(organization.id)).toBe(2);
  });
});

describe('compliance console: pages are rate-limited per auditor', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { CONSOLE_RATE_LIMIT_PER_USER: '12' } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once an auditor spent the budget; another auditor goes on', async () => {
    const organization = await createOrganization(t.prisma);
    const [greedy, other] = await Promise.all([
      createUser(t.prisma, organization, { roles: [UserRole.auditor] }),
      createUser(t.prisma, organization, { roles: [UserRole.auditor] }),
    ]);
    // Two console sessions (tabs, browsers) of one user share one budget.
    const greedyCookies = [await consoleCookie(t, greedy), await consoleCookie(t, greedy)];
    const otherCookie = await consoleCookie(t, other);
    const get = (path: string, cookie: string) =>
      fetch(`${t.baseUrl}/audit/console${path}`, { headers: { cookie } });
    // An export costs 10 of the 12; then two pages are left.
    expect((await get('/export?format=jsonl', greedyCookies[0])).status).toBe(200);
    expect((await get('', greedyCookies[1])).status).toBe(200);
    expect((await get('/sessions', greedyCookies[0])).status).toBe(200);
    const refused = await get('', greedyCookies[1]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-policy')).toBe('"console-user";q=12;w=60');
    expect(refused.headers.get('content-type')).toContain('text/html');
    expect((await get('', otherCookie)).status).toBe(200);
  });
});
