import { Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { AddressRateLimitGuard } from './address-rate-limit.guard';
import { ConcurrencyLimitService } from './concurrency-limit.service';
import { FailedBearerLimitService } from './failed-bearer-limit.service';
import { LimiterFactory } from './limiter.factory';
import { MemoryLimiterFactory } from './memory-limiter.factory';
import { PunchoutEntryLimitService } from './punchout-entry-limit.service';
import { RateLimiterService } from './rate-limiter.service';
import { RedisLimiterFactory } from './redis-limiter.factory';
import { UserRateLimitService } from './user-rate-limit.service';

/** Rate limits for any route: counters in Redis when REDIS_URL is set, in memory otherwise. */
@Global()
@Module({
  providers: [
    {
      provide: LimiterFactory,
      inject: [AppConfig],
      useFactory: (config: AppConfig): LimiterFactory =>
        config.redisUrl
          ? new RedisLimiterFactory({
              url: config.redisUrl,
              prefix: config.rateLimit.redisPrefix,
              commandTimeoutMs: config.rateLimit.redisCommandTimeoutMs,
            })
          : new MemoryLimiterFactory(),
    },
    RateLimiterService,
    UserRateLimitService,
    ConcurrencyLimitService,
    AddressRateLimitGuard,
    FailedBearerLimitService,
    PunchoutEntryLimitService,
  ],
  exports: [
    RateLimiterService,
    UserRateLimitService,
    ConcurrencyLimitService,
    AddressRateLimitGuard,
    FailedBearerLimitService,
    PunchoutEntryLimitService,
  ],
})
export class RateLimitModule implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(LimiterFactory) private readonly factory: LimiterFactory) {}

  onModuleInit(): Promise<void> {
    return this.factory.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.factory.close();
  }
}
