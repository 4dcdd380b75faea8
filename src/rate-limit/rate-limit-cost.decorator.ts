import { SetMetadata } from '@nestjs/common';

/** Points one request of a route costs, from its raw query parameters (validated or not). */
export type RequestCost = (query: Record<string, unknown>) => number;

export const RATE_LIMIT_COST_KEY = 'rateLimitCost';

/**
 * Weights a route's requests against the API limits (default 1 point). The route's own feature
 * knows what makes a request expensive, so it declares the cost here and rate-limit never imports it.
 */
export const RateLimitCost = (cost: RequestCost) => SetMetadata(RATE_LIMIT_COST_KEY, cost);
