import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { AppConfig } from '../../config/app-config';
import { createPgPool } from '../pg-pool.factory';
import { PrismaService } from '../prisma.service';
import { chooseReplica, isReplicaFailure } from './replica-choice';
import { replicaLabel } from './replica-label';
import { ReplicaMonitor, ReplicaStatus } from './replica-monitor';

/**
 * Where the catalog reads run (search, product details and the shop pages built on them): a usable
 * PostgreSQL streaming replica (DATABASE_REPLICA_URLS), round-robin, else the primary. Only those
 * reads come here; writes, tokens, sessions, audit and the catalog version use PrismaService (the
 * primary) directly. A read that fails because of its replica (refused or lost connection, shutdown,
 * a conflict with replay) is run once more on the primary, so a replica going away costs no request.
 */
@Injectable()
export class ReadReplicas implements OnModuleInit, OnModuleDestroy {
  private static readonly logger = new Logger('ReadReplicas');
  private readonly pools: Pool[];
  private readonly monitor: ReplicaMonitor | undefined;
  private cursor = 0;

  constructor(
    private readonly prisma: PrismaService,
    config: AppConfig,
  ) {
    const { urls, maxLagMs, checkMs } = config.database.replicas;
    const labels = urls.map((url, index) => replicaLabel(url, index));
    this.pools = urls.map((url, index) =>
      createPgPool(
        config,
        (error) => ReadReplicas.logger.warn(`Idle connection to ${labels[index]} lost: ${error.message}`),
        url,
      ),
    );
    if (urls.length > 0 && config.database.url) {
      this.monitor = new ReplicaMonitor({
        primaryUrl: config.database.url,
        replicaUrls: urls,
        labels,
        maxLagMs,
        checkMs,
        now: () => Date.now(),
        log: (message) => ReadReplicas.logger.log(message),
      });
    }
  }

  onModuleInit(): void {
    // Not awaited: start-up does not wait for replicas; reads use the primary until one is found usable.
    this.monitor?.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.monitor?.stop();
    await Promise.all(this.pools.map((pool) => pool.end()));
  }

  /** Whether any replica is configured (/readyz then shows their state). */
  get configured(): boolean {
    return this.monitor !== undefined;
  }

  /** Each replica's state, in configuration order. */
  status(): ReplicaStatus[] {
    return this.monitor?.status() ?? [];
  }

  /**
   * Runs `work` (reads only) on a usable replica that has replayed at least `minCatalogVersion` (the
   * version a cache will key the result by; cache-free reads pass none), else on the primary.
   */
  async read<T>(work: (pool: Pool) => Promise<T>, minCatalogVersion?: string): Promise<T> {
    const index = this.monitor && chooseReplica(this.monitor.states, this.cursor, minCatalogVersion);
    if (index === undefined || !this.monitor) return work(this.prisma.pool);
    this.cursor = (index + 1) % this.pools.length;
    try {
      return await work(this.pools[index]);
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      this.monitor.markFailed(index, error);
      return work(this.prisma.pool);
    }
  }
}
