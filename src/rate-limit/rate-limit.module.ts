import { Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MemoryRateLimitStore } from './memory-rate-limit.store';
import { RateLimitStore } from './rate-limit.store';
import { RateLimiterService } from './rate-limiter.service';
import { RedisRateLimitStore } from './redis-rate-limit.store';
import { UserRateLimitService } from './user-rate-limit.service';

/** Rate limits for any route: counters in Redis when REDIS_URL is set, in memory otherwise. */
@Global()
@Module({
  providers: [
    {
      provide: RateLimitStore,
      inject: [AppConfig],
      useFactory: (config: AppConfig): RateLimitStore =>
        config.redisUrl
          ? new RedisRateLimitStore(config.redisUrl, config.rateLimit.redisPrefix)
          : new MemoryRateLimitStore(),
    },
    RateLimiterService,
    UserRateLimitService,
  ],
  exports: [RateLimiterService, UserRateLimitService],
})
export class RateLimitModule implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(RateLimitStore) private readonly store: RateLimitStore) {}

  async onModuleInit(): Promise<void> {
    if (this.store instanceof RedisRateLimitStore) await this.store.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.store instanceof RedisRateLimitStore) await this.store.close();
  }
}
