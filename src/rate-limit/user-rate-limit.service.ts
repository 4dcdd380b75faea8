import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RateLimitPolicy } from './rate-limit-policy';
import { RateLimiterService } from './rate-limiter.service';
import { ROUTE_GROUPS, RouteGroup, routeGroupOf } from './route-groups';

/** What the guard hands over: the route pattern, which names the group. */
export interface LimitedRequest {
  routeOptions?: { url?: string };
}

/**
 * The API limits per user and per OAuth client, per route group (API_RATE_LIMIT_PER_USER,
 * API_RATE_LIMIT_PER_CLIENT, RATE_LIMIT_GROUPS), applied by the bearer guard to every authenticated
 * request once the principal is known. (Not a global interceptor: any interceptor puts Nest's
 * async-context wrapping on every route, which cost more than the guard itself in the benchmark.)
 */
@Injectable()
export class UserRateLimitService {
  private readonly policies = new Map<RouteGroup, { user: RateLimitPolicy; client: RateLimitPolicy }>();
  /** Route pattern -> group, so the table is consulted once per route. */
  private readonly groups = new Map<string, RouteGroup>();

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

  /**
   * Charges `points` (the route's @RateLimitCost, else 1) to the user and to its client. Only the
   * ids: rate-limit sits below auth, which calls it (auth -> rate-limit, never back).
   */
  async consume(
    principal: { userId: string; clientId: string },
    request: LimitedRequest,
    points = 1,
  ): Promise<void> {
    const { user, client } = this.policies.get(this.groupOf(request.routeOptions?.url ?? ''))!;
    await Promise.all([
      this.limiter.consume(user, principal.userId, points),
      this.limiter.consume(client, principal.clientId, points),
    ]);
  }

  private groupOf(url: string): RouteGroup {
    let group = this.groups.get(url);
    if (group === undefined) {
      group = routeGroupOf(url);
      this.groups.set(url, group);
    }
    return group;
  }
}
