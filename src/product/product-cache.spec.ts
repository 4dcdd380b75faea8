import { ProductCache } from './product-cache';

/**
 * A cache over an in-memory "catalog" whose version the test moves. How often the version is really
 * read is the CatalogVersionWatcher's business (its own spec); here each look answers the current one.
 */
function setup(options: { maxEntries?: number; maxBytes?: number } = {}) {
  const state = { version: 1, reads: 0, versionReads: 0, parses: 0 };
  const rows = new Map<string, string>();
  const cache = new ProductCache<string>(
    { maxEntries: 100, maxBytes: 1_000_000, ...options },
    async () => {
      state.versionReads++;
      return String(state.version);
    },
    (json) => {
      state.parses++;
      return json;
    },
  );
  const load = async (id: string) => {
    state.reads++;
    return rows.get(id);
  };
  return { state, rows, cache, load };
}

describe('ProductCache', () => {
  it('reads a product once, then serves it from memory while the catalog version stays', async () => {
    const { state, rows, cache, load } = setup();
    rows.set('a', '{"id":"a"}');
    expect(await cache.get('a', load)).toBe('{"id":"a"}');
    expect(await cache.get('a', load)).toBe('{"id":"a"}');
    expect(await cache.get('a', load)).toBe('{"id":"a"}');
    expect(state).toMatchObject({ reads: 1, versionReads: 3 });
  });

  it('parses a row once when it is read and serves the same parsed row on every hit', async () => {
    const { state, rows, load } = setup();
    const cache = new ProductCache<{ id: string }>(
      { maxEntries: 100, maxBytes: 1_000_000 },
      async () => '1',
      (json) => {
        state.parses++;
        return JSON.parse(json) as { id: string };
      },
    );
    rows.set('a', '{"id":"a"}');
    const first = await cache.get('a', load);
    expect(first).toEqual({ id: 'a' });
    expect(await cache.get('a', load)).toBe(first);
    expect(state).toMatchObject({ reads: 1, parses: 1 });
  });

  it('drops everything when the version changed', async () => {
    const { state, rows, cache, load } = setup();
    rows.set('a', 'old');
    rows.set('b', 'old');
    await cache.get('a', load);
    await cache.get('b', load);
    rows.set('a', 'new');
    state.version = 2;
    expect(await cache.get('a', load)).toBe('new');
    expect(cache.size).toBe(1);
  });

  it('does not cache a row whose read spanned a version change (it may predate the import)', async () => {
    const { state, rows, cache } = setup();
    rows.set('a', 'old');
    let release: () => void = () => undefined;
    const slowLoad = async (id: string) => {
      const value = rows.get(id); // read under the old catalog...
      await new Promise<void>((resolve) => (release = resolve));
      return value;
    };
    const pending = cache.get('a', slowLoad);
    await new Promise((resolve) => setImmediate(resolve));
    // ...while an import commits and another request sees the new version.
    rows.set('a', 'new');
    state.version = 2;
    expect(await cache.get('b', async () => undefined)).toBeUndefined();
    release();
    expect(await pending).toBe('old');
    expect(await cache.get('a', async (id) => rows.get(id))).toBe('new');
  });

  it('keeps at most maxEntries products and maxBytes bytes, least recently used first out', async () => {
    const byEntries = setup({ maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) byEntries.rows.set(id, id);
    for (const id of ['a', 'b', 'c']) await byEntries.cache.get(id, byEntries.load);
    expect(byEntries.cache.size).toBe(2);

    const byBytes = setup({ maxBytes: 2 * (100 + 1) * 2 });
    for (const id of ['a', 'b', 'c']) byBytes.rows.set(id, 'x'.repeat(100));
    for (const id of ['a', 'b', 'c']) await byBytes.cache.get(id, byBytes.load);
    expect(byBytes.cache.size).toBe(2);
    byBytes.state.reads = 0;
    await byBytes.cache.get('c', byBytes.load);
    await byBytes.cache.get('a', byBytes.load); // evicted: read again
    expect(byBytes.state.reads).toBe(1);
  });

  it('with maxEntries 0 reads every time and never looks at the version', async () => {
    const { state, rows, cache, load } = setup({ maxEntries: 0 });
    rows.set('a', 'x');
    await cache.get('a', load);
    await cache.get('a', load);
    expect(state).toMatchObject({ reads: 2, versionReads: 0 });
  });

  it('does not cache unknown products', async () => {
    const { cache, load } = setup();
    expect(await cache.get('nope', load)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
