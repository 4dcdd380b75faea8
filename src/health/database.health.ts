import { Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { PrismaService } from '../database/prisma.service';

const PING_TIMEOUT_MS = 2_000;

/** A real round trip to PostgreSQL, bounded in time so readiness never hangs. */
@Injectable()
export class DatabaseHealthIndicator {
  constructor(
    private readonly prisma: PrismaService,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async ping(): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check('database');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.prisma.$queryRaw`SELECT 1`,
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)),
            PING_TIMEOUT_MS,
          );
        }),
      ]);
      return indicator.up();
    } catch {
      // Only "down": the error's text (driver internals, host names) is for the logs, not for anyone
      // who can reach /readyz.
      return indicator.down();
    } finally {
      clearTimeout(timer);
    }
  }
}
