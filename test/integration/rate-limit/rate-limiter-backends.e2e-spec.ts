import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { ApiError } from '../../../src/common/http/api-error';
import { LimiterFactory } from '../../../src/rate-limit/limiter.factory';
import { MemoryLimiterFactory } from '../../../src/rate-limit/memory-limiter.factory';
import { RateLimitPolicy } from '../../../src/rate-limit/rate-limit-policy';
import { RateLimiterService } from '../../../src/rate-limit/rate-limiter.service';
import { RedisLimiterFactory } from '../../../src/rate-limit/redis-limiter.factory';
import { describeWithRedis, testRedisPrefix, testRedisUrl } from '../../support/redis';
import { TcpProxy } from '../../support/tcp-proxy';

const policy = (name: string, limit: number, windowSeconds = 60): RateLimitPolicy => ({
  name,
  limit,
  windowSeconds,
});

/** Whether one consume passed (true) or was refused with 429 (false); anything else fails the test. */
async function admitted(service: RateLimiterService, p: RateLimitPolicy, key: string, points = 1) {
  try {
    await service.consume(p, key, points);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.getStatus() === 429) return false;
    throw error;
  }
}

const countAdmitted = async (results: Promise<boolean>[]) =>
  (await Promise.all(results)).filter(Boolean).length;

// The same contract for both backends.
function limiterContract(makeFactory: () => LimiterFactory) {
  let factory: LimiterFactory;
  let service: RateLimiterService;
  beforeAll(async () => {
    factory = makeFactory();
    await factory.start();
    service = new RateLimiterService(factory);
  });
  afterAll(() => factory.close());

  it('admits the quota per key and refuses the excess with 429, Retry-After and the RateLimit fields', async () => {
    const p = policy('contract', 3, 60);
    for (let i = 0; i < 3; i++) await service.consume(p, 'a');
    await service.consume(p, 'b');
    const refusal = await service.consume(p, 'a').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApiError);
    const error = refusal as ApiError;
    expect(error.getStatus()).toBe(429);
    expect(error.getResponse()).toEqual({ error: 'rate_limited', error_description: expect.any(String) });
    const retryAfter = Number(error.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(error.headers['ratelimit-policy']).toBe('"contract";q=3;w=60');
    expect(error.headers.ratelimit).toBe(`"contract";r=0;t=${retryAfter}`);
  });

  it('spends weighted points, a request heavier than the quota being charged the whole quota', async () => {
    const p = policy('weights', 10);
    expect(await admitted(service, p, 'w', 8)).toBe(true);
    expect(await admitted(service, p, 'w', 3)).toBe(false);
    // Refused points count too (11 of 10 now): a client that keeps hammering stays refused.
    expect(await admitted(service, p, 'w', 1)).toBe(false);
    expect(await admitted(service, p, 'v', 2)).toBe(true);
    expect(await admitted(service, p, 'x', 50)).toBe(true);
    expect(await admitted(service, p, 'x', 1)).toBe(false);
  });

  it('checks without spending and penalizes without refusing', async () => {
    const p = policy('failures', 2);
    await service.check(p, 'k');
    await service.penalize(p, 'k');
    await service.check(p, 'k');
    await service.penalize(p, 'k');
    await service.penalize(p, 'k');
    await expect(service.check(p, 'k')).rejects.toMatchObject({
      headers: { 'retry-after': expect.any(String) },
    });
  });

  it('admits exactly the quota of 200 concurrent requests against a limit of 100', async () => {
    const p = policy('concurrent', 100);
    expect(await countAdmitted(Array.from({ length: 200 }, () => admitted(service, p, 'c')))).toBe(100);
  });

  it('opens a new window once the old one has passed', async () => {
    const p = policy('short', 1, 1);
    expect(await admitted(service, p, 's')).toBe(true);
    expect(await admitted(service, p, 's')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await admitted(service, p, 's')).toBe(true);
  });

  it('treats a limit of 0 as unlimited', async () => {
    const p = policy('off', 0);
    expect(await countAdmitted(Array.from({ length: 20 }, () => admitted(service, p, 'o')))).toBe(20);
  });
}

describe('rate limiter in memory', () => {
  limiterContract(() => new MemoryLimiterFactory());
});

