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
