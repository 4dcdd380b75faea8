import { CatalogService } from '../../../src/catalog/catalog.service';
import { demoProductId } from '../../../src/catalog/demo/demo-catalog.generator';
import { ManualClock } from '../../support/manual-clock';
import { createCatalog } from '../../factories/catalog.factory';
import { addRules, organizationWithTokens, RuleInput } from '../../factories/guidance.factory';
import { bearer } from '../../support/auth';
import { Json, bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

const PRODUCTS = 120;
/** Thousands of requests per user here: the per-user API limit is not what this test is about. */
const NO_LIMIT = { API_RATE_LIMIT_PER_USER: '0' };
const ids = [...Array.from({ length: PRODUCTS }, (_, i) => demoProductId(1, i)), 'no-such-product'];

/** Rule sets over vendors, brands, categories, conditions and prices of the demo assortment. */
const RULE_SETS: RuleInput[][] = [
  [],
  [
    { effect: 'preferred', matcher: 'vendor', value: 'OfficeLine Direct' },
    { effect: 'blocked', matcher: 'vendor', value: 'Kabelwerk Versand' },
    { effect: 'blocked', matcher: 'category', value: 'monitors' },
    { effect: 'preferred', matcher: 'brand', value: 'Leitz' },
    { effect: 'preferred', matcher: 'unspsc_prefix', value: '4412' },
    { effect: 'blocked', matcher: 'condition', value: 'used' },
    { effect: 'blocked', matcher: 'price_above', value: '100', currency: 'EUR' },
  ],
  [
    { effect: 'blocked', matcher: 'product', value: demoProductId(1, 3) },
    { effect: 'preferred', matcher: 'product', value: demoProductId(1, 5) },
    { effect: 'blocked', matcher: 'category', value: 'chairs' },
    { effect: 'preferred', matcher: 'vendor', value: 'LabSource Scientific' },
  ],
];

/** Every product (and one unknown id) for every organization in both languages: status and body. */
async function allDetails(t: TestApp, tokens: string[]): Promise<Array<[number, Json]>> {
  const out: Array<[number, Json]> = [];
  for (const token of tokens) {
    for (const language of ['en', 'de']) {
      for (const id of ids) {
        const response = await fetch(`${t.baseUrl}/api/v1/marketplace/product/${id}`, {
          headers: { ...bearer(token), 'accept-language': language },
        });
        out.push([response.status, await bodyOf(response)]);
      }
    }
  }
  return out;
}

describe('product details cache', () => {
  describe('answers exactly as the database read does', () => {
    let database: TestDatabase;
    let tokens: string[];
    let uncached: Array<[number, Json]>;

    beforeAll(async () => {
      database = await createTestDatabase();
      // Without the cache: every request reads PostgreSQL.
      const t = await startTestApp({ database, env: { ...NO_LIMIT, PRODUCT_CACHE_MAX_ENTRIES: '0' } });
      try {
        await t.app.get(CatalogService).generateDemo({ products: PRODUCTS, seed: 1 });
        tokens = [];
        for (const rules of RULE_SETS) {
          const org = await organizationWithTokens(t.prisma);
          await addRules(t.baseUrl, org.admin, rules);
          tokens.push(org.buyer);
        }
        uncached = await allDetails(t, tokens);
      } finally {
        await t.close();
      }
      // A demo catalog and every product's details read uncached: seconds alone, longer on a busy machine.
    }, 120_000);
    afterAll(() => database.drop());

    it('gives the same status and body for every product, rule set and language, cold and warm', async () => {
      expect(uncached.filter(([status]) => status === 200)).toHaveLength(RULE_SETS.length * 2 * PRODUCTS);
      expect(uncached.filter(([status]) => status === 404)).toHaveLength(RULE_SETS.length * 2);
      // Some offers are flagged, so the rule sets are really evaluated.
      const flags = JSON.stringify(uncached);
      expect(flags).toContain('"blocked":true');
      expect(flags).toContain('"preferred":true');
      const t = await startTestApp({
        database,
        env: { ...NO_LIMIT, PRODUCT_CACHE_VERSION_CHECK_MS: '60000' },
      });
      try {
        const cold = await allDetails(t, tokens);
        const warm = await allDetails(t, tokens); // every product now from the cache
        expect(cold).toEqual(uncached);
        expect(warm).toEqual(uncached);
      } finally {
        await t.close();
      }
    });
  });

  it('renders again after a rule change, and answers JSON like any other route', async () => {
    const t = await startTestApp({ env: { PRODUCT_CACHE_VERSION_CHECK_MS: '60000' } });
    try {
      const id = demoProductId(1, 2);
      await t.app.get(CatalogService).generateDemo({ products: 5, seed: 1 });
      const org = await organizationWithTokens(t.prisma);
      const details = async () => {
        const response = await fetch(`${t.baseUrl}/api/v1/marketplace/product/${id}`, {
          headers: { ...bearer(org.buyer), 'accept-language': 'de' },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(response.headers.get('content-language')).toBe('de');
        return (await bodyOf(response)) as { offers: Array<{ blocked: boolean }> };
      };
      const before = await details();
      expect(await details()).toEqual(before); // the second one reuses the rendered body
      expect(before.offers.some((offer) => offer.blocked)).toBe(false);
      await addRules(t.baseUrl, org.admin, [{ effect: 'blocked', matcher: 'product', value: id }]);
      const after = await details();
      expect(after.offers.length).toBe(before.offers.length);
      expect(after.offers.every((offer) => offer.blocked)).toBe(true);
    } finally {
      await t.close();
    }
  });

  describe('an import', () => {
    let t: TestApp;
    let token: string;
    const clock = new ManualClock();
    const price = async (id: string) => {
      const response = await fetch(`${t.baseUrl}/api/v1/marketplace/product/${id}`, {
        headers: bearer(token),
      });
      expect(response.status).toBe(200);
      return ((await bodyOf(response)) as { offers: Array<{ price: { amount: number } }> }).offers[0].price
        .amount;
    };
    const writePrice = (id: string, value: string) =>
      createCatalog(t.prisma, [
        { id, name: `Cached ${id}`, categoryId: 'cables', offers: [{ id: `${id}-o`, price: value }] },
      ]);

    beforeAll(async () => {
      t = await startTestApp({ clock, env: { PRODUCT_CACHE_VERSION_CHECK_MS: '1000' } });
      token = (await organizationWithTokens(t.prisma)).buyer;
    });
    afterAll(() => t.close());

    it('is visible once the version-check bound has passed, not before', async () => {
      await writePrice('cached-1', '10.00');
      expect(await price('cached-1')).toBe(10);
      await writePrice('cached-1', '12.00');
      // Within the bound the cached row answers (the cache is really used)...
      clock.advance(999);
      expect(await price('cached-1')).toBe(10);
      // ...and once the bound has passed, the bumped catalog version empties it.
      clock.advance(1);
      expect(await price('cached-1')).toBe(12);
    });

    it('does not wait for the bound for a product never read before', async () => {
      await writePrice('cached-2', '7.00');
      expect(await price('cached-2')).toBe(7);
    });

    it('is the only write that invalidates: a row changed behind the catalog writer stays cached until the next import', async () => {
      await writePrice('cached-3', '3.00');
      clock.advance(1000);
      expect(await price('cached-3')).toBe(3);
      await t.prisma.offer.update({ where: { id: 'cached-3-o' }, data: { price: '4.00' } });
      clock.advance(1000);
      expect(await price('cached-3')).toBe(3);
      await writePrice('cached-4', '1.00'); // any import bumps the version
      clock.advance(1000);
      expect(await price('cached-3')).toBe(4);
    });
  });
});
