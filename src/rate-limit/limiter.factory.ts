import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimitPolicy } from './rate-limit-policy';

/** Makes the counter of one policy: shared in Redis, or in this process's memory. */
export abstract class LimiterFactory {
  abstract create(policy: RateLimitPolicy): RateLimiterAbstract;
  /** Connects before the first request is served (a failure is logged, never fatal). */
  abstract start(): Promise<void>;
  abstract close(): Promise<void>;
}
