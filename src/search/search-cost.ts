import { isFilterId } from './search-filters';
import { queryShape, SEARCH_LIMITS } from './search-request.parser';

/**
 * The points a search costs by its measured database time (SEARCH_COST_MS_PER_POINT ms of statement
 * time per point, at least 1): what it really cost PostgreSQL, whatever its shape.
 */
export function measuredSearchPoints(databaseMs: number, msPerPoint: number): number {
  return Math.max(1, Math.ceil(databaseMs / msPerPoint));
}

/**
 * Rate-limit points of one search charged up front, from its raw query parameters (before validation, so a refused
 * request is charged too): what makes PostgreSQL work harder costs more.
 *
 *   points = 1 + ceil(max(0, terms + operators - 4) / 4)   wider text match
 *              + floor((page - 1) x pageSize / 240)          deeper page: ranks and skips what is before it
 *              + ceil(filter values / 5)                     each filter (feature filters too) is a predicate and a facet count
 *
 * A plain 1-4 word first page costs 1; the most expensive search the limits let through (12 terms,
 * 6 operators, page 41 of 24, many filter values) costs about 10. Once the search has run, its measured
 * database time tops the charge up (measuredSearchPoints). Documented in docs/rate-limits.md.
 */
export function searchCost(params: Record<string, unknown>): number {
  const query = typeof params.query === 'string' ? params.query.slice(0, SEARCH_LIMITS.maxQueryLength) : '';
  const { terms, operators } = queryShape(query);
  const width = Math.ceil(Math.max(0, terms + operators - 4) / 4);
  const page = clampedInteger(params.page, 1, SEARCH_LIMITS.maxPage);
  const pageSize = clampedInteger(params.pageSize, SEARCH_LIMITS.maxPageSize, SEARCH_LIMITS.maxPageSize);
  const offset = Math.min((page - 1) * pageSize, SEARCH_LIMITS.maxResultWindow);
  const depth = Math.floor(offset / 240);
  let values = 0;
  for (const [name, raw] of Object.entries(params)) {
    if (isFilterId(name)) values += Array.isArray(raw) ? raw.length : 1;
  }
  const filters = Math.ceil(Math.min(values, 100) / 5);
  return 1 + width + depth + filters;
}

function clampedInteger(raw: unknown, fallback: number, max: number): number {
  const value = typeof raw === 'string' ? Number.parseInt(raw, 10) : NaN;
  return Number.isFinite(value) ? Math.min(Math.max(1, value), max) : fallback;
}
