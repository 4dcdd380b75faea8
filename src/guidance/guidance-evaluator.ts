/**
 * Buying guidance, evaluated: pure functions, no Nest or Prisma, so the rules' meaning is defined
 * (and unit-tested) in one place. Search evaluates the same rules in SQL (guidance-sql.ts); tests
 * check that both agree.
 */

export type GuidanceEffectName = 'preferred' | 'blocked';
export type GuidanceMatcherName =
  | 'vendor'
  | 'product'
  | 'product_code'
  | 'brand'
  | 'category'
  | 'unspsc_prefix'
  | 'condition'
  | 'price_above';

export interface GuidanceRuleSpec {
  id: string;
  effect: GuidanceEffectName;
  matcher: GuidanceMatcherName;
  value: string;
  /** price_above only: the currency of `value`; offers in other currencies never match. */
  currency?: string | null;
}

export interface ProductFacts {
  id: string;
  productCode: string;
  brand: string | null;
  /** Materialized category path, e.g. "/office/paper/copy-paper/". */
  categoryPath: string;
  unspsc: string | null;
}

export interface OfferFacts {
  id: string;
  vendor: string;
  condition: string;
  /** Unit price as a decimal string or number. */
  price: string | number;
  currency: string;
}

export interface GuidanceVerdict {
  preferred: boolean;
  blocked: boolean;
  /** Ids of the rules that matched (blocked and preferred alike), for explanations and audit. */
  ruleIds: string[];
}

/** Names compare case- and surrounding-space-insensitively. */
export function normalizeName(value: string): string {
  return value.trim().toLowerCase();
}

export function ruleMatches(rule: GuidanceRuleSpec, product: ProductFacts, offer: OfferFacts): boolean {
  switch (rule.matcher) {
    case 'vendor':
      return normalizeName(offer.vendor) === normalizeName(rule.value);
    case 'product':
      return product.id === rule.value;
    case 'product_code':
      return normalizeName(product.productCode) === normalizeName(rule.value);
    case 'brand':
      return product.brand !== null && normalizeName(product.brand) === normalizeName(rule.value);
    case 'category':
      return product.categoryPath.includes(`/${rule.value}/`);
    case 'unspsc_prefix':
      return product.unspsc !== null && product.unspsc.startsWith(rule.value);
    case 'condition':
      return offer.condition === rule.value;
    case 'price_above':
      return (
        !!rule.currency &&
        offer.currency.toUpperCase() === rule.currency.toUpperCase() &&
        Number(offer.price) > Number(rule.value)
      );
  }
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

export interface JudgedOffer<T extends OfferFacts = OfferFacts> {
  offer: T;
  verdict: GuidanceVerdict;
}

/**
 * The order a buyer expects: buyable before blocked, preferred first, then cheapest, then id
 * (so the order is stable). The first offer is the one a search result shows.
 */
export function compareJudgedOffers(a: JudgedOffer, b: JudgedOffer): number {
  return (
    Number(a.verdict.blocked) - Number(b.verdict.blocked) ||
    Number(b.verdict.preferred) - Number(a.verdict.preferred) ||
    Number(a.offer.price) - Number(b.offer.price) ||
    (a.offer.id < b.offer.id ? -1 : a.offer.id > b.offer.id ? 1 : 0)
  );
}

export interface ProductVerdict<T extends OfferFacts = OfferFacts> {
  /** Offers in buyer order (see compareJudgedOffers). */
  offers: JudgedOffer<T>[];
  /** The offer a search result shows: the best one that is not blocked, if any. */
  shown: JudgedOffer<T> | undefined;
  /** No offer can be bought (also when there are no offers). */
  blocked: boolean;
  /** The shown offer is preferred. */
  preferred: boolean;
}

export function evaluateProduct<T extends OfferFacts>(
  rules: readonly GuidanceRuleSpec[],
  product: ProductFacts,
  offers: readonly T[],
): ProductVerdict<T> {
  const judged = offers
    .map((offer) => ({ offer, verdict: evaluateOffer(rules, product, offer) }))
    .sort(compareJudgedOffers);
  const shown = judged.find((entry) => !entry.verdict.blocked);
  return {
    offers: judged,
    shown,
    blocked: shown === undefined,
    preferred: shown?.verdict.preferred ?? false,
  };
}
