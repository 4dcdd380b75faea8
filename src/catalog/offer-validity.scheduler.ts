import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PeriodicTask } from '../common/schedule/periodic-task';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';

/** What one run changed. */
export interface OfferValidityRun {
  /** Offers withdrawn because their validity ended (one still to begin is held by its import already). */
  held: number;
  /** Held offers offered again because their period has come. */
  released: number;
}

/**
 * An offer is offered only within its price's validity (valid_from .. valid_to), also when a date
 * passes after the import. Rather than a date condition in every search (which would cost every
 * query and the denormalized search columns), every OFFER_VALIDITY_CHECK_SECONDS this withdraws the
 * offers whose end has passed or whose start is still to come (withdrawn_at, marked validity_hold)
 * and brings back the held ones whose period has come, then refreshes their products' search columns
 * (catalog_refresh_products) and bumps the catalog version so every cache drops them, all in one
 * transaction. Reads that are cheap to guard (product details, carts) also leave out an ended offer
 * before the next run. Replicas may run it concurrently: the updates are idempotent.
 */
@Injectable()
export class OfferValidityScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('OfferValidity');
  private readonly task: PeriodicTask<OfferValidityRun>;

  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    registry: SchedulerRegistry,
  ) {
    this.task = new PeriodicTask(registry, {
      name: 'offer-validity',
      everyMs: config.offerValidity.checkSeconds * 1000,
      run: () => this.apply(),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.offerValidity.checkSeconds > 0) this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** One run now (or the one in progress); undefined when it failed (logged, retried at the next run). */
  runOnce(): Promise<OfferValidityRun | undefined> {
    return this.task.runNow();
  }

  private async apply(): Promise<OfferValidityRun> {
    // The gateway's clock, not the database's: one time source for everything that expires.
    const now = this.clock.now();
    const run = await this.prisma.$transaction(async (tx) => {
      const held = await tx.$queryRaw<Array<{ product_id: string }>>`
        UPDATE offer SET withdrawn_at = now(), validity_hold = true, updated_at = now()
         WHERE withdrawn_at IS NULL AND valid_to IS NOT NULL AND valid_to < ${now}
        RETURNING product_id`;
      const released = await tx.$queryRaw<Array<{ product_id: string }>>`
        UPDATE offer SET withdrawn_at = NULL, validity_hold = false, updated_at = now()
         WHERE validity_hold AND (valid_from IS NULL OR valid_from <= ${now})
           AND (valid_to IS NULL OR valid_to >= ${now})
        RETURNING product_id`;
      const products = [...new Set([...held, ...released].map((row) => row.product_id))];
      if (products.length > 0) {
        for (let i = 0; i < products.length; i += 5_000)
          await tx.$queryRaw`SELECT catalog_refresh_products(${products.slice(i, i + 5_000)}::varchar[])`;
        await tx.$executeRaw`UPDATE catalog_version SET version = version + 1`;
      }
      return { held: held.length, released: released.length };
    });
    if (run.held + run.released > 0)
      this.logger.log(
        `Offers outside their validity withdrawn: ${run.held}; offers whose validity began offered: ${run.released}`,
      );
    return run;
  }
}
