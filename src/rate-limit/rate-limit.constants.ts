/** The route groups of the per-user and per-client API limits (RATE_LIMIT_GROUPS overrides one). */
export const ROUTE_GROUPS = ['search', 'product', 'punchout', 'guidance', 'audit', 'api'] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];
