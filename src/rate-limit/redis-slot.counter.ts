import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { ConcurrencyPolicy } from './concurrency-policy';
import { settleWithin } from './lag-tolerant-timeout';
import { MemorySlotCounter, ReleaseSlot, SlotCounter } from './slot-counter';

/**
 * Takes a slot in one step: leases are members of a sorted set scored by when they end (Redis's own
 * clock, so replicas' clocks do not matter); ended ones are dropped, and a new one is added only
 * while fewer than the limit remain. Returns 1 when the slot is taken.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * Slots shared by every replica through Redis (when Redis is the limiter store). While Redis cannot
 * answer within `commandTimeoutMs` the slots are counted in this process's memory, as the counters
 * are (`onOutage` reports it); a lease taken there is given back there.
 */
export class RedisSlotCounter implements SlotCounter {
  private readonly local: MemorySlotCounter;

  constructor(
    private readonly redis: Redis,
    private readonly policy: ConcurrencyPolicy,
    private readonly prefix: string,
    private readonly commandTimeoutMs: number,
    private readonly onOutage: (reason: string) => void,
  ) {
    this.local = new MemorySlotCounter(policy);
  }

  tryAcquire(key: string): Promise<ReleaseSlot | null> {
    const redisKey = `${this.prefix}${this.policy.name}:${key}`;
    const lease = randomUUID();
    const inMemory = (reason: string) => {
      this.onOutage(reason);
      return this.local.tryAcquire(key);
    };
    const shared = this.redis
      .eval(ACQUIRE, 1, redisKey, this.policy.limit, this.policy.leaseMs, lease)
      .then((taken): ReleaseSlot | null =>
        taken === 1
          ? () =>
              this.redis.zrem(redisKey, lease).then(
                () => undefined,
                // The lease ends by itself (leaseMs) if Redis cannot take it back now.
                () => undefined,
              )
          : null,
      )
      .catch(() => inMemory('a concurrency slot could not be taken'));
    return settleWithin(shared, this.commandTimeoutMs, () => inMemory('a concurrency slot update timed out'));
  }
}
