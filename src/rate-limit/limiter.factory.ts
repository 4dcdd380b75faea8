import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { ConcurrencyPolicy } from './concurrency-policy';
import { RateLimitPolicy } from './rate-limit-policy';
import { SlotCounter } from './slot-counter';

/** What the rate-limit service uses of a rate-limiter-flexible limiter. */
export type CountingLimiter = Pick<RateLimiterAbstract, 'consume' | 'get' | 'penalty'>;

/** Makes the counters of one policy (and a concurrency policy's slots): shared in Redis, or in this process's memory. */
export abstract class LimiterFactory {
  abstract create(policy: RateLimitPolicy): CountingLimiter;
  abstract createSlots(policy: ConcurrencyPolicy): SlotCounter;
  /** Connects before the first request is served (a failure is logged, never fatal). */
  abstract start(): Promise<void>;
  abstract close(): Promise<void>;
}
