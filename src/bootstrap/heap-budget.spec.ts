import { heapBudgetWarning } from './heap-budget';

const MB = 1024 * 1024;
const config = (productMb: number, searchMb: number, entries = 1) => ({
  productCache: { maxEntries: entries, maxBytes: productMb * MB },
  searchCache: { maxEntries: entries, maxBytes: searchMb * MB, ttlMs: 1 },
});

describe('heapBudgetWarning', () => {
  it('accepts the defaults under the Docker image heap (256 MB)', () => {
    expect(heapBudgetWarning(config(48, 16), 256 * MB)).toBeNull();
  });

  it('warns, naming the variables, when the caches exceed half the heap', () => {
    const warning = heapBudgetWarning(config(100, 16), 256 * MB);
    expect(warning).toContain('216 MB');
    expect(warning).toContain('256 MB heap limit');
    expect(warning).toContain('GATEWAY_HEAP_MB');
  });

  it('does not count caches that are turned off', () => {
    expect(heapBudgetWarning(config(4_000, 4_000, 0), 256 * MB)).toBeNull();
  });
});
