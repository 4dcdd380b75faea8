import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PeriodicTask } from '../common/schedule/periodic-task';
import { AppConfig } from '../config/app-config';
import { AccessTokensService } from './access-tokens.service';

/**
 * Purges long-expired tokens every TOKEN_PURGE_INTERVAL_SECONDS (0 = off), as a periodic task
 * (jittered, never overlapping, waited for at shutdown). Replicas may purge concurrently; the
 * deletes are idempotent.
 */
@Injectable()
export class TokenPurgeScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('TokenPurge');
  private readonly task: PeriodicTask<void>;

  constructor(
    private readonly tokens: AccessTokensService,
    private readonly config: AppConfig,
    registry: SchedulerRegistry,
  ) {
    this.task = new PeriodicTask(registry, {
      name: 'token-purge',
      everyMs: config.tokenPurge.intervalSeconds * 1000,
      run: () => this.purge(),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.tokenPurge.intervalSeconds > 0) this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** One purge now (or the one in progress); failures are logged and retried at the next run. */
  async runOnce(): Promise<void> {
    await this.task.runNow();
  }

  private async purge(): Promise<void> {
    const deleted = await this.tokens.purgeExpired();
    if (deleted > 0) this.logger.log(`Purged ${deleted} access token(s) expired over the retention period`);
  }
}
