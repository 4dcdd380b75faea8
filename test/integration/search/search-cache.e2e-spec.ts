import { SearchRepository } from '../../../src/search/search.repository';
import { CatalogService } from '../../../src/catalog/catalog.service';
import { createCatalog, FIXED_CATALOG } from '../../factories/catalog.factory';
import { addRules, organizationWithTokens, RuleInput } from '../../factories/guidance.factory';
import { bearer } from '../../support/auth';
import { Json } from '../../support/http';
import { ManualClock } from '../../support/manual-clock';
import { startTestApp, TestApp } from '../../support/test-app';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

/** Hundreds of searches per user here: the per-user API limit is not what this test is about. */
const NO_LIMIT = { API_RATE_LIMIT_PER_USER: '0', API_RATE_LIMIT_PER_CLIENT: '0' };

/** Offer-level rules (vendor, condition, price) and product-level ones over the demo assortment. */
const RULES: RuleInput[] = [
  { effect: 'preferred', matcher: 'vendor', value: 'OfficeLine Direct' },
  { effect: 'blocked', matcher: 'vendor', value: 'Kabelwerk Versand' },
  { effect: 'blocked', matcher: 'condition', value: 'used' },
  { effect: 'blocked', matcher: 'price_above', value: '100', currency: 'EUR' },
  { effect: 'preferred', matcher: 'brand', value: 'Leitz' },
  { effect: 'blocked', matcher: 'category', value: 'monitors' },
  { effect: 'preferred', matcher: 'product', value: 'cable-1' },
];

/**
 * Varied searches: frequent and rare terms, filters (price, category, prime, condition, several
 * values, given in different orders), pages 1..3, typo fallback and zero results. Each runs in
 * both languages for an organization with and one without rules.
 */
const SEARCHES: string[] = [
  'query=cable',
  'query=cable&page=2',
  'query=cable&page=3',
  'query=cable&pageSize=5&page=2',
  'query=Kabel',
  'query=Messkolben',
  'query=paper',
  'query=papier',
  'query=pen',
  'query=chair',
  'query=Stuhl',
  'query=fixture',
  'query=fixture&page=2&pageSize=4',
  'query=fixture&pageSize=4&page=3',
  'query=cable&price=0-10',
  'query=cable&price=10-',
  'query=cable&is_prime=true&price=0-10',
  'query=cable&price=0-10&is_prime=true',
  'query=cable&category=cables',
  'query=cable&category=it',
  'query=fixture&category=writing&category=paper',
  'query=fixture&category=paper&category=writing',
  'query=fixture&condition-type=used',
  'query=fixture&availability=in_stock&delivery_day=3',
  'query=Leitz',
  'query=monitor',
  'query=cabel',
  'query=Messkolbn',
  'query=ballpoitn',
  'query=zzqxv',
  'query=zzqxv%20wwkpj',
  'query=%22blue%20ballpoint%22',
  'query=pen%20-fountain',
  'query=cable&page=40',
];

/** Counts the searches that really reach PostgreSQL (the page query; the real one still runs). */
function countSearches(t: TestApp): { runs: number } {
  const counter = { runs: 0 };
  const repository = t.app.get(SearchRepository);
  const page = repository.page.bind(repository);
  repository.page = (search) => {
    counter.runs++;
    return page(search);
  };
  return counter;
}

interface Answer {
  status: number;
  contentType: string | null;
  body: string;
}

async function answer(t: TestApp, token: string, query: string, language: string): Promise<Answer> {
  const response = await fetch(`${t.baseUrl}/api/v1/marketplace/search?${query}`, {
    headers: { ...bearer(token), 'accept-language': language },
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()).toString('latin1'), // the bytes, as they came
  };
}

