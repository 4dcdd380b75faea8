import { UserRole } from '../../../src/generated/prisma/client';
import { generateDemoProduct } from '../../../src/catalog/demo/demo-catalog.generator';
import { CatalogService } from '../../../src/catalog/catalog.service';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, startPunchout } from '../../factories/punchout.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { Json, bodyOf } from '../../support/http';
import { getPage } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const SEED = 5;
const PRODUCTS = 80;
const DRAWN =
  /^\/images\/drawn\/[a-z-]+\/[0-9a-f]{6}\/(front|angled|detail)\/(thumbnail|small|medium|large)\.svg\?brand=[^&]+$/;

describe('demo catalog pictures', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.get(CatalogService).generateDemo({ products: PRODUCTS, seed: SEED });
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    token = await issueTestToken(
      t.prisma,
      await createUser(t.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] }),
      client,
    );
  }, 60_000);
  afterAll(() => t.close());

  const api = async (path: string, app = t): Promise<Json> => {
    const response = await fetch(`${app.baseUrl}/api/v1/marketplace/${path}`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    return bodyOf(response);
  };
  const pathOf = (url: string, publicUrl = 'http://gateway.test') => {
    expect(url.startsWith(`${publicUrl}/`)).toBe(true);
    return url.slice(publicUrl.length);
  };

  it('shows every search result with its own drawn picture (small, front), absolute, that the route serves', async () => {
    const results: Json[] = [];
    for (const query of ['cable', 'paper', 'pen', 'chair', 'gloves', 'coffee'])
      results.push(...(await api(`search?query=${query}&pageSize=24`)).data);
    expect(results.length).toBeGreaterThan(10);
    for (const result of results) {
      const product = generateDemoProduct(SEED, parseInt(String(result.id).split('-')[2], 36));
      expect(result.preview).toEqual({
        url: `http://gateway.test${product.images[1].url}`,
        width: 160,
        height: 160,
        altText: product.images[1].altText,
        kind: 'small',
      });
      expect(pathOf(result.preview.url)).toMatch(DRAWN);
      expect(result.preview.url).toContain('/front/small.svg?brand=');
    }
    const picture = await fetch(`${t.baseUrl}${pathOf(results[0].preview.url)}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await picture.text()).toContain('</svg>');
  });

  it('lists three views in all four sizes in product details, each served', async () => {
    const id = generateDemoProduct(SEED, 3).id;
    const body = await api(`product/${id}`);
    expect(body.images).toHaveLength(12);
    expect(body.images.map((i: Json) => `${i.kind} ${i.width}`)).toEqual(
      Array(3).fill(['thumbnail 75', 'small 160', 'medium 500', 'large 1200']).flat(),
    );
    for (const image of body.images as Json[]) {
      expect(pathOf(image.url)).toMatch(DRAWN);
      expect(image.altText).toContain(body.productOverview.brand);
      const response = await fetch(`${t.baseUrl}${pathOf(image.url)}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`width="${image.width}" height="${image.height}"`);
    }
  });

  it('shows the product page gallery with the three views, medium size, as paths the page CSP allows', async () => {
    const product = generateDemoProduct(SEED, 7);
    const { status, body } = await startPunchout(t.baseUrl, token, product.id, {
      callbackUrl: 'https://srm.example.com/hook',
    });
    expect([status, body]).toEqual([201, expect.anything()]);
    const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl));
    expect(start.status).toBe(303);
    const page = await getPage(`${t.baseUrl}${start.location}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self'");
    const gallery = [
      ...page.html.matchAll(/<img class="punchout-gallery-(?:main|thumb)" src="([^"]+)"/g),
    ].map((m) => m[1].replace(/&amp;/g, '&'));
    const medium = product.images.filter((image) => image.kind === 'medium').map((image) => image.url);
    expect(gallery).toEqual(medium);
    expect(medium).toHaveLength(3);
  });

  // Last: closing a second application on the same database ends a connection pool the first one
  // still uses.
  it('answers the stored pictures on the current PUBLIC_URL (stored relative, not rebuilt)', async () => {
    const moved = await startTestApp({
      database: t.database,
      env: { PUBLIC_URL: 'https://shop.example.org/gw' },
    });
    try {
      const id = generateDemoProduct(SEED, 3).id;
      const body = await api(`product/${id}`, moved);
      for (const image of body.images as Json[]) {
        expect(pathOf(image.url, 'https://shop.example.org/gw')).toMatch(DRAWN);
      }
    } finally {
      await moved.close();
    }
  });
});
