import { ERROR_PAGE_TEXTS } from '../../../src/web/html-error.responder';
import { startTestApp, TestApp } from '../../support/test-app';

const GERMAN = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };

/** The areas' own look on an error page: the stylesheet each links. */
const AREAS = [
  { name: 'shop', prefix: '/punchout', stylesheet: '/assets/punchout.css' },
  { name: 'console', prefix: '/audit/console', stylesheet: '/assets/console.css' },
  { name: 'test bench', prefix: '/test-bench', stylesheet: '/assets/test-bench.css' },
] as const;

/** A POST address of each area that takes a form. */
const FORM_ROUTES = ['/punchout/s/unknown-key/cart/add', '/audit/console/sign-in', '/test-bench/receiver'];

function expectPageHeaders(response: Response): void {
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('cache-control')).toBe('no-store');
}

describe('page errors: one HTML error responder for every page area', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it.each(AREAS)(
    'an unknown address of the $name is a 404 page in German, in the area look',
    async (area) => {
      const response = await fetch(`${t.baseUrl}${area.prefix}/no-such-page`, { headers: GERMAN });
      expect(response.status).toBe(404);
      expectPageHeaders(response);
      const html = await response.text();
      expect(html).toContain('<html lang="de"');
      expect(html).toContain('Seite nicht gefunden');
      expect(html).toContain(`href="${area.stylesheet}"`);
      // The support reference: the error code and the request id the response names.
      expect(html).toContain(`<code>${response.headers.get('x-request-id')}</code>`);
    },
  );

  it('the shop words its 404 for buyers (start again from the procurement system)', async () => {
    const response = await fetch(`${t.baseUrl}/punchout/s/not-a-session-key`, { headers: GERMAN });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Starten Sie den Punchout erneut');
  });

  it('outside the page areas an unknown address stays the API JSON 404', async () => {
    const response = await fetch(`${t.baseUrl}/no-such-page`, { headers: GERMAN });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it.each(FORM_ROUTES)('%s: a form larger than the limit is a 413 page in German', async (path) => {
    const response = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...GERMAN, 'content-type': 'application/x-www-form-urlencoded' },
      body: `csrf=x&padding=${'a'.repeat(70_000)}`,
    });
    expect(response.status).toBe(413);
    expectPageHeaders(response);
    expect(await response.text()).toContain(ERROR_PAGE_TEXTS.de['413'].title);
  });

  it.each(FORM_ROUTES)('%s: a form in another charset is a 415 page in English by default', async (path) => {
    const response = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=iso-8859-1' },
      body: 'csrf=x',
    });
    expect(response.status).toBe(415);
    expectPageHeaders(response);
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain(ERROR_PAGE_TEXTS.en['415'].title);
  });

  it("the console guard's refusal is the area's own page: sign-in required, 401, without an error code", async () => {
    const response = await fetch(`${t.baseUrl}/audit/console/sessions`, { headers: GERMAN });
    expect(response.status).toBe(401);
    expectPageHeaders(response);
    const html = await response.text();
    expect(html).toContain('Anmeldung erforderlich');
    expect(html).toContain('data-notice="warn"');
    expect(html).toContain('href="/assets/console.css"');
    expect(html).not.toContain('class="error-reference"');
  });
});

describe('page errors: too many requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { PUNCHOUT_PAGES_RATE_LIMIT_PER_ADDRESS: '2' } });
  });
  afterAll(() => t?.close());

  it('a page over its limit is a 429 page in German with Retry-After', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 3; i += 1) {
      last = await fetch(`${t.baseUrl}/punchout/s/not-a-session-key`, { headers: GERMAN });
      statuses.push(last.status);
      if (i < 2) await last.text();
    }
    expect(statuses).toEqual([404, 404, 429]);
    expectPageHeaders(last!);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.text()).toContain('Zu viele Anfragen');
  });
});
