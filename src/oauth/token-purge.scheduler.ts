import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { AccessTokensService } from './access-tokens.service';

/**
 * Purges long-expired tokens every TOKEN_PURGE_INTERVAL_SECONDS (0 = off). A plain unref'd timer:
 * it never keeps the process alive, never overlaps itself, and stops on shutdown. Replicas may
 * purge concurrently; the deletes are idempotent.
 */
@Injectable()
export class TokenPurgeScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TokenPurge');
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly tokens: AccessTokensService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.config.tokenPurge.intervalSeconds;
    if (seconds <= 0) return;
    this.timer = setInterval(() => void this.runOnce(), seconds * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One purge; failures are logged and retried at the next tick. */
  async runOnce(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const deleted = await this.tokens.purgeExpired();
      if (deleted > 0) this.logger.log(`Purged ${deleted} access token(s) expired over the retention period`);
    } catch (error) {
      this.logger.warn(`Token purge failed, retrying next interval: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
  }
}
