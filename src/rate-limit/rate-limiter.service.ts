import { HttpStatus, Injectable } from '@nestjs/common';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../common/http/api-error';
import { CountingLimiter, LimiterFactory } from './limiter.factory';
import { throttledHeaders } from './rate-limit-headers';
import { RateLimitPolicy } from './rate-limit-policy';

/**
 * Counts points per policy and key with rate-limiter-flexible (a window starts with a key's first
 * point and lasts `windowSeconds`) and refuses the excess with 429 `rate_limited`, `Retry-After`
 * and the RateLimit headers (rate-limit-headers.ts).
 */
@Injectable()
export class RateLimiterService {
  private readonly limiters = new Map<string, CountingLimiter>();

  constructor(private readonly factory: LimiterFactory) {}

  /** Spends `points` (at most the whole quota, so a heavy request can always pass alone) or throws 429. */
  async consume(policy: RateLimitPolicy, key: string, points = 1): Promise<void> {
    if (policy.limit <= 0) return;
    try {
      await this.limiterFor(policy).consume(key, Math.min(Math.max(1, points), policy.limit));
    } catch (rejection) {
      throw this.refusal(policy, rejection);
    }
  }

  /** Throws 429 when `key` has nothing left, without spending a point (checked before work). */
  async check(policy: RateLimitPolicy, key: string): Promise<void> {
    if (policy.limit <= 0) return;
    const state = await this.limiterFor(policy).get(key);
    if (state && state.consumedPoints >= policy.limit) throw this.refusal(policy, state);
  }

  /** Spends points after the fact (a failed attempt, measured work), never refusing the request it counts. */
  async penalize(policy: RateLimitPolicy, key: string, points = 1): Promise<void> {
    if (policy.limit <= 0) return;
    await this.limiterFor(policy).penalty(key, Math.max(1, Math.round(points)));
  }

  private limiterFor(policy: RateLimitPolicy): CountingLimiter {
    let limiter = this.limiters.get(policy.name);
    if (!limiter) {
      limiter = this.factory.create(policy);
      this.limiters.set(policy.name, limiter);
    }
    return limiter;
  }

  private refusal(policy: RateLimitPolicy, rejection: unknown): unknown {
    // The library rejects with its result when the quota is spent, with an Error when it failed.
    if (!(rejection instanceof RateLimiterRes)) return rejection;
    const headers = throttledHeaders(policy, rejection.remainingPoints, rejection.msBeforeNext);
    return new ApiError(
      HttpStatus.TOO_MANY_REQUESTS,
      'rate_limited',
      `Too many requests (${policy.name}: ${policy.limit} per ${policy.windowSeconds} s); retry in ${headers['retry-after']} s.`,
      headers,
    );
  }
}
