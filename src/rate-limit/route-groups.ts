import { searchCost } from '../search/search-cost';

export const ROUTE_GROUPS = ['search', 'product', 'punchout', 'guidance', 'audit', 'api'] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

/**
 * The limit group of an authenticated route, from its route pattern (one table here rather than a
 * decorator on every controller). Anything not named is `api`.
 */
export function routeGroupOf(routeUrl: string): RouteGroup {
  if (routeUrl === '/api/v1/marketplace/search') return 'search';
  if (routeUrl.startsWith('/api/v1/marketplace/product/')) {
    return routeUrl.endsWith('/punchout') ? 'punchout' : 'product';
  }
  if (routeUrl.startsWith('/api/v1/guidance')) return 'guidance';
  if (routeUrl.startsWith('/api/v1/audit')) return 'audit';
  return 'api';
}

/** Points one request of the group costs (search is weighted by what it makes PostgreSQL do). */
export function requestCost(group: RouteGroup, query: unknown): number {
  if (group !== 'search' || typeof query !== 'object' || query === null) return 1;
  return searchCost(query as Record<string, unknown>);
}
