import { FacetId, isFacetId, isValidFacetValue } from '../catalog/search-filters';

export interface SearchRequest {
  query: string;
  page: number;
  pageSize: number;
  /** Selected values per known facet, de-duplicated, in request order. */
  filters: Partial<Record<FacetId, string[]>>;
}

export const SEARCH_LIMITS = {
  maxQueryLength: 200,
  maxPage: 1000,
  maxPageSize: 24,
  maxValuesPerFacet: 20,
  maxQueryStringLength: 4096,
} as const;

export type ParseResult = { ok: true; request: SearchRequest } | { ok: false; message: string };

const INTEGER = /^\d{1,9}$/;

/**
 * Validates the query parameters of a search: `query` (required, non-blank), `page`, `pageSize`,
 * and every other parameter as a facet filter. Unknown facet ids are ignored; a malformed value
 * of a known facet is an error (it can only come from a client bug, since value ids round-trip).
 */
export function parseSearchRequest(params: Record<string, unknown>, rawQueryString = ''): ParseResult {
  if (rawQueryString.length > SEARCH_LIMITS.maxQueryStringLength) {
    return fail(`the query string is longer than ${SEARCH_LIMITS.maxQueryStringLength} characters`);
  }
  // The framework's query parser decodes leniently (%FF, %zz and a lone % pass as other text).
  const malformed = malformedEscape(rawQueryString);
  if (malformed !== undefined) {
    return fail(
      `the query string is not validly percent-encoded UTF-8 near "${malformed.slice(0, 30)}" (encode "%" as %25)`,
    );
  }
  const query = params.query;
  if (query === undefined) return fail('query is required');
  if (typeof query !== 'string') return fail('query must be given once');
  const text = query.trim();
  if (text === '') return fail('query must not be blank');
  if (text.length > SEARCH_LIMITS.maxQueryLength) {
    return fail(`query is longer than ${SEARCH_LIMITS.maxQueryLength} characters`);
  }
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(text)) return fail('query must not contain control characters');

  const page = integerParam(params.page, 'page', 1, SEARCH_LIMITS.maxPage, 1);
  if (typeof page === 'string') return fail(page);
  const pageSize = integerParam(
    params.pageSize,
    'pageSize',
    1,
    SEARCH_LIMITS.maxPageSize,
    SEARCH_LIMITS.maxPageSize,
  );
  if (typeof pageSize === 'string') return fail(pageSize);

  const filters: Partial<Record<FacetId, string[]>> = {};
  for (const [name, raw] of Object.entries(params)) {
    if (!isFacetId(name)) continue;
    const values = [...new Set((Array.isArray(raw) ? raw : [raw]).map(String))];
    if (values.length > SEARCH_LIMITS.maxValuesPerFacet) {
      return fail(`${name}: at most ${SEARCH_LIMITS.maxValuesPerFacet} values`);
    }
    const bad = values.find((value) => !isValidFacetValue(name, value));
    if (bad !== undefined) return fail(`${name}: "${bad.slice(0, 50)}" is not a value of this facet`);
    filters[name] = values;
  }
  return { ok: true, request: { query: text, page, pageSize, filters } };
}

function integerParam(
  raw: unknown,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number | string {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string') return `${name} must be given once`;
  if (!INTEGER.test(raw.trim())) return `${name} must be a whole number between ${min} and ${max}`;
  const value = Number(raw.trim());
  if (value < min || value > max) return `${name} must be between ${min} and ${max}`;
  return value;
}

/** The first name or value of a query string that is not valid percent-encoded UTF-8, if any. */
function malformedEscape(rawQueryString: string): string | undefined {
  if (!rawQueryString.includes('%')) return undefined;
  for (const part of rawQueryString.split(/[&=]/)) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return part;
    }
  }
  return undefined;
}

function fail(message: string): ParseResult {
  return { ok: false, message };
}

/** The plain words of a web-search query for the typo fallback: no quotes, no -exclusions, no "or". */
export function typoFallbackText(query: string): string {
  return query
    .replace(/"/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !word.startsWith('-') && word.toLowerCase() !== 'or')
    .join(' ');
}
