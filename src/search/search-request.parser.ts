import { z } from 'zod';
import {
  AVAILABILITIES,
  BRAND_KEY_PATTERN,
  CATEGORY_ID_PATTERN,
  OFFER_CONDITIONS,
} from '../catalog/catalog.constants';
import { InputSchema } from '../common/validation/input-schema';
import {
  FACET_IDS,
  FEATURE_FACET_PREFIX,
  FEATURE_KEY_PATTERN,
  FEATURE_VALUE_PATTERN,
  FacetId,
  FeatureFacetId,
  FilterId,
  PRICE_RANGE,
  isFeatureFacetId,
  isFilterId,
} from './search-filters';

/*
 * The search request (GET /api/v1/marketplace/search, spec 4.2), defined once: its type
 * (SearchRequest), its rules and wording, and its OpenAPI parameters (SearchParamsDto). The API
 * route, the punchout shop's search box and OCI's BACKGROUND_SEARCH all read a search through it.
 */

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
  /** Selected values per known facet and feature facet, de-duplicated, in request order. */
  filters: Partial<Record<FilterId, string[]>>;
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
  /** Feature facets filtered at once (`feature.<key>` parameters): each is one more predicate. */
  maxFeatureFilters: 5,
  maxQueryStringLength: 4096,
} as const;

export type ParseResult = { ok: true; request: SearchRequest } | { ok: false; message: string };

// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const WHOLE_NUMBER = /^\s*\d{1,9}\s*$/;

/** The value ids each facet filter accepts (a value may still match nothing). */
function facetValue(facet: FacetId): z.ZodType<string> {
  const notAValue = {
    error: (issue: { input?: unknown }) =>
      `${facet}: "${String(issue.input).slice(0, 50)}" is not a value of this facet`,
  };
  switch (facet) {
    case 'category':
      return z.string(notAValue).regex(CATEGORY_ID_PATTERN, notAValue);
    case 'price':
      return z
        .string(notAValue)
        .regex(PRICE_RANGE, { ...notAValue, abort: true })
        .refine((value) => {
          const [, from, to] = PRICE_RANGE.exec(value) as RegExpExecArray;
          return to === undefined || Number(to) > Number(from);
        }, notAValue);
    case 'availability':
      return z.enum(AVAILABILITIES, notAValue);
    case 'delivery_day':
      return z.string(notAValue).regex(/^([1-9]|[1-5]\d|60)$/, notAValue);
    case 'review-rating':
      return z.enum(['1', '2', '3', '4', '5'], notAValue);
    case 'is_prime':
    case 'cpf_eligible':
      return z.enum(['true'], notAValue);
    case 'lbr_brands_browse-bin':
      return z.string(notAValue).regex(BRAND_KEY_PATTERN, notAValue);
    case 'condition-type':
      return z.enum(OFFER_CONDITIONS, notAValue);
  }
}

/** What each facet filter's values mean, for the OpenAPI document. */
const FACET_DESCRIPTIONS: Record<FacetId, string> = {
  category: 'Category ids; a category includes its subtree.',
  price: 'Price ranges `from-to` (to > from, half-open [from, to)) or `from-` (and up), whole units.',
  availability: 'Availability.',
  delivery_day: 'Delivered within this many days (1-60).',
  'review-rating': 'At least this many stars.',
  is_prime: 'Only prime-eligible products.',
  cpf_eligible: 'Only climate-pledge-friendly products.',
  'lbr_brands_browse-bin': 'Brand keys.',
  'condition-type': 'Offer condition.',
};

/** A parameter given at most once: repeated, the query parser makes it an array. */
const once = (name: string, required = false) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined && required ? `${name} is required` : `${name} must be given once`,
});

/** Search words: trimmed, not blank, bounded in length, terms and operators. */
const query = z
  .string(once('query', true))
  .trim()
  .min(1, { error: 'query must not be blank', abort: true })
  .max(SEARCH_LIMITS.maxQueryLength, {
    error: `query is longer than ${SEARCH_LIMITS.maxQueryLength} characters`,
    abort: true,
  })
  .refine((text) => !CONTROL.test(text), { error: 'query must not contain control characters', abort: true })
  .check((ctx) => {
    const shape = queryShape(ctx.value);
    const fault =
      shape.terms > SEARCH_LIMITS.maxTerms
        ? `query has ${shape.terms} terms; at most ${SEARCH_LIMITS.maxTerms} are allowed`
        : shape.operators > SEARCH_LIMITS.maxOperators
          ? `query has ${shape.operators} operators (OR, -exclusions, "phrases"); at most ${SEARCH_LIMITS.maxOperators} are allowed`
          : undefined;
    if (fault) ctx.issues.push({ code: 'custom', input: ctx.value, message: fault });
  })
  .meta({
    description:
      'Search words (web-search syntax: "phrase", -exclusion, OR). Not blank, no control characters.',
    example: 'kugelschreiber blau',
  });

