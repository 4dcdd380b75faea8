import { getPage, PageResponse, postForm } from '../../support/punchout-pages';
import { oidcEnvironment, startOidcProvider, TestOidcProvider } from '../../support/oidc-provider';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The console's sign-in routes are public (no principal to count by) and each reads or writes the
 * database (a link's state, an OpenID attempt row), so they are limited per source address
 * (CONSOLE_SIGN_IN_RATE_LIMIT_PER_ADDRESS) before any of that happens.
 */
describe('compliance console sign-in: limited per source address', () => {
  let provider: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider({ auditor: { email: 'auditor@acme.example', email_verified: true } });
    t = await startTestApp({
      env: {
        ...oidcEnvironment(provider),
        TRUST_PROXY: 'true',
        RATE_LIMIT_WINDOW_SECONDS: '60',
        CONSOLE_SIGN_IN_RATE_LIMIT_PER_ADDRESS: '4',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** The sign-in button's POST, as our own page sends it, from `address`. */
  const startFrom = (address: string, language = 'en') =>
    postForm(
      `${t.baseUrl}/audit/console/oidc/start`,
      {},
      // What a browser sends for a form posted from our own page (console-login-csrf.ts).
      {
        origin: 'null',
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': address,
        'accept-language': language,
      },
    );

  function expectThrottledPage(page: PageResponse) {
    expect(page.status).toBe(429);
    const retryAfter = page.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(page.headers.get('ratelimit-policy')).toBe('"console-sign-in-address";q=4;w=60');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  }

  it('answers the start beyond the limit with a 429 page and writes no attempt for it', async () => {
    const attempts = () => t.prisma.auditConsoleOidcAttempt.count();
    const before = await attempts();
    for (let i = 0; i < 4; i++) expect((await startFrom('198.51.100.7')).status).toBe(303);
    const limited = await startFrom('198.51.100.7', 'de');
    expectThrottledPage(limited);
    expect(limited.html).toContain('Zu viele Anfragen');
    expect(await attempts()).toBe(before + 4);
    // Another address still starts.
    expect((await startFrom('198.51.100.8')).status).toBe(303);
  });

  it('counts the link sign-in page, its POST and the OpenID start against one budget', async () => {
    const address = { 'x-forwarded-for': '203.0.113.9' };
    expect((await getPage(`${t.baseUrl}/audit/console/sign-in?token=made-up`, address)).status).toBe(404);
    const spent = await postForm(
      `${t.baseUrl}/audit/console/sign-in`,
      { token: 'made-up' },
      { ...address, origin: 'null', 'sec-fetch-site': 'same-origin' },
    );
    expect(spent.status).toBe(404);
    expect((await startFrom('203.0.113.9')).status).toBe(303);
    expect((await getPage(`${t.baseUrl}/audit/console/oidc/callback?state=x&code=y`, address)).status).toBe(
      400,
    );
    expectThrottledPage(await getPage(`${t.baseUrl}/audit/console/sign-in?token=made-up`, address));
  });
});
