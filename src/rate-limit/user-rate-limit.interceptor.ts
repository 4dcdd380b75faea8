import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { from, Observable, switchMap } from 'rxjs';
import { Principal } from '../auth/principal';
import { AppConfig } from '../config/app-config';
import { RateLimitPolicy } from './rate-limit-policy';
import { RateLimiterService } from './rate-limiter.service';

/**
 * The per-user API limit (API_RATE_LIMIT_PER_USER per RATE_LIMIT_WINDOW_SECONDS) on every
 * authenticated route. An interceptor, not a guard, because interceptors run after all guards:
 * the bearer guard has resolved the principal by then, whatever order global guards load in.
 */
@Injectable()
export class UserRateLimitInterceptor implements NestInterceptor {
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

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const principal = context.switchToHttp().getRequest<{ user?: Principal }>().user;
    if (!principal || this.policy.limit <= 0) return next.handle();
    return from(this.limiter.consume(this.policy, principal.userId)).pipe(switchMap(() => next.handle()));
  }
}
