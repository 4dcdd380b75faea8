import { RateLimitStore } from './rate-limit.store';

/**
 * Counters in this process's memory (no REDIS_URL): exact for one replica, per replica otherwise.
 * Bounded: past `maxKeys` counters the oldest are dropped, so a flood of distinct keys (random
 * client ids) cannot grow the heap; the per-address limit still bounds such a flood.
 */
export class MemoryRateLimitStore extends RateLimitStore {
  private readonly counters = new Map<string, { windowIndex: number; count: number }>();

  constructor(private readonly maxKeys = 100_000) {
    super();
  }

  get size(): number {
    return this.counters.size;
  }

  // Windows are told apart by index alone; their length only matters to stores that expire keys.
  increment(key: string, windowIndex: number, _windowMs?: number): Promise<number> {
    const counter = this.counters.get(key);
    if (counter && counter.windowIndex === windowIndex) {
      counter.count += 1;
      return Promise.resolve(counter.count);
    }
    // A new window (or a new key): re-insert so insertion order stays oldest-first.
    this.counters.delete(key);
    if (this.counters.size >= this.maxKeys) this.evict(windowIndex);
    this.counters.set(key, { windowIndex, count: 1 });
    return Promise.resolve(1);
  }

  private evict(currentWindow: number): void {
    for (const [key, counter] of this.counters) {
      if (counter.windowIndex < currentWindow) this.counters.delete(key);
    }
    while (this.counters.size >= this.maxKeys) {
      const oldest = this.counters.keys().next();
      if (oldest.done) break;
      this.counters.delete(oldest.value);
    }
  }
}
