import { LRUCache } from 'lru-cache';

export interface ProductCacheOptions {
  /** Most products kept; 0 turns the cache off (every request reads PostgreSQL). */
  maxEntries: number;
  /**
   * Most bytes kept, counted as the rows' JSON texts at two bytes per character. The cache holds the
   * parsed rows, which measured about 1.1 bytes of heap per JSON character on the demo catalog, so
   * the bound stays an upper bound.
   */
  maxBytes: number;
  /** How old the last look at the catalog version may be before a request looks again. */
  versionCheckMs: number;
}

/**
 * Product rows kept in this process, parsed once from their JSON text (`parse`: each request used
 * to parse the text again, a good part of a cached request's CPU; the parsed row must be treated as
 * immutable, which the product service's deep freeze enforces), because the catalog changes only on import.
 * Bounded by entries and bytes (least recently used go first). Imports bump the catalog version in
 * their transaction (catalog_version); before serving, the cache compares it with the one it last
 * saw when that look is older than `versionCheckMs`, and a change empties it. So a committed import
 * is visible on every replica within `versionCheckMs` (plus one query). Rows are cached only when no
 * version change was seen while they were read, so a read that began before an import committed
 * cannot put old data back after the cache was emptied. Absent products are not cached (random ids
 * must not evict real rows). Time comes from `now` (the injected clock).
 */
export class ProductCache<T extends NonNullable<unknown>> {
  private readonly rows: LRUCache<string, T> | undefined;
  private version: string | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;
  /** Advances whenever the cache is emptied; a read that spans it is not cached. */
  private generation = 0;

  constructor(
    private readonly options: ProductCacheOptions,
    private readonly loadVersion: () => Promise<string>,
    private readonly now: () => number,
    private readonly parse: (json: string) => T,
  ) {
    if (options.maxEntries > 0) {
      // Sizes are given on set (from the JSON text the row was parsed from).
      this.rows = new LRUCache<string, T>({ max: options.maxEntries, maxSize: options.maxBytes });
    }
  }

  get size(): number {
    return this.rows?.size ?? 0;
  }

  /** The parsed product: from the cache, else parsed from `load`'s JSON text (and then cached). */
  async get(id: string, load: (id: string) => Promise<string | undefined>): Promise<T | undefined> {
    if (!this.rows) {
      const json = await load(id);
      return json === undefined ? undefined : this.parse(json);
    }
    if (this.versionCheckDue()) await this.checkVersion();
    const hit = this.rows.get(id);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const json = await load(id);
    if (json === undefined) return undefined;
    const row = this.parse(json);
    const size = 2 * (json.length + id.length);
    // A row larger than the whole budget is served but not kept (lru-cache would refuse it anyway).
    if (generation === this.generation && size <= this.options.maxBytes) this.rows.set(id, row, { size });
    return row;
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
