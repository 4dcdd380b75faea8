import { SearchResultCache, SearchResultKey } from './search-result-cache';

/**
 * SearchService.searchBody reads the catalog version and the guidance together
 * (Promise.all); when the guidance needs a reload (every GUIDANCE_CACHE_TTL_MS per organization),
 * the version it read may be older than the one another request has handed the cache meanwhile.
 * Such a late, older version must not empty the cache of the newer version's bodies, nor make the
 * newer version's computations under way unkeepable ("a new catalog version empties the cache").
 */
describe('SearchResultCache: a late caller with an older catalog version', () => {
  const guidance = {};
  const key = (catalogVersion: string, query: string): SearchResultKey => ({
    catalogVersion,
    guidance,
    view: 'public',
    language: 'en',
    request: { query, page: 1, pageSize: 24, filters: {} },
  });

  it('does not empty the newer version’s bodies', async () => {
    let runs = 0;
    const cache = new SearchResultCache({ maxEntries: 100, maxBytes: 1_000_000, ttlMs: 60_000 }, () => 0);
    const compute = (text: string) => async () => {
      runs++;
      return Buffer.from(text);
    };
    await cache.get(key('1', 'pen'), compute('v1 pen'));
    await cache.get(key('2', 'pen'), compute('v2 pen')); // the import is seen: v2 from now on
    await cache.get(key('1', 'chair'), compute('v1 chair')); // a request that read v1 before the look
    const runsBefore = runs;
    expect((await cache.get(key('2', 'pen'), compute('v2 pen again'))).toString()).toBe('v2 pen');
    expect(runs).toBe(runsBefore);
  });
});
