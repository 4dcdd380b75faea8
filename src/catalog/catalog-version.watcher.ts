import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';

/**
 * The catalog's version as this process last saw it. Every catalog write (import, demo generation)
 * bumps `catalog_version` in its own transaction; the per-process caches of catalog data (product
 * rows, search results) key or empty themselves by this version. It is read again when the last look
 * is older than CATALOG_VERSION_CHECK_MS, one look at a time (concurrent callers share it), so a
 * committed import is visible on every replica within that bound (plus one query) for every cache.
 */
@Injectable()
export class CatalogVersionWatcher {
  private readonly checkMs: number;
  private version: string | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<string> | undefined;

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.checkMs = config.catalogVersion.checkMs;
  }

  /** The version as last seen, looked at again first when that look is due. */
  current(): Promise<string> {
    if (this.version !== undefined && !this.due()) return Promise.resolve(this.version);
    return this.look();
  }

  private due(): boolean {
    const now = this.clock.now().getTime();
    // A clock that went backwards also means: look again.
    return now - this.checkedAt >= this.checkMs || now < this.checkedAt;
  }

  /** One look at a time; concurrent callers wait for the same one. */
  private look(): Promise<string> {
    this.checking ??= (async () => {
      const startedAt = this.clock.now().getTime();
      try {
        const { rows } = await this.prisma.pool.query<{ version: string }>({
          name: 'catalog-version',
          text: 'SELECT version::text AS version FROM catalog_version',
        });
        this.version = rows[0]?.version ?? '0';
        // The look counts from when it began: the version may have moved while it ran.
        this.checkedAt = startedAt;
        return this.version;
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }
}
