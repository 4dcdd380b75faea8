import { HttpStatus, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { ApiError } from '../common/http/api-error';
import { fixedWindow, retryAfterSeconds } from './fixed-window';
import { RateLimitPolicy } from './rate-limit-policy';
import { RateLimitStore } from './rate-limit.store';

/**
 * Counts requests per policy and key in fixed windows (at most 2x the limit can pass around a
 * window boundary, which is enough to stop hammering) and refuses the excess with 429,
 * `Retry-After` and `{error: "rate_limited"}`.
 */
@Injectable()
export class RateLimiterService {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  async consume(policy: RateLimitPolicy, key: string): Promise<void> {
    if (policy.limit <= 0) return;
    const now = this.clock.now().getTime();
    const windowMs = policy.windowSeconds * 1000;
    const window = fixedWindow(now, windowMs);
    const count = await this.store.increment(`${policy.name}:${key}`, window.index, windowMs);
    if (count > policy.limit) {
      const retryAfter = retryAfterSeconds(now, window.resetAt);
      throw new ApiError(
        HttpStatus.TOO_MANY_REQUESTS,
        'rate_limited',
        `Too many requests (limit ${policy.limit} per ${policy.windowSeconds} s); retry in ${retryAfter} s.`,
        { 'retry-after': String(retryAfter) },
      );
    }
  }
}
