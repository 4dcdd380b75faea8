import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimitPolicy } from './rate-limit-policy';

/** What the rate-limit service uses of a rate-limiter-flexible limiter. */
export type CountingLimiter = Pick<RateLimiterAbstract, 'consume' | 'get' | 'penalty'>;

/** Makes the counter of one policy: shared in Redis, or in this process's memory. */
export abstract class LimiterFactory {
  abstract create(policy: RateLimitPolicy): CountingLimiter;
  /** Connects before the first request is served (a failure is logged, never fatal). */
  abstract start(): Promise<void>;
  abstract close(): Promise<void>;
}
