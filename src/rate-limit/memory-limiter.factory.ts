import { RateLimiterAbstract, RateLimiterMemory } from 'rate-limiter-flexible';
import { ConcurrencyPolicy } from './concurrency-policy';
import { LimiterFactory } from './limiter.factory';
import { RateLimitPolicy } from './rate-limit-policy';
import { MemorySlotCounter, SlotCounter } from './slot-counter';

/**
 * Counters in this process's memory (no REDIS_URL): exact for one replica, per replica otherwise.
 * Each key expires with its window, so a flood of distinct keys lasts one window at most (and the
 * per-address limits bound how many a single source can make).
 */
export class MemoryLimiterFactory extends LimiterFactory {
  create(policy: RateLimitPolicy): RateLimiterAbstract {
    return new RateLimiterMemory({
      keyPrefix: policy.name,
      points: policy.limit,
      duration: policy.windowSeconds,
    });
  }

  createSlots(policy: ConcurrencyPolicy): SlotCounter {
    return new MemorySlotCounter(policy);
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
