import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RateLimitPolicy } from './rate-limit-policy';
import { RateLimiterService } from './rate-limiter.service';

/**
 * The per-user API limit (API_RATE_LIMIT_PER_USER per RATE_LIMIT_WINDOW_SECONDS), applied by the
 * bearer guard to every authenticated request once the principal is known. (Not a global
 * interceptor: any interceptor puts Nest's async-context wrapping on every route, which cost more
 * than the guard itself in the benchmark.)
 */
@Injectable()
export class UserRateLimitService {
  private readonly policy: RateLimitPolicy;

  constructor(
    private readonly limiter: RateLimiterService,
    config: AppConfig,
  ) {
    this.policy = {
      name: 'api-user',
      limit: config.rateLimit.apiPerUser,
      windowSeconds: config.rateLimit.windowSeconds,
    };
  }

  // Only the user id: rate-limit sits below auth, which calls it (auth -> rate-limit, never back).
  consume(principal: { userId: string }): Promise<void> {
    return this.limiter.consume(this.policy, principal.userId);
  }
}
