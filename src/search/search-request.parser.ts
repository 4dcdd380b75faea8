import { FacetId, isFacetId, isValidFacetValue } from './search-filters';

/**
 * Result orders: relevance (preferred products first, then rank: the default), the shown offer's net
 * price up or down, the fastest delivery, the best rating. Ties go by rank, then product id.
 */
export const SEARCH_SORTS = ['relevance', 'price-asc', 'price-desc', 'delivery', 'rating'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchRequest {
  query: string;
  page: number;
  pageSize: number;
  sort: SearchSort;
  /** Selected values per known facet, de-duplicated, in request order. */
  filters: Partial<Record<FacetId, string[]>>;
}

/**
 * Bounds on what one search may cost: the spec fixes pageSize 1..24 and page >= 1; the
 * rest are ours (README "Search limits"). A deep page makes PostgreSQL rank and skip every result
 * before it, and each term or operator widens the match set, so both are capped.
 */
export const SEARCH_LIMITS = {
  maxQueryLength: 200,
  maxPage: 1000,
  maxPageSize: 24,
  /** page x pageSize: results beyond the 1,000th are not served (narrow the query instead). */
  maxResultWindow: 1000,
  /** Words of the query that are not operators. */
  maxTerms: 12,
  /** OR, -exclusions and "quoted phrases" together. */
  maxOperators: 6,
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
  const shape = queryShape(text);
  if (shape.terms > SEARCH_LIMITS.maxTerms) {
    return fail(`query has ${shape.terms} terms; at most ${SEARCH_LIMITS.maxTerms} are allowed`);
  }
  if (shape.operators > SEARCH_LIMITS.maxOperators) {
    return fail(
      `query has ${shape.operators} operators (OR, -exclusions, "phrases"); at most ${SEARCH_LIMITS.maxOperators} are allowed`,
    );
  }

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
  if (page * pageSize > SEARCH_LIMITS.maxResultWindow) {
    return fail(
      `page: page x pageSize may be at most ${SEARCH_LIMITS.maxResultWindow} (page ${page} of ${pageSize} reaches ${page * pageSize}); narrow the query instead of paging this deep`,
    );
  }

  const sort = params.sort ?? 'relevance';
  if (typeof sort !== 'string') return fail('sort must be given once');
  if (!(SEARCH_SORTS as readonly string[]).includes(sort)) {
    return fail(`sort must be one of ${SEARCH_SORTS.join(', ')}`);
  }

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
  return { ok: true, request: { query: text, page, pageSize, sort: sort as SearchSort, filters } };
}

/**
 * Terms and operators of a web-search query as gw_search_query reads it: `OR` between words, a
 * leading `-` excludes a word, double quotes make a phrase (one operator per phrase).
 */
export function queryShape(query: string): { terms: number; operators: number } {
  const phrases = Math.floor((query.match(/"/g)?.length ?? 0) / 2);
  let terms = 0;
  let operators = phrases;
  for (const word of query.replace(/"/g, ' ').split(/\s+/)) {
    if (word === '' || word === '-') continue;
    if (word.toLowerCase() === 'or') operators += 1;
    else {
      terms += 1;
      if (word.startsWith('-')) operators += 1;
    }
  }
  return { terms, operators };
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
