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
}

/**
 * Product rows kept in this process, parsed once from their JSON text (`parse`: each request used
 * to parse the text again, a good part of a cached request's CPU; the parsed row must be treated as
 * immutable, which the product service's deep freeze enforces), because the catalog changes only on import.
 * Bounded by entries and bytes (least recently used go first). Imports bump the catalog version in
 * their transaction (catalog_version); before serving, the cache asks `loadVersion` for it (the
 * shared CatalogVersionWatcher, which reads it again at most every CATALOG_VERSION_CHECK_MS and
 * otherwise answers from memory), and a change empties it. So a committed import is visible on every
 * replica within that bound (plus one query). Rows are cached only when no version change was seen
 * while they were read, so a read that began before an import committed cannot put old data back
 * after the cache was emptied. Absent products are not cached (random ids must not evict real rows).
 */
export class ProductCache<T extends NonNullable<unknown>> {
  private readonly rows: LRUCache<string, T> | undefined;
  private version: string | undefined;
  /** Advances whenever the cache is emptied; a read that spans it is not cached. */
  private generation = 0;

  constructor(
    private readonly options: ProductCacheOptions,
    private readonly loadVersion: () => Promise<string>,
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

  /**
   * The parsed product: from the cache, else parsed from `load`'s JSON text (and then cached). `load`
   * is told the catalog version the row will be cached under (undefined when the cache is off): it
   * must read data of that version or later (a replica that has replayed it, or the primary).
   */
  async get(
    id: string,
    load: (id: string, catalogVersion: string | undefined) => Promise<string | undefined>,
  ): Promise<T | undefined> {
    if (!this.rows) {
      const json = await load(id, undefined);
      return json === undefined ? undefined : this.parse(json);
    }
    const version = await this.loadVersion();
    if (version !== this.version) {
      this.rows.clear();
      this.generation++;
      this.version = version;
    }
    const hit = this.rows.get(id);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const json = await load(id, version);
    if (json === undefined) return undefined;
    const row = this.parse(json);
    const size = 2 * (json.length + id.length);
    // A row larger than the whole budget is served but not kept (lru-cache would refuse it anyway).
    if (generation === this.generation && size <= this.options.maxBytes) this.rows.set(id, row, { size });
    return row;
  }
}
