import { HttpStatus, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../common/http/api-error';
import { ConcurrencyPolicy } from './concurrency-policy';
import { LimiterFactory } from './limiter.factory';
import { throttledHeaders } from './rate-limit-headers';
import { SlotCounter } from './slot-counter';

/** The first re-try after all slots were taken, then doubling up to the longest pause. */
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 50;

/**
 * Bounds how many requests of one key run at once (a concurrency policy): the request takes a slot
 * (in Redis when REDIS_URL is set, so across replicas; else in memory), waits briefly for one when
 * all are taken, and is refused with 429 `rate_limited` and `Retry-After` when none frees up in time.
 */
@Injectable()
export class ConcurrencyLimitService {
  private readonly counters = new Map<string, SlotCounter>();

  constructor(private readonly factory: LimiterFactory) {}

  /** Runs `work` holding one of `key`'s slots, and gives the slot back when it ends (or fails). */
  async hold<T>(policy: ConcurrencyPolicy, key: string, work: () => Promise<T>): Promise<T> {
    if (policy.limit <= 0) return work();
    const release = await this.acquire(policy, key);
    try {
      return await work();
    } finally {
      await release();
    }
  }

  private async acquire(policy: ConcurrencyPolicy, key: string) {
    const counter = this.counterFor(policy);
    const deadline = Date.now() + policy.waitMs;
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      const release = await counter.tryAcquire(key);
      if (release) return release;
      const left = deadline - Date.now();
      if (left <= 0) throw this.refusal(policy);
      await sleep(Math.min(pause, left));
    }
  }

  private counterFor(policy: ConcurrencyPolicy): SlotCounter {
    let counter = this.counters.get(policy.name);
    if (!counter) {
      counter = this.factory.createSlots(policy);
      this.counters.set(policy.name, counter);
    }
    return counter;
  }

  /**
   * 429 with the same fields as a spent quota: the quota `q` is the requests at once, none remain
   * (`r=0`), and a second (`t`, `Retry-After`) is a fair time to try again.
   */
  private refusal(policy: ConcurrencyPolicy): ApiError {
    return new ApiError(
      HttpStatus.TOO_MANY_REQUESTS,
      'rate_limited',
      `Too many requests at once (${policy.name}: ${policy.limit} at a time); retry when one has been answered.`,
      throttledHeaders({ name: policy.name, limit: policy.limit, windowSeconds: 1 }, 0, 1_000),
    );
  }
}
