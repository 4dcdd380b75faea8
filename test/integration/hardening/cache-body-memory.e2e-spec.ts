import { createCatalog, FIXED_CATALOG } from '../../factories/catalog.factory';
import { organizationWithTokens } from '../../factories/guidance.factory';
import { SearchRequest } from '../../../src/search/search-request.parser';
import { SearchService } from '../../../src/search/search.service';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * README "Search result cache" promises at most SEARCH_CACHE_MAX_MB per process. The cache
 * counts `body.length`, but a body made by Buffer.from(string) shorter than 4 KiB is a slice of
 * Node's shared 8 KiB allocation pool, and keeping it keeps that whole slab alive. Small bodies
 * (zero-result and rare searches) are the easiest for one user to produce in bulk.
 */
describe('search result cache memory bound', () => {
  let t: TestApp;
  let organizationId: string;

  beforeAll(async () => {
    t = await startTestApp({
      env: { SEARCH_CACHE_MAX_ENTRIES: '100000', SEARCH_CACHE_MAX_MB: '1', API_RATE_LIMIT_PER_USER: '0' },
    });
    await createCatalog(t.prisma, FIXED_CATALOG);
    organizationId = (await organizationWithTokens(t.prisma)).organization.id;
  });
  afterAll(() => t.close());

  // In-process calls, not charged to the API limits (null: nothing prepaid, nothing topped up).
  const caller = {
    get organizationId() {
      return organizationId;
    },
    userId: 'cache-test',
    clientId: 'cache-test',
  };

  const zeroResults = (i: number): SearchRequest => ({
    query: `zzqxv${i}`,
    page: 1,
    pageSize: 24,
    sort: 'relevance',
    filters: {},
  });

  it('a cached body holds no more memory than the cache counts for it', async () => {
    const search = t.app.get(SearchService);
    const body = await search.searchBody(zeroResults(0), caller, 'en', null);
    const again = await search.searchBody(zeroResults(0), caller, 'en', null);
    expect(again).toBe(body); // served from the cache: this very buffer is what the cache keeps
    expect({ counted: body.length, retained: body.buffer.byteLength }).toEqual({
      counted: body.length,
      retained: body.length,
    });
  });

  it('keeps the bodies it holds within SEARCH_CACHE_MAX_MB', async () => {
    const search = t.app.get(SearchService);
    const kept: Buffer[] = [];
    for (let i = 1; i <= 300; i++) await search.searchBody(zeroResults(i), caller, 'en', null);
    // Everything still cached (each asked again comes back as the same buffer: a hit).
    for (let i = 1; i <= 300; i++) {
      const first = await search.searchBody(zeroResults(i), caller, 'en', null);
      const second = await search.searchBody(zeroResults(i), caller, 'en', null);
      if (first === second) kept.push(first);
    }
    const slabs = new Set(kept.map((b) => b.buffer));
    const retained = [...slabs].reduce((sum, slab) => sum + slab.byteLength, 0);
    expect(kept.length).toBeGreaterThan(0);
    expect(retained).toBeLessThanOrEqual(1024 * 1024);
  });
});

/** The same for product details' rendered bodies (pre-existing, product.service.ts detailsBody). */
describe('rendered product body memory', () => {
  let t: TestApp;

  afterAll(() => t?.close());

  it('a cached product body holds no more memory than the cache counts for it', async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, FIXED_CATALOG);
    const organizationId = (await organizationWithTokens(t.prisma)).organization.id;
    const { ProductService } = await import('../../../src/product/product.service');
    const products = t.app.get(ProductService);
    const id = FIXED_CATALOG[0].id as string;
    const body = await products.detailsBody(id, organizationId, 'en');
    expect(await products.detailsBody(id, organizationId, 'en')).toBe(body);
    expect({ counted: body.length, retained: body.buffer.byteLength }).toEqual({
      counted: body.length,
      retained: body.length,
    });
  });
});
