import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RateLimitPolicy } from './rate-limit-policy';
import { RateLimiterService } from './rate-limiter.service';
import { ROUTE_GROUPS, RouteGroup } from './rate-limit.constants';

/** The ids a limit is counted by: rate-limit sits below auth, which calls it (auth -> rate-limit, never back). */
export interface LimitedCaller {
  userId: string;
  clientId: string;
}

/**
 * The API limits per user and per OAuth client, per route group (API_RATE_LIMIT_PER_USER,
 * API_RATE_LIMIT_PER_CLIENT, RATE_LIMIT_GROUPS), applied by the bearer guard to every authenticated
 * request once the principal is known, in the group the route declares (@RateLimit). (Not a global
 * interceptor: any interceptor puts Nest's async-context wrapping on every route, which cost more
 * than the guard itself in the benchmark.)
 */
@Injectable()
export class UserRateLimitService {
  private readonly policies = new Map<RouteGroup, { user: RateLimitPolicy; client: RateLimitPolicy }>();

  constructor(
    private readonly limiter: RateLimiterService,
    config: AppConfig,
  ) {
    const { windowSeconds, apiPerUser, apiPerClient, groups } = config.rateLimit;
    for (const group of ROUTE_GROUPS) {
      const own = groups[group];
      this.policies.set(group, {
        user: { name: `${group}-user`, limit: own?.perUser ?? apiPerUser, windowSeconds },
        client: { name: `${group}-client`, limit: own?.perClient ?? apiPerClient, windowSeconds },
      });
    }
  }

  /** Charges `points` to the user and to its client in `group`, or throws 429 when either is spent. */
  async consume(caller: LimitedCaller, group: RouteGroup, points = 1): Promise<void> {
    const { user, client } = this.policies.get(group)!;
    await Promise.all([
      this.limiter.consume(user, caller.userId, points),
      this.limiter.consume(client, caller.clientId, points),
    ]);
  }

  /**
   * Charges `points` after the fact (work measured once done), never refusing: the request already
   * ran, and the caller's next request meets the spent quota.
   */
  async charge(caller: LimitedCaller, group: RouteGroup, points: number): Promise<void> {
    if (points <= 0) return;
    const { user, client } = this.policies.get(group)!;
    await Promise.all([
      this.limiter.penalize(user, caller.userId, points),
      this.limiter.penalize(client, caller.clientId, points),
    ]);
  }
}