describe('search result cache', () => {
  describe('gives byte-identical results with and without the cache', () => {
    let database: TestDatabase;
    let uncached: TestApp;
    let cached: TestApp;
    let tokens: string[];

    beforeAll(async () => {
      database = await createTestDatabase();
      uncached = await startTestApp({ database, env: { ...NO_LIMIT, SEARCH_CACHE_MAX_ENTRIES: '0' } });
      await uncached.app.get(CatalogService).generateDemo({ products: 600, seed: 1 });
      await createCatalog(uncached.prisma, FIXED_CATALOG);
      const plain = await organizationWithTokens(uncached.prisma);
      const ruled = await organizationWithTokens(uncached.prisma);
      await addRules(uncached.baseUrl, ruled.admin, RULES);
      tokens = [plain.buyer, ruled.buyer];
      cached = await startTestApp({ database, env: NO_LIMIT });
    });
    afterAll(async () => {
      await cached?.close();
      await uncached?.close();
      await database.drop();
    });

    it(`answers ${SEARCHES.length} searches x 2 languages x 2 rule sets the same, cold and warm`, async () => {
      let compared = 0;
      const flagged = new Set<string>();
      const totals = new Map<string, number>();
      for (const token of tokens) {
        for (const language of ['en', 'de']) {
          for (const query of SEARCHES) {
            const expected = await answer(uncached, token, query, language);
            expect(expected.status).toBe(200);
            const miss = await answer(cached, token, query, language);
            const hit = await answer(cached, token, query, language);
            expect({ query, language, ...miss }).toEqual({ query, language, ...expected });
            expect({ query, language, ...hit }).toEqual({ query, language, ...expected });
            totals.set(query, (JSON.parse(expected.body) as Json).count.value);
            if (expected.body.includes('"blocked":true')) flagged.add('blocked');
            if (expected.body.includes('"preferred":true')) flagged.add('preferred');
            compared++;
          }
        }
      }
      expect(compared).toBe(SEARCHES.length * 4);
      // The typo fallback and zero results are among what is compared.
      expect(totals.get('query=cabel')).toBeGreaterThan(0);
      expect(totals.get('query=Messkolbn')).toBeGreaterThan(0);
      expect(totals.get('query=zzqxv')).toBe(0);
      // The rules really apply to some results, so guidance is part of what is compared.
      expect([...flagged].sort()).toEqual(['blocked', 'preferred']);
    });
  });

  describe('stays within the staleness bounds', () => {
    const clock = new ManualClock();
    let t: TestApp;
    /** Another replica on the same database (its own rule cache). */
    let replica: TestApp;
    let searches: { runs: number };

    beforeAll(async () => {
      t = await startTestApp({
        clock,
        env: { ...NO_LIMIT, CATALOG_VERSION_CHECK_MS: '1000', GUIDANCE_CACHE_TTL_MS: '5000' },
      });
      replica = await startTestApp({ database: t.database, env: NO_LIMIT });
      searches = countSearches(t);
    });
    afterAll(async () => {
      await replica?.close();
      await t?.close();
    });

    const writePrice = (id: string, value: string) =>
      createCatalog(t.prisma, [
        { id, name: `Quokkaband ${id}`, categoryId: 'cables', offers: [{ id: `${id}-o`, price: value }] },
      ]);
    async function result(token: string, id: string): Promise<Json> {
      const { status, body } = await answer(t, token, 'query=Quokkaband', 'en');
      expect(status).toBe(200);
      return (JSON.parse(body) as Json).data.find((r: Json) => r.id === id);
    }

    it('shows an import once the version check interval has passed, not from a stale entry', async () => {
      const { buyer } = await organizationWithTokens(t.prisma);
      await writePrice('quokka-1', '10.00');
      expect((await result(buyer, 'quokka-1')).price.amount).toBe(10);
      await writePrice('quokka-1', '12.00');
      // Within the bound the cached body answers (the cache is really used)...
      clock.advance(999);
      const runs = searches.runs;
      expect((await result(buyer, 'quokka-1')).price.amount).toBe(10);
      expect(searches.runs).toBe(runs);
      // ...and once it has passed, the new catalog version keys (and empties) the cache.
      clock.advance(1);
      expect((await result(buyer, 'quokka-1')).price.amount).toBe(12);
      expect(searches.runs).toBe(runs + 1);
    });

    it('shows a rule change through another replica after the guidance cache period', async () => {
      const org = await organizationWithTokens(t.prisma);
      await writePrice('quokka-2', '5.00');
      clock.advance(1_000);
      expect(await result(org.buyer, 'quokka-2')).toMatchObject({ blocked: false });
      await addRules(replica.baseUrl, org.admin, [
        { effect: 'blocked', matcher: 'product', value: 'quokka-2' },
      ]);
      clock.advance(4_999);
      expect(await result(org.buyer, 'quokka-2')).toMatchObject({ blocked: false });
      clock.advance(1);
      expect(await result(org.buyer, 'quokka-2')).toMatchObject({ blocked: true });
    });

    it('shows a rule change through this process on the next search', async () => {
      const org = await organizationWithTokens(t.prisma);
      expect(await result(org.buyer, 'quokka-2')).toMatchObject({ preferred: false });
      await addRules(t.baseUrl, org.admin, [{ effect: 'preferred', matcher: 'product', value: 'quokka-2' }]);
      expect(await result(org.buyer, 'quokka-2')).toMatchObject({ preferred: true });
    });

    it('keeps serving cached results when a reload of unchanged rules finds the same rules', async () => {
      const org = await organizationWithTokens(t.prisma);
      await addRules(t.baseUrl, org.admin, [{ effect: 'preferred', matcher: 'vendor', value: 'Nobody' }]);
      const first = await result(org.buyer, 'quokka-1');
      const runs = searches.runs;
      clock.advance(5_000); // the rules are loaded again (no catalog change in between)
      expect(await result(org.buyer, 'quokka-1')).toEqual(first);
      expect(searches.runs).toBe(runs);
    });
  });

  it('runs concurrent identical cold searches once, giving each the same body', async () => {
    const t = await startTestApp({ env: NO_LIMIT });
    try {
      await createCatalog(t.prisma, FIXED_CATALOG);
      const { buyer } = await organizationWithTokens(t.prisma);
      const searches = countSearches(t);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => answer(t, buyer, 'query=fixture&pageSize=5', 'de')),
      );
      expect(searches.runs).toBe(1);
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect((JSON.parse(answers[0].body) as Json).data).toHaveLength(5);
    } finally {
      await t.close();
    }
  });
});
