import Redis from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { ConcurrencyPolicy } from './concurrency-policy';
import { InsuranceLimiter } from './insurance.limiter';
import { settleWithin } from './lag-tolerant-timeout';
import { CountingLimiter, LimiterFactory } from './limiter.factory';
import { RateLimitPolicy } from './rate-limit-policy';
import { RedisOutageMonitor } from './redis-outage.monitor';
import { RedisSlotCounter } from './redis-slot.counter';
import { SlotCounter } from './slot-counter';

export interface RedisLimiterOptions {
  url: string;
  prefix: string;
  /** How long a counter update may take before the request is counted in memory instead. */
  commandTimeoutMs?: number;
}

/**
 * Counters in Redis (REDIS_URL), shared by every replica: rate-limiter-flexible increments and
 * expires a key in one Lua script, so concurrent requests on any replica are counted exactly. While
 * Redis is unreachable (not connected, or a command times out) each replica counts in memory
 * through the library's insurance limiter, and the outage is logged once (RedisOutageMonitor).
 */
export class RedisLimiterFactory extends LimiterFactory {
  private readonly redis: Redis;
  readonly monitor: RedisOutageMonitor;

  private readonly commandTimeoutMs: number;

  constructor(private readonly options: RedisLimiterOptions) {
    super();
    this.commandTimeoutMs = options.commandTimeoutMs ?? 1_000;
    this.redis = new Redis(options.url, {
      lazyConnect: true,
      // Fail at once while disconnected (the insurance limiter answers) instead of queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Only a backstop that frees commands of a stalled connection: the request itself stops
      // waiting after commandTimeoutMs (create(), settleWithin).
      commandTimeout: 5 * this.commandTimeoutMs,
      connectTimeout: 2_000,
      // After a failed connection ioredis keeps a timer this long on close; a live connection quits well within it.
      disconnectTimeout: 200,
    });
    this.monitor = new RedisOutageMonitor(this.redis);
  }

  create(policy: RateLimitPolicy): CountingLimiter {
    const shape = { points: policy.limit, duration: policy.windowSeconds };
    const insurance = new InsuranceLimiter({ ...shape, keyPrefix: policy.name }, () =>
      this.monitor.markDown('a counter update failed or timed out'),
    );
    // A failed command goes to the insurance limiter inside the library; one that takes too long,
    // here (a stalled connection never fails on its own).
    const shared = new RateLimiterRedis({
      ...shape,
      storeClient: this.redis,
      keyPrefix: `${this.options.prefix}${policy.name}`,
      rejectIfRedisNotReady: true,
      insuranceLimiter: insurance,
    });
    const timeout = this.commandTimeoutMs;
    return {
      consume: (key, points) =>
        settleWithin(shared.consume(key, points), timeout, () => insurance.consume(key, points)),
      get: (key) => settleWithin(shared.get(key), timeout, () => insurance.get(key)),
      penalty: (key, points) =>
        settleWithin(shared.penalty(key, points), timeout, () => insurance.penalty(key, points)),
    };
  }

  createSlots(policy: ConcurrencyPolicy): SlotCounter {
    return new RedisSlotCounter(this.redis, policy, this.options.prefix, this.commandTimeoutMs, (reason) =>
      this.monitor.markDown(reason),
    );
  }

  async start(): Promise<void> {
    try {
      await this.redis.connect();
    } catch (error) {
      this.monitor.markDown(`not reachable at start: ${(error as Error).message}`);
    }
  }

  async close(): Promise<void> {
    this.monitor.stop();
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
