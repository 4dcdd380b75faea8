import Redis from 'ioredis';
import { RedisSlotCounter } from '../../../src/rate-limit/redis-slot.counter';
import { describeWithRedis, testRedisPrefix, testRedisUrl } from '../../support/redis';

const policy = { name: 'test-concurrent', limit: 2, waitMs: 0, leaseMs: 60_000 };

describeWithRedis('concurrency slots in Redis', () => {
  let redis: Redis;
  const prefix = testRedisPrefix();

  beforeAll(() => {
    redis = new Redis(testRedisUrl() as string);
  });
  afterAll(() => redis.disconnect());

  it('shares the slots of a key between counters (replicas) and gives them back', async () => {
    const outages: string[] = [];
    const [one, two] = [0, 1].map(
      () => new RedisSlotCounter(redis, policy, prefix, 1_000, (reason) => outages.push(reason)),
    );
    const first = await one.tryAcquire('user-a');
    const second = await two.tryAcquire('user-a');
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await one.tryAcquire('user-a')).toBeNull();
    expect(await two.tryAcquire('user-b')).not.toBeNull();
    expect(await redis.zcard(`${prefix}test-concurrent:user-a`)).toBe(2);
    await first!();
    expect(await redis.zcard(`${prefix}test-concurrent:user-a`)).toBe(1);
    expect(await two.tryAcquire('user-a')).not.toBeNull();
    expect(outages).toEqual([]);
  });

  it('lets a slot whose holder died expire with its lease', async () => {
    const counter = new RedisSlotCounter(
      redis,
      { ...policy, limit: 1, leaseMs: 200 },
      prefix,
      1_000,
      () => {},
    );
    expect(await counter.tryAcquire('user-c')).not.toBeNull();
    expect(await counter.tryAcquire('user-c')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await counter.tryAcquire('user-c')).not.toBeNull();
  });
});

describe('concurrency slots while Redis does not answer', () => {
  it('counts in memory, still capped, and reports the outage', async () => {
    // A client that is not connected and does not queue: every command fails at once, as in an outage.
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    const outages: string[] = [];
    try {
      const counter = new RedisSlotCounter(down, policy, 'none:', 1_000, (reason) => outages.push(reason));
      expect(await counter.tryAcquire('user-a')).not.toBeNull();
      expect(await counter.tryAcquire('user-a')).not.toBeNull();
      expect(await counter.tryAcquire('user-a')).toBeNull();
      expect(outages.length).toBeGreaterThan(0);
    } finally {
      down.disconnect();
    }
  });
});
