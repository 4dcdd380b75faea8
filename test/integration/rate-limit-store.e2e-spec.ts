import { Logger } from '@nestjs/common';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-rate-limit.store';
import { RateLimitStore } from '../../src/rate-limit/rate-limit.store';
import { RedisRateLimitStore } from '../../src/rate-limit/redis-rate-limit.store';
import { describeWithRedis, testRedisPrefix, testRedisUrl } from '../support/redis';

// The same contract for both stores: one counter per key and window, counted from 1.
function storeContract(makeStore: () => Promise<{ store: RateLimitStore; close(): Promise<void> }>) {
  let store: RateLimitStore;
  let close: () => Promise<void>;
  beforeAll(async () => ({ store, close } = await makeStore()));
  afterAll(() => close());

  it('counts hits per key within a window, starting at 1', async () => {
    expect(await store.increment('a', 10, 60_000)).toBe(1);
    expect(await store.increment('a', 10, 60_000)).toBe(2);
    expect(await store.increment('b', 10, 60_000)).toBe(1);
    expect(await store.increment('a', 10, 60_000)).toBe(3);
  });

  it('starts again from 1 in the next window', async () => {
    expect(await store.increment('c', 10, 60_000)).toBe(1);
    expect(await store.increment('c', 10, 60_000)).toBe(2);
    expect(await store.increment('c', 11, 60_000)).toBe(1);
  });

  it('counts concurrent hits exactly', async () => {
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.increment('d', 10, 60_000)));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
}

describe('MemoryRateLimitStore', () => {
  storeContract(async () => ({ store: new MemoryRateLimitStore(), close: async () => undefined }));

  it('keeps at most maxKeys counters, dropping past windows first, then the oldest', async () => {
    const store = new MemoryRateLimitStore(3);
    await store.increment('old', 1, 1_000);
    await store.increment('x', 2, 1_000);
    await store.increment('y', 2, 1_000);
    await store.increment('z', 2, 1_000);
    expect(store.size).toBe(3);
    expect(await store.increment('x', 2, 1_000)).toBe(2); // survived: only the past window went
    await store.increment('w', 2, 1_000);
    expect(store.size).toBe(3);
  });
});

describeWithRedis('RedisRateLimitStore', () => {
  storeContract(async () => {
    const store = new RedisRateLimitStore(testRedisUrl() as string, testRedisPrefix());
    await store.connect();
    return { store, close: () => store.close() };
  });
});

describe('RedisRateLimitStore when Redis is unreachable', () => {
  it('lets requests through (counts 0) with a warning instead of failing them', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const store = new RedisRateLimitStore('redis://127.0.0.1:1', testRedisPrefix(), 100);
    await store.connect();
    expect(await store.increment('a', 1, 60_000)).toBe(0);
    await store.close();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Redis/));
    warn.mockRestore();
  });
});