describeWithRedis('rate limiter in Redis', () => {
  const prefix = testRedisPrefix();
  limiterContract(() => new RedisLimiterFactory({ url: testRedisUrl() as string, prefix }));

  it('counts atomically across two replicas sharing Redis: 300 concurrent requests, 100 admitted', async () => {
    const shared = testRedisPrefix();
    const replicas = [0, 1].map(
      () => new RedisLimiterFactory({ url: testRedisUrl() as string, prefix: shared }),
    );
    await Promise.all(replicas.map((r) => r.start()));
    const services = replicas.map((r) => new RateLimiterService(r));
    const p = policy('fleet', 100);
    const results = Array.from({ length: 300 }, (_, i) => admitted(services[i % 2], p, 'user-1'));
    expect(await countAdmitted(results)).toBe(100);
    await Promise.all(replicas.map((r) => r.close()));
  });
});

describeWithRedis('rate limiter while Redis is unreachable', () => {
  let proxy: TcpProxy;
  let factory: RedisLimiterFactory;
  let service: RateLimiterService;
  let redis: Redis;
  const prefix = testRedisPrefix();
  const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);

  beforeAll(async () => {
    const target = new URL(testRedisUrl() as string);
    proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    await proxy.open();
    const viaProxy = new URL(testRedisUrl() as string);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    factory = new RedisLimiterFactory({ url: viaProxy.toString(), prefix, commandTimeoutMs: 200 });
    await factory.start();
    service = new RateLimiterService(factory);
    redis = new Redis(testRedisUrl() as string);
  });
  afterAll(async () => {
    await factory.close();
    await proxy.cut();
    redis.disconnect();
    warn.mockRestore();
    log.mockRestore();
  });

  const outageWarnings = () =>
    warn.mock.calls.filter(([message]) => /Redis unreachable/.test(String(message)));
  const recoveries = () => log.mock.calls.filter(([message]) => /Redis answers again/.test(String(message)));

  async function until(condition: () => boolean, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('condition not reached in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('keeps limiting in memory during the outage, logs it once, and counts in Redis again after', async () => {
    const p = policy('outage', 5);
    for (let i = 0; i < 3; i++) expect(await admitted(service, p, 'u')).toBe(true);
    expect(await redis.get(`${prefix}outage:u`)).toBe('3');

    await proxy.cut();
    // During the outage: no request fails with an error, none passes unlimited (5 per window in memory).
    const during = await Promise.all(Array.from({ length: 40 }, () => admitted(service, p, 'u')));
    expect(during.filter(Boolean)).toHaveLength(5);
    expect(outageWarnings()).toHaveLength(1);
    expect(await redis.get(`${prefix}outage:u`)).toBe('3');

    await proxy.open();
    await until(() => !factory.monitor.isDown);
    expect(recoveries()).toHaveLength(1);
    // Back on Redis: its counter (3 of 5) decides again, not the memory one (full).
    expect(await admitted(service, p, 'u')).toBe(true);
    expect(await admitted(service, p, 'u')).toBe(true);
    expect(await admitted(service, p, 'u')).toBe(false);
    expect(await redis.get(`${prefix}outage:u`)).toBe('6');
    expect(outageWarnings()).toHaveLength(1);
  });

  it('falls back the same way when Redis stalls (commands time out), and recovers when it answers', async () => {
    const p = policy('stall', 2);
    expect(await admitted(service, p, 's')).toBe(true);
    proxy.hold();
    const during = await Promise.all(Array.from({ length: 10 }, () => admitted(service, p, 's')));
    expect(during.filter(Boolean)).toHaveLength(2);
    expect(outageWarnings()).toHaveLength(2);
    proxy.release();
    await until(() => !factory.monitor.isDown);
    expect(recoveries()).toHaveLength(2);
    // The stalled increments reached Redis late (that key is spent); a fresh key counts in Redis.
    expect(await admitted(service, p, 'fresh')).toBe(true);
    expect(await admitted(service, p, 'fresh')).toBe(true);
    expect(await admitted(service, p, 'fresh')).toBe(false);
    expect(await redis.get(`${prefix}stall:fresh`)).toBe('3');
  });
});

describe('rate limiter whose Redis never answered', () => {
  it('starts, warns once, and limits in memory instead of failing or admitting everything', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const factory = new RedisLimiterFactory({ url: 'redis://127.0.0.1:1', prefix: testRedisPrefix() });
    await factory.start();
    const service = new RateLimiterService(factory);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => admitted(service, policy('cold', 4), 'k')),
    );
    expect(results.filter(Boolean)).toHaveLength(4);
    expect(warn.mock.calls.filter(([message]) => /Redis unreachable/.test(String(message)))).toHaveLength(1);
    await factory.close();
    warn.mockRestore();
  });
});
