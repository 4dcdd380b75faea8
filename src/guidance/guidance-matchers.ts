import { escapeLike } from '../database/like-pattern';
import { Prisma } from '../generated/prisma/client';
import type { GuidanceMatcherName, GuidanceRuleSpec, OfferFacts, ProductFacts } from './guidance-rule';

/**
 * What each kind of guidance rule matches, defined once. Every matcher has two forms, kept in one
 * definition object: `matches` (in memory, for product details, punchout and carts) and `sql` (a
 * predicate evaluated inside the search query, over the aliases `p` product row and `o` offer row).
 * Where the comparison is "a fact of the product or offer against the rule's value", both forms
 * are derived from one comparison (COMPARISONS below), so they cannot drift apart; price_above
 * needs a currency and states its two forms side by side. The property test
 * test/integration/guidance/guidance-agreement.e2e-spec.ts checks both forms against each other.
 */

type Sql = Prisma.Sql;
const { sql } = Prisma;

export interface MatcherDefinition {
  /**
   * `product`: reads only the product, so every offer of a product gets the same verdict (search
   * may boost a product by it without reading offers); `offer`: reads the offer.
   */
  level: 'product' | 'offer';
  /** In memory: whether `rule` matches this offer of this product. */
  matches(rule: GuidanceRuleSpec, product: ProductFacts, offer: OfferFacts): boolean;
  /** In SQL: whether any of `rules` (all of this matcher) matches; null when none could. */
  sql(rules: readonly GuidanceRuleSpec[]): Sql | null;
}

/**
 * Names compare case- and surrounding-space-insensitively: in SQL `lower(btrim(x))`, which trims
 * spaces only, so the in-memory form trims spaces only too. (Lower-casing is Unicode in both;
 * the rare letters whose JavaScript and PostgreSQL lower case differ, such as "İ", are not names
 * a vendor or brand uses.)
 */
export function normalizeName(value: string): string {
  return value.replace(/^ +| +$/g, '').toLowerCase();
}

/**
 * A comparison of a fact with a rule value, in both forms: `test` in memory; in SQL, each value
 * becomes a bound `key` and the rules of one matcher collapse into one `ANY($n)` predicate, so
 * twenty rules cost one comparison per row, not twenty.
 */
interface Comparison {
  test(fact: string, value: string): boolean;
  key(value: string): string;
  sql(column: Sql, keys: string[]): Sql;
}

const COMPARISONS = {
  /** Exactly equal. */
  equals: {
    test: (fact, value) => fact === value,
    key: (value) => value,
    sql: (column, keys) => sql`${column} = ANY(${keys}::text[])`,
  },
  /** Equal as names (normalizeName). */
  sameName: {
    test: (fact, value) => normalizeName(fact) === normalizeName(value),
    key: normalizeName,
    sql: (column, keys) => sql`lower(btrim(${column})) = ANY(${keys}::text[])`,
  },
  /** The materialized path contains the segment: the category itself or a descendant. */
  pathSegment: {
    test: (fact, value) => fact.includes(`/${value}/`),
    key: (value) => `%/${escapeLike(value)}/%`,
    sql: (column, keys) => sql`${column} LIKE ANY(${keys}::text[])`,
  },
  /** Starts with the value. */
  prefix: {
    test: (fact, value) => fact.startsWith(value),
    key: (value) => `${escapeLike(value)}%`,
    sql: (column, keys) => sql`${column} LIKE ANY(${keys}::text[])`,
  },
} satisfies Record<string, Comparison>;

/**
 * A matcher comparing one fact with the rule's value. `fact` and `column` are the same fact in
 * memory and in SQL; a missing fact (null: no brand, no UNSPSC) never matches, in SQL through
 * `coalesce(.., false)` so a NULL never poisons NOT or OR.
 */
function factMatcher(
  level: MatcherDefinition['level'],
  fact: (product: ProductFacts, offer: OfferFacts) => string | null,
  column: Sql,
  comparison: Comparison,
  nullable = false,
): MatcherDefinition {
  return {
    level,
    matches: (rule, product, offer) => {
      const value = fact(product, offer);
      return value !== null && comparison.test(value, rule.value);
    },
    sql: (rules) => {
      if (rules.length === 0) return null;
      const predicate = comparison.sql(column, [...new Set(rules.map((rule) => comparison.key(rule.value)))]);
      return nullable ? sql`coalesce(${predicate}, false)` : predicate;
    },
  };
}

export const MATCHERS: Readonly<Record<GuidanceMatcherName, MatcherDefinition>> = {
  vendor: factMatcher('offer', (_, o) => o.vendor, sql`o.vendor`, COMPARISONS.sameName),
  product: factMatcher('product', (p) => p.id, sql`p.id`, COMPARISONS.equals),
  product_code: factMatcher('product', (p) => p.productCode, sql`p.product_code`, COMPARISONS.sameName),
  brand: factMatcher('product', (p) => p.brand, sql`p.brand`, COMPARISONS.sameName, true),
  category: factMatcher('product', (p) => p.categoryPath, sql`p.category_path`, COMPARISONS.pathSegment),
  unspsc_prefix: factMatcher('product', (p) => p.unspsc, sql`p.unspsc`, COMPARISONS.prefix, true),
  condition: factMatcher('offer', (_, o) => o.condition, sql`o.condition::text`, COMPARISONS.equals),

  /**
   * The offer's net unit price (VAT excluded, whatever the vendor quotes) is strictly above the amount,
   * in the rule's currency only (no conversion).
   */
  price_above: {
    level: 'offer',
    matches: (rule, _, offer) =>
      !!rule.currency &&
      offer.currency.toUpperCase() === rule.currency.toUpperCase() &&
      Number(offer.netPrice) > Number(rule.value),
    sql: (rules) => {
      // Above any amount of a currency = above the lowest one; other currencies are never compared.
      const lowest = new Map<string, string>();
      for (const rule of rules) {
        if (!rule.currency) continue;
        const currency = rule.currency.toUpperCase();
        const known = lowest.get(currency);
        if (known === undefined || Number(rule.value) < Number(known)) lowest.set(currency, rule.value);
      }
      const parts = [...lowest].map(
        ([currency, amount]) => sql`(upper(o.currency) = ${currency} AND o.net_price > ${amount}::numeric)`,
      );
      return anyOf(parts);
    },
  },
};

/** OR of the predicates; null when there are none. */
export function anyOf(parts: readonly Sql[]): Sql | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0];
  return Prisma.join(parts, ' OR ', '(', ')');
}

/** Matchers that read only the product row: the same verdict for every offer of a product. */
export const PRODUCT_LEVEL_MATCHERS: ReadonlySet<GuidanceMatcherName> = new Set(
  (Object.keys(MATCHERS) as GuidanceMatcherName[]).filter((name) => MATCHERS[name].level === 'product'),
);
