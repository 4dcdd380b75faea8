import { TokenCache } from './token-cache';

describe('TokenCache', () => {
  const t0 = 1_000_000;

  it('serves an entry until its ttl has passed, then forgets it', () => {
    const cache = new TokenCache<string>(2_000, 10);
    cache.set('a', 'principal', t0 + 300_000, t0);
    expect(cache.get('a', t0 + 1_999)).toBe('principal');
    expect(cache.get('a', t0 + 2_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never serves an entry at or past the token expiry, even within the ttl', () => {
    const cache = new TokenCache<string>(2_000, 10);
    cache.set('a', 'principal', t0 + 500, t0);
    expect(cache.get('a', t0 + 499)).toBe('principal');
    expect(cache.get('a', t0 + 500)).toBeUndefined();
  });

  it('drops an entry when the clock goes backwards', () => {
    const cache = new TokenCache<string>(2_000, 10);
    cache.set('a', 'principal', t0 + 300_000, t0);
    expect(cache.get('a', t0 - 1)).toBeUndefined();
  });

  it('evicts the oldest entry once full', () => {
    const cache = new TokenCache<string>(2_000, 2);
    cache.set('a', 'A', t0 + 300_000, t0);
    cache.set('b', 'B', t0 + 300_000, t0);
    cache.set('c', 'C', t0 + 300_000, t0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', t0)).toBeUndefined();
    expect(cache.get('b', t0)).toBe('B');
    expect(cache.get('c', t0)).toBe('C');
  });

  it('stores nothing when the ttl is 0 (cache off)', () => {
    const cache = new TokenCache<string>(0, 10);
    cache.set('a', 'A', t0 + 300_000, t0);
    expect(cache.get('a', t0)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets a deleted entry at once', () => {
    const cache = new TokenCache<string>(2_000, 10);
    cache.set('a', 'A', t0 + 300_000, t0);
    cache.delete('a');
    expect(cache.get('a', t0)).toBeUndefined();
  });
});
