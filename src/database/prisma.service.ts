import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { AppConfig } from '../config/app-config';
import { PrismaClient } from '../generated/prisma/client';
import { createPgPool } from './pg-pool.factory';

/** The application's Prisma client, on a pool we own and configure. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  private static readonly logger = new Logger('Database');
  readonly pool: Pool;

  constructor(config: AppConfig) {
    // The pool exists before super() so it can be handed to the adapter.
    const pool = createPgPool(config, (error) =>
      // An idle connection died (e.g. PostgreSQL restarted); the pool replaces it on next use.
      PrismaService.logger.warn(`Idle database connection lost: ${error.message}`),
    );
    super({ adapter: new PrismaPg(pool) });
    this.pool = pool;
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
    await this.pool.end();
  }
}
