import { randomUUID } from 'node:crypto';
import { ConcurrencyPolicy } from './concurrency-policy';

/** Gives back a slot (never throws: a slot that cannot be given back expires with its lease). */
export type ReleaseSlot = () => Promise<void>;

/** The slots of one concurrency policy: shared in Redis, or in this process's memory. */
export interface SlotCounter {
  /** Takes one of `key`'s slots if one is free, without waiting; null when all are taken. */
  tryAcquire(key: string): Promise<ReleaseSlot | null>;
}

/** Slots in this process's memory: exact for one replica (no REDIS_URL), and Redis's stand-in in an outage. */
export class MemorySlotCounter implements SlotCounter {
  /** key -> lease id -> when the lease ends (ms since the epoch). */
  private readonly held = new Map<string, Map<string, number>>();

  constructor(private readonly policy: ConcurrencyPolicy) {}

  tryAcquire(key: string): Promise<ReleaseSlot | null> {
    const now = Date.now();
    let leases = this.held.get(key);
    if (!leases) {
      leases = new Map();
      this.held.set(key, leases);
    }
    for (const [lease, until] of leases) if (until <= now) leases.delete(lease);
    if (leases.size >= this.policy.limit) return Promise.resolve(null);
    const lease = randomUUID();
    leases.set(lease, now + this.policy.leaseMs);
    const own = leases;
    return Promise.resolve(() => {
      own.delete(lease);
      // No map per user that ever searched: an idle key goes.
      if (own.size === 0 && this.held.get(key) === own) this.held.delete(key);
      return Promise.resolve();
    });
  }
}
