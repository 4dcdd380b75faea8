import { Prisma } from '../generated/prisma/client';

type Sql = Prisma.Sql;
const { sql } = Prisma;

/** Facet ids of the search response, which are also the filter parameter names. */
export const FACET_IDS = [
  'category',
  'price',
  'availability',
  'delivery_day',
  'review-rating',
  'is_prime',
  'cpf_eligible',
  'lbr_brands_browse-bin',
  'condition-type',
] as const;
export type FacetId = (typeof FACET_IDS)[number];

export function isFacetId(name: string): name is FacetId {
  return (FACET_IDS as readonly string[]).includes(name);
}

/**
 * Feature facets (docs/search.md, "Feature facets"): the id and filter parameter of one is
 * `feature.<key>`, its value ids are value keys. Keys and value keys are what PostgreSQL's
 * gw_feature_key makes of a feature's name and of a value with its unit (the product's
 * `feature_terms`, "<key>=<value key>"): lower-case ASCII words joined by "-".
 */
export const FEATURE_FACET_PREFIX = 'feature.';
export type FeatureFacetId = `feature.${string}`;
/** Every filter a search takes: the fixed facets and the feature facets. */
export type FilterId = FacetId | FeatureFacetId;
export const FEATURE_KEY_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
export const FEATURE_VALUE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

export function isFeatureFacetId(name: string): name is FeatureFacetId {
  return name.startsWith(FEATURE_FACET_PREFIX);
}

export function featureFacetId(key: string): FeatureFacetId {
  return `${FEATURE_FACET_PREFIX}${key}`;
}

/** The feature key of a feature facet id. */
export function featureKeyOf(id: FeatureFacetId): string {
  return id.slice(FEATURE_FACET_PREFIX.length);
}

/** Whether a query parameter is a filter (a fixed facet or a feature facet). */
export function isFilterId(name: string): name is FilterId {
  return isFacetId(name) || isFeatureFacetId(name);
}

/** A price facet value: `from-to` or `from-` in whole units (the request schema also wants to > from). */
export const PRICE_RANGE = /^(\d{1,7})-(\d{1,7})?$/;

/**
 * The ends of the given (valid) price values' ranges, ascending and distinct: the points where a
 * price range test can change its answer (search.repository.ts, rangeTestPriceOf).
 */
export function priceRangeEdges(values: readonly string[]): number[] {
  const edges = new Set<number>();
  for (const value of values) {
    const [, from, to] = PRICE_RANGE.exec(value) as RegExpExecArray;
    edges.add(Number(from));
    if (to !== undefined) edges.add(Number(to));
  }
  return [...edges].sort((a, b) => a - b);
}

/**
 * The SQL predicate over product row `p` for one (valid) facet value. Category values are
 * subtrees, price values half-open ranges [from, to) of `shownPrice` (the price the result shows,
 * in the marketplace currency; NULL when it shows another currency's, which no range holds),
 * delivery values "within n days", rating values "n stars and up".
 */
export function facetValuePredicate(facet: FacetId, value: string, shownPrice: Sql): Sql {
  switch (facet) {
    case 'category':
      return sql`p.category_path LIKE (SELECT c.path || '%' FROM category c WHERE c.id = ${value})`;
    case 'price': {
      const [, from, to] = PRICE_RANGE.exec(value) as RegExpExecArray;
      if (to === undefined) return sql`coalesce(${shownPrice} >= ${Number(from)}, false)`;
      // The shown price is one of the product's offer prices, so never below the cheapest of them
      // (best_price, any currency): that column rules most products out before the shown price is read.
      return sql`(p.best_price < ${Number(to)} AND coalesce(numrange(${Number(from)}, ${Number(to)}) @> ${shownPrice}, false))`;
    }
    case 'availability':
      return sql`p.availability = ${value}::availability`;
    case 'delivery_day':
      return sql`p.fastest_delivery_days <= ${Number(value)}`;
    case 'review-rating':
      return sql`p.star_rating >= ${Number(value)}`;
    case 'is_prime':
      return sql`p.is_prime`;
    case 'cpf_eligible':
      return sql`p.cpf_eligible`;
    case 'lbr_brands_browse-bin':
      return sql`p.brand_key = ${value}`;
    case 'condition-type':
      return sql`${value}::offer_condition = ANY(p.conditions)`;
  }
}

/** Values of one facet OR; an empty selection is no restriction (null). */
export function facetPredicate(facet: FilterId, values: readonly string[], shownPrice: Sql): Sql | null {
  if (values.length === 0) return null;
  if (isFeatureFacetId(facet)) {
    // One array overlap for all of the feature's values (the GIN index on feature_terms answers it).
    const key = featureKeyOf(facet);
    return sql`p.feature_terms && ${values.map((value) => `${key}=${value}`)}::text[]`;
  }
  if (values.length === 1) return facetValuePredicate(facet, values[0], shownPrice);
  return Prisma.join(
    values.map((value) => facetValuePredicate(facet, value, shownPrice)),
    ' OR ',
    '(',
    ')',
  );
}
