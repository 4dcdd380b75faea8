import { SearchResultCache, SearchResultKey } from './search-result-cache';

/** A cache with a time the test sets, and a computation that counts its runs. */
function setup(options: { maxEntries?: number; maxBytes?: number; ttlMs?: number } = {}) {
  const state = { now: 0, runs: 0 };
  const cache = new SearchResultCache(
    { maxEntries: 100, maxBytes: 1_000_000, ttlMs: 60_000, ...options },
    () => state.now,
  );
  const guidance = {};
  const key = (query: string, overrides: Partial<SearchResultKey> = {}): SearchResultKey => ({
    catalogVersion: '1',
    guidance,
    view: 'public',
    language: 'en',
    request: { query, page: 1, pageSize: 24, filters: {} },
    ...overrides,
  });
  const body = (text: string) => async () => {
    state.runs++;
    return Buffer.from(text, 'utf8');
  };
  const text = async (promise: Promise<Buffer>) => (await promise).toString('utf8');
  return { state, cache, key, body, text };
}

/** A computation the test finishes (or fails) when it wants. */
function deferred() {
  let resolve: (body: Buffer) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<Buffer>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SearchResultCache', () => {
  it('computes a body once and serves the same bytes until it is ttlMs old', async () => {
    const { state, cache, key, body, text } = setup({ ttlMs: 1_000 });
    expect(await text(cache.get(key('pen'), body('a')))).toBe('a');
    state.now = 999;
    expect(await text(cache.get(key('pen'), body('b')))).toBe('a');
    expect(state.runs).toBe(1);
    state.now = 1_000;
    expect(await text(cache.get(key('pen'), body('c')))).toBe('c');
    expect(state.runs).toBe(2);
  });

  it('computes again when the clock went backwards', async () => {
    const { state, cache, key, body, text } = setup();
    state.now = 10_000;
    await cache.get(key('pen'), body('a'));
    state.now = 5_000;
    expect(await text(cache.get(key('pen'), body('b')))).toBe('b');
  });

  it('tells apart catalog version, guidance object, catalog view, language and request (filter order included)', async () => {
    const { state, cache, key, body } = setup();
    const keys = [
      key('pen'),
      key('pen', { guidance: {} }),
      // The same guidance object under an organization's contract view: never the marketplace's body.
      key('pen', { view: '6f1d7a52-3d0e-4a57-9a41-2b0c1e1f0a11' }),
      key('pen', { language: 'de' }),
      key('pen', { request: { query: 'pen', page: 2, pageSize: 24, filters: {} } }),
      key('pen', { request: { query: 'pen', page: 1, pageSize: 24, filters: { a: ['1'], b: ['2'] } } }),
      key('pen', { request: { query: 'pen', page: 1, pageSize: 24, filters: { b: ['2'], a: ['1'] } } }),
    ];
    for (const k of keys) await cache.get(k, body('x'));
    expect(state.runs).toBe(keys.length);
    for (const k of keys) await cache.get(k, body('x'));
    expect(state.runs).toBe(keys.length);
    // A new catalog version: everything is computed again (and the old entries are gone).
    await cache.get(key('pen', { catalogVersion: '2' }), body('y'));
    expect(cache.size).toBe(1);
  });

  it('keeps at most maxEntries bodies, least recently used first out', async () => {
    const { state, cache, key, body } = setup({ maxEntries: 2 });
    for (const query of ['a', 'b', 'c']) await cache.get(key(query), body(query));
    expect(cache.size).toBe(2);
    state.runs = 0;
    await cache.get(key('c'), body('c'));
    await cache.get(key('a'), body('a')); // evicted: computed again
    expect(state.runs).toBe(1);
  });

  it('keeps at most maxBytes bytes (bodies plus keys), and never a body larger than that', async () => {
    const probe = setup();
    const keyLength = JSON.stringify(['1', 1, 'public', 'en', probe.key('a').request]).length;
    const entryBytes = 100 + 2 * keyLength;
    const { state, cache, key, body } = setup({ maxBytes: 2 * entryBytes });
    for (const query of ['a', 'b', 'c']) await cache.get(key(query), body('x'.repeat(100)));
    expect(cache.size).toBe(2);

    const small = setup({ maxBytes: 50 });
    expect((await small.cache.get(small.key('a'), small.body('x'.repeat(100)))).length).toBe(100);
    expect(small.cache.size).toBe(0);
    expect(state.runs).toBe(3);
  });

  it('runs concurrent identical misses once and gives every caller the same body', async () => {
    const { cache, key } = setup();
    const computation = deferred();
    let runs = 0;
    const compute = () => {
      runs++;
      return computation.promise;
    };
    const waiting = Array.from({ length: 5 }, () => cache.get(key('pen'), compute));
    computation.resolve(Buffer.from('body'));
    const bodies = await Promise.all(waiting);
    expect(runs).toBe(1);
    expect(new Set(bodies.map((b) => b.toString())).size).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('gives every waiter the error of a failed computation and keeps nothing', async () => {
    const { state, cache, key, body, text } = setup();
    const computation = deferred();
    const waiting = Array.from({ length: 3 }, () =>
      cache.get(key('pen'), () => computation.promise).catch((error: Error) => error.message),
    );
    computation.reject(new Error('statement timeout'));
    expect(await Promise.all(waiting)).toEqual([
      'statement timeout',
      'statement timeout',
      'statement timeout',
    ]);
    expect(cache.size).toBe(0);
    // The next search runs again (and a synchronous failure is no different).
    expect(await text(cache.get(key('pen'), body('ok')))).toBe('ok');
    expect(state.runs).toBe(1);
    const throwing = () => {
      throw new Error('sync');
    };
    await expect(cache.get(key('other'), throwing as () => Promise<Buffer>)).rejects.toThrow('sync');
    expect(await text(cache.get(key('other'), body('fine')))).toBe('fine');
  });

  it('does not keep a body whose computation spanned a catalog version change', async () => {
    const { cache, key, body, text } = setup();
    const computation = deferred();
    const pending = cache.get(key('pen'), () => computation.promise);
    // Another request sees the new catalog version while the first one is still running.
    await cache.get(key('pen', { catalogVersion: '2' }), body('new'));
    computation.resolve(Buffer.from('old'));
    expect(await text(pending)).toBe('old');
    expect(cache.size).toBe(1);
    expect(await text(cache.get(key('pen', { catalogVersion: '2' }), body('other')))).toBe('new');
  });

  it('with maxEntries 0 computes every time', async () => {
    const { state, cache, key, body } = setup({ maxEntries: 0 });
    await cache.get(key('pen'), body('a'));
    await cache.get(key('pen'), body('a'));
    expect(cache.enabled).toBe(false);
    expect(state.runs).toBe(2);
  });
});
