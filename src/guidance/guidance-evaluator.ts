/**
 * Buying guidance, evaluated in memory: pure functions, no Nest, no database. What each matcher
 * means is defined once in guidance-matchers.ts (with its SQL form, which search evaluates); the
 * offer order in guidance-offer-order.ts.
 */
import { MATCHERS } from './guidance-matchers';
import { JudgedOffer, buyerOrder } from './guidance-offer-order';
import type { GuidanceRuleSpec, OfferFacts, ProductFacts } from './guidance-rule';

export type {
  GuidanceEffectName,
  GuidanceMatcherName,
  GuidanceRuleSpec,
  OfferFacts,
  ProductFacts,
} from './guidance-rule';
export type { JudgedOffer } from './guidance-offer-order';
export { normalizeName } from './guidance-matchers';

export interface GuidanceVerdict {
  preferred: boolean;
  blocked: boolean;
  /** Ids of the rules that matched (blocked and preferred alike), for explanations and audit. */
  ruleIds: string[];
}

export function ruleMatches(rule: GuidanceRuleSpec, product: ProductFacts, offer: OfferFacts): boolean {
  return MATCHERS[rule.matcher].matches(rule, product, offer);
}

/** An offer's flags: blocked when any blocking rule matches; preferred only if not blocked. */
export function evaluateOffer(
  rules: readonly GuidanceRuleSpec[],
  product: ProductFacts,
  offer: OfferFacts,
): GuidanceVerdict {
  const matched = rules.filter((rule) => ruleMatches(rule, product, offer));
  const blocked = matched.some((rule) => rule.effect === 'blocked');
  const preferred = !blocked && matched.some((rule) => rule.effect === 'preferred');
  return { preferred, blocked, ruleIds: matched.map((rule) => rule.id) };
}

export interface ProductVerdict<T extends OfferFacts = OfferFacts> {
  /** Offers in buyer order (guidance-offer-order.ts). */
  offers: Array<JudgedOffer<T> & { verdict: GuidanceVerdict }>;
  /** The first offer that is not blocked, if any. */
  shown: (JudgedOffer<T> & { verdict: GuidanceVerdict }) | undefined;
  /** No offer can be bought (also when there are no offers). */
  blocked: boolean;
  /** The shown offer is preferred. */
  preferred: boolean;
}

/**
 * The product's offers judged and in buyer order. `currency` is the marketplace currency: its
 * offers come before other currencies', as in search, whose result shows the first offer; without
 * it (callers that show no single price) currencies are not ordered.
 */
export function evaluateProduct<T extends OfferFacts>(
  rules: readonly GuidanceRuleSpec[],
  product: ProductFacts,
  offers: readonly T[],
  currency?: string,
): ProductVerdict<T> {
  const judged = offers
    .map((offer) => ({ offer, verdict: evaluateOffer(rules, product, offer) }))
    .sort(buyerOrder(currency));
  const shown = judged.find((entry) => !entry.verdict.blocked);
  return {
    offers: judged,
    shown,
    blocked: shown === undefined,
    preferred: shown?.verdict.preferred ?? false,
  };
}