/** A whole number from 1 to `max` (the query string's text, spaces around allowed), `fallback` when absent. */
function wholeNumber(name: string, max: number, fallback: number, description: string) {
  const outOfRange = `${name} must be between 1 and ${max}`;
  return z
    .preprocess(
      (raw) => (typeof raw === 'string' && WHOLE_NUMBER.test(raw) ? Number(raw) : raw),
      z
        .number({
          error: (issue) =>
            typeof issue.input === 'string'
              ? `${name} must be a whole number between 1 and ${max}`
              : `${name} must be given once`,
        })
        .int()
        .min(1, outOfRange)
        .max(max, outOfRange),
    )
    .default(fallback)
    .meta({ description });
}

/** One value or several (`?f=a&f=b`), de-duplicated, each checked by `value`, at most maxValuesPerFacet. */
function filterValues(facet: string, value: z.ZodType<string>) {
  return z.preprocess(
    (raw) => (typeof raw === 'string' ? [raw] : Array.isArray(raw) ? [...new Set(raw)] : raw),
    z
      .array(value)
      .max(SEARCH_LIMITS.maxValuesPerFacet, `${facet}: at most ${SEARCH_LIMITS.maxValuesPerFacet} values`),
  );
}

/** A facet filter: one value or several (`?f=a&f=b`), de-duplicated, each a value id of the facet. */
function facetFilter(facet: FacetId) {
  return filterValues(facet, facetValue(facet))
    .optional()
    .meta({
      description:
        `Facet filter "${facet}": ${FACET_DESCRIPTIONS[facet]} Value ids come from the ` +
        "response's facets[].values[].id; several values of one facet are ORed, facets ANDed. A malformed " +
        'value is 400; parameters that are no facet id are ignored.',
      style: 'form',
      explode: true,
    });
}

/** The query parameters the API names (the feature facets' `feature.<key>` are read apart). */
const paramShape = {
  query,
  page: wholeNumber('page', SEARCH_LIMITS.maxPage, 1, 'Page number, from 1.'),
  pageSize: wholeNumber(
    'pageSize',
    SEARCH_LIMITS.maxPageSize,
    SEARCH_LIMITS.maxPageSize,
    'Results per page.',
  ),
  sort: z
    .enum(SEARCH_SORTS, {
      error: (issue) =>
        typeof issue.input === 'string'
          ? `sort must be one of ${SEARCH_SORTS.join(', ')}`
          : 'sort must be given once',
    })
    .default('relevance')
    .meta({
      description:
        'Result order: `relevance` (preferred products first, then rank), `price-asc` / `price-desc` (the shown ' +
        "offer's net price), `delivery` (fastest delivery first), `rating` (best rated first). Ties go by rank. " +
        'Products without the key (no price in the marketplace currency, no delivery or rating) come last.',
    }),
  ...(Object.fromEntries(FACET_IDS.map((facet) => [facet, facetFilter(facet)])) as Record<
    FacetId,
    ReturnType<typeof facetFilter>
  >),
};

/** The values of one feature facet's filter (its parameter name is checked apart). */
function featureFilter(facet: string) {
  const notAValue = {
    error: (issue: { input?: unknown }) =>
      `${facet}: "${String(issue.input).slice(0, 50)}" is not a value of this facet`,
  };
  return filterValues(facet, z.string(notAValue).regex(FEATURE_VALUE_PATTERN, notAValue));
}

/**
 * The feature facets' filters: every parameter named `feature.<key>`, at most maxFeatureFilters of
 * them, each key and value a key as the feature facets give them (search-filters.ts).
 */
const featureFilters = z
  .record(z.string(), z.unknown())
  .check((ctx) => {
    const names = Object.keys(ctx.value);
    if (names.length > SEARCH_LIMITS.maxFeatureFilters) {
      ctx.issues.push({
        code: 'custom',
        input: names.length,
        message: `${FEATURE_FACET_PREFIX}<key>: at most ${SEARCH_LIMITS.maxFeatureFilters} feature filters at once`,
        abort: true,
      });
      return;
    }
    const bad = names.find((name) => !FEATURE_KEY_PATTERN.test(name.slice(FEATURE_FACET_PREFIX.length)));
    if (bad !== undefined) {
      ctx.issues.push({
        code: 'custom',
        input: bad,
        message: `${bad.slice(0, 80)}: "${bad.slice(FEATURE_FACET_PREFIX.length, 80)}" is not a feature key (lower-case letters, digits and "-")`,
        abort: true,
      });
    }
  })
  .transform((raw, ctx) => {
    const filters: Record<FeatureFacetId, string[]> = {};
    for (const [name, values] of Object.entries(raw)) {
      const result = featureFilter(name).safeParse(values);
      if (!result.success) {
        ctx.issues.push({ code: 'custom', input: values, message: result.error.issues[0].message });
        return z.NEVER;
      }
      filters[name as FeatureFacetId] = result.data;
    }
    return filters;
  });

