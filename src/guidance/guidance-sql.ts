import { FALSE, Sql, join, sql } from '../catalog/sql-fragment';
import {
  GuidanceEffectName,
  GuidanceMatcherName,
  GuidanceRuleSpec,
  normalizeName,
} from './guidance-evaluator';
import type { SearchGuidance } from './search-guidance';

/**
 * Buying guidance as SQL predicates for the search query (aliases `p` product row, `o` offer row),
 * with exactly the meaning of guidance-evaluator.ts. Pure: no Nest, no database. Every rule value
 * is a bound parameter; rules of one matcher and effect collapse into one `= ANY($n)` / `LIKE ANY($n)`
 * predicate, so twenty rules cost a handful of comparisons, not twenty.
 */

/** Matchers that look only at the product row: the same verdict for every offer of a product. */
export const PRODUCT_LEVEL_MATCHERS: ReadonlySet<GuidanceMatcherName> = new Set([
  'product',
  'product_code',
  'brand',
  'category',
  'unspsc_prefix',
]);

/** Escapes LIKE's wildcards and its escape character (PostgreSQL's default escape is `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `coalesce(.., false)`: a NULL column (no brand, no UNSPSC) never matches and never poisons NOT/OR. */
const orFalse = (predicate: Sql): Sql => sql`coalesce(${predicate}, false)`;

function or(parts: Sql[]): Sql {
  if (parts.length === 0) return FALSE;
  if (parts.length === 1) return parts[0];
  return sql`(${join(parts, ' OR ')})`;
}

/** One predicate per matcher for the given rules (all of one effect). */
function predicates(rules: readonly GuidanceRuleSpec[], only?: ReadonlySet<GuidanceMatcherName>): Sql[] {
  const values = (matcher: GuidanceMatcherName, map: (rule: GuidanceRuleSpec) => string = (r) => r.value) => [
    ...new Set(rules.filter((r) => r.matcher === matcher).map(map)),
  ];
  const wanted = (matcher: GuidanceMatcherName) => !only || only.has(matcher);
  const parts: Sql[] = [];

  const vendors = values('vendor', (r) => normalizeName(r.value));
  if (wanted('vendor') && vendors.length) parts.push(sql`lower(btrim(o.vendor)) = ANY(${vendors}::text[])`);

  const ids = values('product');
  if (wanted('product') && ids.length) parts.push(sql`p.id = ANY(${ids}::text[])`);

  const codes = values('product_code', (r) => normalizeName(r.value));
  if (wanted('product_code') && codes.length)
    parts.push(sql`lower(btrim(p.product_code)) = ANY(${codes}::text[])`);

  const brands = values('brand', (r) => normalizeName(r.value));
  if (wanted('brand') && brands.length)
    parts.push(orFalse(sql`lower(btrim(p.brand)) = ANY(${brands}::text[])`));

  // Category subtree: the materialized path contains "/<id>/" (the category itself or an ancestor).
  const categories = values('category', (r) => `%/${escapeLike(r.value)}/%`);
  if (wanted('category') && categories.length)
    parts.push(sql`p.category_path LIKE ANY(${categories}::text[])`);

  const prefixes = values('unspsc_prefix', (r) => `${escapeLike(r.value)}%`);
  if (wanted('unspsc_prefix') && prefixes.length)
    parts.push(orFalse(sql`p.unspsc LIKE ANY(${prefixes}::text[])`));

  const conditions = values('condition');
  if (wanted('condition') && conditions.length)
    parts.push(sql`o.condition::text = ANY(${conditions}::text[])`);

  // Above any threshold of a currency = above the lowest one; other currencies are never compared.
  if (wanted('price_above')) {
    const lowest = new Map<string, string>();
    for (const rule of rules) {
      if (rule.matcher !== 'price_above' || !rule.currency) continue;
      const currency = rule.currency.toUpperCase();
      const known = lowest.get(currency);
      if (known === undefined || Number(rule.value) < Number(known)) lowest.set(currency, rule.value);
    }
    for (const [currency, amount] of lowest) {
      parts.push(sql`(upper(o.currency) = ${currency} AND o.price > ${amount}::numeric)`);
    }
  }
  return parts;
}

function byEffect(rules: readonly GuidanceRuleSpec[], effect: GuidanceEffectName): GuidanceRuleSpec[] {
  return rules.filter((rule) => rule.effect === effect);
}

/**
 * The three predicates search evaluates:
 * - offerBlocked: some blocking rule matches the offer;
 * - offerPreferred: some preferring rule matches and the offer is not blocked (blocked beats preferred);
 * - productPreferred: a product-level preferring rule matches and no product-level blocking rule does
 *   (the ranking boost; it cannot know about offer-level rules without reading offers).
 */
export function compileSearchGuidance(rules: readonly GuidanceRuleSpec[]): SearchGuidance {
  const blocked = byEffect(rules, 'blocked');
  const preferred = byEffect(rules, 'preferred');
  const offerBlocked = or(predicates(blocked));
  const offerPreferredAny = or(predicates(preferred));
  const productPreferredAny = or(predicates(preferred, PRODUCT_LEVEL_MATCHERS));
  const productBlockedAny = or(predicates(blocked, PRODUCT_LEVEL_MATCHERS));
  return {
    offerBlocked,
    offerPreferred:
      offerPreferredAny === FALSE || offerBlocked === FALSE
        ? offerPreferredAny
        : sql`(${offerPreferredAny} AND NOT (${offerBlocked}))`,
    productPreferred:
      productPreferredAny === FALSE || productBlockedAny === FALSE
        ? productPreferredAny
        : sql`(${productPreferredAny} AND NOT (${productBlockedAny}))`,
  };
}
