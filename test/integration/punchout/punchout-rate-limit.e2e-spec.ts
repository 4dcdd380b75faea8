import { createCatalog } from '../../factories/catalog.factory';
import { organizationWithTokens } from '../../factories/guidance.factory';
import { onTestApp, PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { getPage, PageResponse } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

/** A 429 page: HTML in the buyer's language with Retry-After and the RateLimit fields of `policy`. */
function expectThrottledPage(page: PageResponse, policy: string, quota: number) {
  expect(page.status).toBe(429);
  const retryAfter = page.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(page.headers.get('ratelimit-policy')).toBe(`"${policy}";q=${quota};w=60`);
  expect(page.headers.get('ratelimit')).toBe(`"${policy}";r=0;t=${retryAfter}`);
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
}

describe('punchout pages: rate limits per session and per address', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMIT_WINDOW_SECONDS: '60',
        PUNCHOUT_PAGES_RATE_LIMIT_PER_SESSION: '5',
        PUNCHOUT_PAGES_RATE_LIMIT_PER_ADDRESS: '12',
      },
    });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
  });
  afterAll(() => t.close());

  async function openSession(address: string): Promise<string> {
    const { buyer } = await organizationWithTokens(t.prisma);
    const { body } = await startPunchout(t.baseUrl, buyer, 'paper-1', {
      callbackUrl: 'https://srm.example.com/hook',
    });
    const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl), { 'x-forwarded-for': address });
    return `${t.baseUrl}${start.location}`;
  }

  it('answers the request beyond PUNCHOUT_PAGES_RATE_LIMIT_PER_SESSION with a 429 page and Retry-After', async () => {
    // Addresses from the documentation ranges (RFC 5737), sent only as X-Forwarded-For.
    const url = await openSession('198.51.100.1');
    for (let i = 0; i < 5; i++) {
      expect((await getPage(url, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(200);
    }
    // From another address too: the session's own budget is spent.
    const limited = await getPage(url, { 'accept-language': 'de', 'x-forwarded-for': '198.51.100.2' });
    expectThrottledPage(limited, 'punchout-session', 5);
    expect(limited.html).toContain('Zu viele Anfragen');
  });

  it('limits one address across its sessions and made-up session keys', async () => {
    const address = { 'x-forwarded-for': '203.0.113.50' };
    // The start link spent 1 of the 12; 11 guesses of session keys are answered (404) ...
    const url = await openSession('203.0.113.50');
    for (let i = 0; i < 11; i++) {
      expect((await getPage(`${t.baseUrl}/punchout/s/made-up-key-${i}`, address)).status).toBe(404);
    }
    // ... and then the address is refused, on its real session as well.
    expectThrottledPage(await getPage(`${t.baseUrl}/punchout/s/made-up-key-x`, address), 'pages-address', 12);
    expectThrottledPage(await getPage(url, address), 'pages-address', 12);
    // Another address is not affected.
    expect((await getPage(url, { 'x-forwarded-for': '203.0.113.51' })).status).toBe(200);
  });
});
