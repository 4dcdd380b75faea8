/**
 * A small per-process cache of resolved tokens: bounded in entries, each entry trusted for at most
 * `ttlMs` after it was read from the database, and never past the token's own expiry. So a
 * revocation (user disabled, client or token revoked) reaches every replica within `ttlMs`, and an
 * expired token is refused at once. Pure: the caller passes the time.
 */
export class TokenCache<V> {
  private readonly entries = new Map<string, { value: V; cachedUntil: number; expiresAt: number }>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now >= entry.cachedUntil || now >= entry.expiresAt || now < entry.cachedUntil - this.ttlMs) {
      // Stale, expired, or the clock went backwards: ask the database again.
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, expiresAt: number, now: number): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, cachedUntil: now + this.ttlMs, expiresAt });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
