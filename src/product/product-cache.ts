import { LRUCache } from 'lru-cache';

export interface ProductCacheOptions {
  /** Most products kept; 0 turns the cache off (every request reads PostgreSQL). */
  maxEntries: number;
  /** Most bytes kept (the JSON texts, counted at two bytes per character). */
  maxBytes: number;
  /** How old the last look at the catalog version may be before a request looks again. */
  versionCheckMs: number;
}

/**
 * Product rows (as JSON text) kept in this process, because the catalog changes only on import.
 * Bounded by entries and bytes (least recently used go first). Imports bump the catalog version in
 * their transaction (catalog_version); before serving, the cache compares it with the one it last
 * saw when that look is older than `versionCheckMs`, and a change empties it. So a committed import
 * is visible on every replica within `versionCheckMs` (plus one query). Rows are cached only when no
 * version change was seen while they were read, so a read that began before an import committed
 * cannot put old data back after the cache was emptied. Absent products are not cached (random ids
 * must not evict real rows). Time comes from `now` (the injected clock).
 */
export class ProductCache {
  private readonly rows: LRUCache<string, string> | undefined;
  private version: string | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;
  /** Advances whenever the cache is emptied; a read that spans it is not cached. */
  private generation = 0;

  constructor(
    private readonly options: ProductCacheOptions,
    private readonly loadVersion: () => Promise<string>,
    private readonly now: () => number,
  ) {
    if (options.maxEntries > 0) {
      this.rows = new LRUCache<string, string>({
        max: options.maxEntries,
        maxSize: options.maxBytes,
        sizeCalculation: (json, id) => 2 * (json.length + id.length),
      });
    }
  }

  get size(): number {
    return this.rows?.size ?? 0;
  }

  /** The product's JSON text: from the cache, else from `load` (and then cached). */
  async get(id: string, load: (id: string) => Promise<string | undefined>): Promise<string | undefined> {
    if (!this.rows) return load(id);
    if (this.versionCheckDue()) await this.checkVersion();
    const hit = this.rows.get(id);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const json = await load(id);
    if (json !== undefined && generation === this.generation) this.rows.set(id, json);
    return json;
  }

  private versionCheckDue(): boolean {
    const now = this.now();
    // A clock that went backwards also means: look again.
    return now - this.checkedAt >= this.options.versionCheckMs || now < this.checkedAt;
  }

  /** One look at the catalog version at a time; concurrent requests wait for the same one. */
  private checkVersion(): Promise<void> {
    this.checking ??= (async () => {
      const startedAt = this.now();
      try {
        const version = await this.loadVersion();
        if (version !== this.version) {
          this.rows?.clear();
          this.generation++;
          this.version = version;
        }
        // The look counts from when it began: the version may have moved while it ran.
        this.checkedAt = startedAt;
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }
}
