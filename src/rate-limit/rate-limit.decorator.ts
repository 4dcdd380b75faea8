import { SetMetadata } from '@nestjs/common';
import { RouteGroup } from './rate-limit.constants';

/** Points one request of a route costs, from its raw query parameters (validated or not). */
export type RequestCost = (query: Record<string, unknown>) => number;

/** What a route declares: the group whose limits it spends, and what one request costs (default 1). */
export interface RouteRateLimit {
  group: RouteGroup;
  cost?: RequestCost;
}

export const RATE_LIMIT_KEY = 'rateLimit';

/**
 * The API limits an authenticated route spends, declared on the route itself (method or controller;
 * the method's declaration wins), so renaming or moving a route cannot put it into another group.
 * The bearer guard reads it once the caller is known. The route's own feature knows what makes a
 * request expensive, so it passes `cost` here and rate-limit never imports it.
 */
export const RateLimit = (limit: RouteRateLimit) => SetMetadata(RATE_LIMIT_KEY, limit);
