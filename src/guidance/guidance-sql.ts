import { Prisma } from '../generated/prisma/client';
import { MATCHERS, PRODUCT_LEVEL_MATCHERS, anyOf } from './guidance-matchers';
import { buyerOrderSql } from './guidance-offer-order';
import type { GuidanceEffectName, GuidanceMatcherName, GuidanceRuleSpec } from './guidance-rule';
import type { SearchGuidance } from './search-guidance';

/**
 * Buying guidance as SQL predicates for the search query (aliases `p` product row, `o` offer row),
 * built from the matcher definitions (guidance-matchers.ts), whose in-memory forms the evaluator
 * uses. Pure: no Nest, no database. Every rule value is a bound parameter.
 */

const FALSE = Prisma.raw('FALSE');

/** Some rule of `rules` (all of one effect) matches, over the matchers `only` allows. */
function anyRule(
  rules: readonly GuidanceRuleSpec[],
  only: (matcher: GuidanceMatcherName) => boolean = () => true,
): Prisma.Sql | null {
  // One predicate per matcher, in the definitions' order (a stable SQL text for any rule order).
  const parts = (Object.keys(MATCHERS) as GuidanceMatcherName[])
    .filter(only)
    .flatMap((matcher) => MATCHERS[matcher].sql(rules.filter((rule) => rule.matcher === matcher)) ?? []);
  return anyOf(parts);
}

const productLevel = (matcher: GuidanceMatcherName) => PRODUCT_LEVEL_MATCHERS.has(matcher);

function byEffect(rules: readonly GuidanceRuleSpec[], effect: GuidanceEffectName): GuidanceRuleSpec[] {
  return rules.filter((rule) => rule.effect === effect);
}

/** `a AND NOT b` with the trivial cases folded (null: no rule could match). */
function butNot(a: Prisma.Sql | null, b: Prisma.Sql | null): Prisma.Sql | null {
  if (a === null) return null;
  return b === null ? a : Prisma.sql`(${a} AND NOT (${b}))`;
}

/**
 * The predicates search evaluates:
 * - offerBlocked: some blocking rule matches the offer;
 * - offerPreferred: some preferring rule matches and the offer is not blocked (blocked beats preferred);
 * - productPreferred: a product-level preferring rule matches and no product-level blocking rule does
 *   (the ranking boost; it cannot know about offer-level rules without reading offers).
 */
export function compileSearchGuidance(rules: readonly GuidanceRuleSpec[]): SearchGuidance {
  const blocked = byEffect(rules, 'blocked');
  const preferred = byEffect(rules, 'preferred');
  const offerBlocked = anyRule(blocked);
  const offerPreferred = butNot(anyRule(preferred), offerBlocked);
  return {
    offerBlocked: offerBlocked ?? FALSE,
    offerPreferred: offerPreferred ?? FALSE,
    productPreferred: butNot(anyRule(preferred, productLevel), anyRule(blocked, productLevel)) ?? FALSE,
    offerLevel: rules.some((rule) => !productLevel(rule.matcher)),
    offerOrder: (currency) => buyerOrderSql(offerBlocked, offerPreferred, currency),
  };
}
