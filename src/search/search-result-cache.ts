import { LRUCache } from 'lru-cache';

export interface SearchResultCacheOptions {
  /** Most bodies kept; 0 turns the cache off (every search runs its queries). */
  maxEntries: number;
  /** Most bytes kept: the bodies' UTF-8 bytes plus their keys at two bytes per character. */
  maxBytes: number;
  /** How long a body is served at most after its computation began. */
  ttlMs: number;
}

/** What a search body is a pure function of (the organization enters through its guidance). */
export interface SearchResultKey {
  /** The catalog version the body is computed under (CatalogVersionWatcher): an integer that only grows. */
  catalogVersion: string;
  /**
   * The organization's compiled guidance. Compared by identity: the object is replaced whenever the
   * organization's rules change (and only then), so it stands for "this organization, these rules".
   */
  guidance: object;
  /** Whose catalog the body shows: "public" (the marketplace's) or the organization with a contract catalog. */
  view: string;
  language: string;
  /** The request exactly as parsed (query, filters in the order given, page, pageSize). */
  request: unknown;
}

interface Entry {
  body: Buffer;
  expiresAt: number;
}

/**
 * Whole search response bodies (serialized JSON, UTF-8) kept in this process, because procurement
 * users repeat popular searches and each one costs tens of milliseconds of PostgreSQL CPU. A body is
 * reused only for the same catalog version, the same guidance object, language and parsed request, so
 * a hit is byte-identical to computing it again, except that it may be as old as the staleness bounds
 * of those inputs (the version check interval, the guidance rules' cache period) or `ttlMs`.
 *
 * Bounded by entries and bytes (least recently used go first) and by age. Concurrent identical misses
 * share one computation; a failed computation is not kept, and every waiter gets its error. A new
 * catalog version empties the cache, and a computation that began before it is not kept (it may have
 * read the old catalog). Time comes from `now` (the injected clock).
 */
export class SearchResultCache {
  private readonly bodies: LRUCache<string, Entry> | undefined;
  private readonly pending = new Map<string, Promise<Buffer>>();
  /** A serial number per guidance object: a key must not hold the object (nor its rules) alive. */
  private readonly serials = new WeakMap<object, number>();
  private nextSerial = 1;
  private version: string | undefined;
  /** Advances whenever the cache is emptied; a computation that spans it is not kept. */
  private generation = 0;

  constructor(
    private readonly options: SearchResultCacheOptions,
    private readonly now: () => number,
  ) {
    if (options.maxEntries > 0) {
      this.bodies = new LRUCache<string, Entry>({
        max: options.maxEntries,
        maxSize: options.maxBytes,
        sizeCalculation: (entry, key) => entry.body.length + 2 * key.length,
      });
    }
  }

  get enabled(): boolean {
    return this.bodies !== undefined;
  }

  get size(): number {
    return this.bodies?.size ?? 0;
  }

  /** The body for `key`: cached, being computed for another caller, or computed now by `compute`. */
  get(key: SearchResultKey, compute: () => Promise<Buffer>): Promise<Buffer> {
    if (!this.bodies) return compute();
    if (key.catalogVersion !== this.version) {
      // A caller that read an older version before the last look (its guidance reload outlasted
      // the look) is answered uncached, and must not throw away what the newer version has kept.
      if (this.version !== undefined && isOlderVersion(key.catalogVersion, this.version)) return compute();
      this.bodies.clear();
      this.generation++;
      this.version = key.catalogVersion;
    }
    const id = this.keyOf(key);
    const now = this.now();
    const entry = this.bodies.get(id);
    if (entry !== undefined) {
      // A clock that went backwards also ends an entry.
      if (now < entry.expiresAt && now >= entry.expiresAt - this.options.ttlMs)
        return Promise.resolve(entry.body);
      this.bodies.delete(id);
    }
    const running = this.pending.get(id);
    if (running) return running;
    // `finally` runs asynchronously, so always after the computation is registered.
    const computation = this.computeAndKeep(id, now, compute).finally(() => {
      if (this.pending.get(id) === computation) this.pending.delete(id);
    });
    this.pending.set(id, computation);
    return computation;
  }

  private async computeAndKeep(id: string, startedAt: number, compute: () => Promise<Buffer>) {
    const generation = this.generation;
    const body = await compute();
    // A body larger than the whole budget is served but not kept (lru-cache would refuse it anyway).
    if (generation === this.generation && body.length + 2 * id.length <= this.options.maxBytes)
      this.bodies?.set(id, { body, expiresAt: startedAt + this.options.ttlMs });
    return body;
  }

  private keyOf(key: SearchResultKey): string {
    let serial = this.serials.get(key.guidance);
    if (serial === undefined) {
      serial = this.nextSerial++;
      this.serials.set(key.guidance, serial);
    }
    return JSON.stringify([key.catalogVersion, serial, key.view, key.language, key.request]);
  }
}

/** Whether catalog version `a` precedes `b` (both integers as text; anything else counts as newer). */
function isOlderVersion(a: string, b: string): boolean {
  return /^\d+$/.test(a) && /^\d+$/.test(b) && BigInt(a) < BigInt(b);
}
