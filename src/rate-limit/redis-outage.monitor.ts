import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

/**
 * Tells when the shared counters are lost and when they are back, once each: a warning when the
 * first request falls back to memory (or the connection fails), one line when Redis answers again.
 * While down it pings Redis every `probeMs`, since a stalled server (commands timing out) comes
 * back without a new 'ready' event.
 */
export class RedisOutageMonitor {
  private readonly logger = new Logger('RateLimit');
  private down = false;
  private probe: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly probeMs = 1_000,
  ) {
    redis.on('ready', () => this.markUp());
    redis.on('error', (error: Error) => this.markDown(error.message));
  }

  get isDown(): boolean {
    return this.down;
  }

  markDown(reason: string): void {
    if (this.down) return;
    this.down = true;
    this.logger.warn(
      `Redis unreachable (${reason}): rate limits are counted in this process's memory until it answers again`,
    );
    this.probe = setInterval(() => {
      if (this.redis.status !== 'ready') return;
      this.redis.ping().then(
        () => this.markUp(),
        () => undefined,
      );
    }, this.probeMs);
    this.probe.unref();
  }

  markUp(): void {
    if (!this.down) return;
    this.down = false;
    clearInterval(this.probe);
    this.probe = undefined;
    this.logger.log('Redis answers again: rate limits are shared through Redis again');
  }

  stop(): void {
    clearInterval(this.probe);
  }
}
