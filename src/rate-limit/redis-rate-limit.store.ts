import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimitStore } from './rate-limit.store';

// INCR and, for the first hit of a window, its expiry, in one atomic step.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

type RedisWithIncrement = Redis & {
  rateLimitIncrement(key: string, expireMs: number): Promise<number>;
};

/**
 * Counters in Redis (REDIS_URL), shared by every replica: one key per limit, key and window,
 * expiring shortly after its window. When Redis cannot answer within `commandTimeoutMs`, requests
 * are let through (fail open, with a warning): losing the limiter must not take the API down.
 */
export class RedisRateLimitStore extends RateLimitStore {
  private readonly logger = new Logger('RateLimit');
  private readonly redis: RedisWithIncrement;
  private lastWarning = 0;

  constructor(
    url: string,
    private readonly prefix: string,
    commandTimeoutMs = 250,
  ) {
    super();
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: commandTimeoutMs,
      connectTimeout: 2_000,
      // After a failed connection ioredis keeps a timer this long on close (its dead socket never
      // emits 'close' again); a live connection quits well within it.
      disconnectTimeout: 200,
    });
    redis.on('error', (error: Error) => this.warn(`Redis error: ${error.message}`));
    redis.defineCommand('rateLimitIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
    this.redis = redis as RedisWithIncrement;
  }

  /** Connects before the first request is served; a failure is logged, not fatal. */
  async connect(): Promise<void> {
    try {
      await this.redis.connect();
    } catch (error) {
      this.warn(`Redis unreachable at start, rate limits are not enforced until it is: ${String(error)}`);
    }
  }

  async increment(key: string, windowIndex: number, windowMs: number): Promise<number> {
    try {
      // Kept a second past its window, so a slightly slow replica clock still finds it.
      return await this.redis.rateLimitIncrement(`${this.prefix}${key}:${windowIndex}`, windowMs + 1_000);
    } catch (error) {
      this.warn(`Rate-limit counter unavailable, request allowed: ${(error as Error).message}`);
      return 0;
    }
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }

  /** At most one warning every 30 s, however many requests fail. */
  private warn(message: string): void {
    const now = Date.now();
    if (now - this.lastWarning < 30_000) return;
    this.lastWarning = now;
    this.logger.warn(message);
  }
}