/** The query parameters the API names; parameters that are no facet id are left out. */
const searchParams = z.object(paramShape).check((ctx) => {
  const { page, pageSize } = ctx.value;
  if (page * pageSize <= SEARCH_LIMITS.maxResultWindow) return;
  ctx.issues.push({
    code: 'custom',
    input: page,
    message: `page: page x pageSize may be at most ${SEARCH_LIMITS.maxResultWindow} (page ${page} of ${pageSize} reaches ${page * pageSize}); narrow the query instead of paging this deep`,
  });
});

/**
 * The raw query string (after "?"), bounded before anything else; the framework's query parser
 * decodes leniently (%FF, %zz and a lone % pass as other text), so its escapes are checked here.
 */
const queryString = z.string().check((ctx) => {
  const raw = ctx.value;
  if (raw.length > SEARCH_LIMITS.maxQueryStringLength) {
    ctx.issues.push({
      code: 'custom',
      input: raw.length,
      message: `the query string is longer than ${SEARCH_LIMITS.maxQueryStringLength} characters`,
      abort: true,
    });
    return;
  }
  const malformed = malformedEscape(raw);
  if (malformed !== undefined) {
    ctx.issues.push({
      code: 'custom',
      input: malformed,
      message: `the query string is not validly percent-encoded UTF-8 near "${malformed.slice(0, 30)}" (encode "%" as %25)`,
    });
  }
});

/**
 * The parameters as the OpenAPI document lists them: the named ones, and the feature facets' filters
 * as one exploded form object (`feature.<key>=<value key>`, OpenAPI's way to say "parameters named by
 * a pattern").
 */
const documentedParams = z.object({
  ...paramShape,
  features: z
    .record(
      z.string().regex(/^feature\.[a-z0-9][a-z0-9-]*$/),
      z.array(z.string().regex(FEATURE_VALUE_PATTERN)),
    )
    .optional()
    .meta({
      description:
        'Feature facet filters: parameters named `feature.<key>` (the id of a feature facet of an earlier ' +
        "answer), each value a value id of that facet's values; several values of one feature are ORed, " +
        `features ANDed with each other and the other facets; at most ${SEARCH_LIMITS.maxFeatureFilters} ` +
        'features at once. A malformed key or value is 400; a key or value no product has matches nothing.',
      style: 'form',
      explode: true,
    }),
});

/** The `feature.<key>` parameters of a query (the framework's query object). */
function featureParams(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null) return {};
  return Object.fromEntries(Object.entries(params).filter(([name]) => isFeatureFacetId(name)));
}

/** A search as the route receives it: the raw query string first, then the parameters. */
const searchRequest = z
  .preprocess(
    (input) =>
      typeof input === 'object' && input !== null
        ? { ...input, features: featureParams((input as { params?: unknown }).params) }
        : input,
    z.object({ rawQuery: queryString, params: searchParams, features: featureFilters }),
  )
  .transform(({ rawQuery, params, features }): SearchRequest => {
    const filters: Partial<Record<FilterId, string[]>> = {};
    for (const facet of facetOrder(rawQuery, Object.keys(features) as FeatureFacetId[])) {
      const values = isFeatureFacetId(facet) ? features[facet] : params[facet];
      if (values !== undefined) filters[facet] = values;
    }
    const { query: text, page, pageSize, sort } = params;
    return { query: text, page, pageSize, sort, filters };
  });

/**
 * Filter ids in the order the query string names them, then the others: the shop's filter chips and
 * links keep the order the buyer chose the filters in.
 */
function facetOrder(rawQuery: string, features: FeatureFacetId[]): FilterId[] {
  const named = [...new URLSearchParams(rawQuery).keys()].filter(isFilterId);
  return [...new Set([...named, ...FACET_IDS, ...features])];
}

/** What the search route's pipe validates (SearchQuery()) and what the OpenAPI document lists. */
export class SearchParamsDto extends InputSchema(searchRequest, { documented: documentedParams }) {}

/**
 * Validates the query parameters of a search: `query` (required, non-blank), `page`, `pageSize`,
 * `sort`, and every facet id as a filter. Unknown parameters are ignored; a malformed value of a
 * known facet is an error (it can only come from a client bug, since value ids round-trip).
 */
export function parseSearchRequest(params: Record<string, unknown>, rawQueryString = ''): ParseResult {
  const result = SearchParamsDto.check({ rawQuery: rawQueryString, params });
  return result.ok ? { ok: true, request: result.value } : { ok: false, message: result.issue.message };
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

/** The plain words of a web-search query for the typo fallback: no quotes, no -exclusions, no "or". */
export function typoFallbackText(query: string): string {
  return query
    .replace(/"/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !word.startsWith('-') && word.toLowerCase() !== 'or')
    .join(' ');
}
