import { createCatalog } from '../factories/catalog.factory';
import { organizationWithTokens } from '../factories/guidance.factory';
import { onTestApp, PUNCHOUT_CATALOG, startPunchout } from '../factories/punchout.factory';
import { getPage } from '../support/punchout-pages';
import { startTestApp, TestApp } from '../support/test-app';

describe('punchout pages: per-session rate limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { API_RATE_LIMIT_PER_USER: '5', RATE_LIMIT_WINDOW_SECONDS: '60' } });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
  });
  afterAll(() => t.close());

  it('answers the request beyond API_RATE_LIMIT_PER_USER per window with a 429 page and Retry-After', async () => {
    const { buyer } = await organizationWithTokens(t.prisma);
    const { body } = await startPunchout(t.baseUrl, buyer, 'paper-1', {
      callbackUrl: 'https://srm.example.com/hook',
    });
    const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl));
    const url = `${t.baseUrl}${start.location}`;
    for (let i = 0; i < 5; i++) expect((await getPage(url)).status).toBe(200);
    const limited = await getPage(url, { 'accept-language': 'de' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(limited.html).toContain('Zu viele Anfragen');
  });
});
