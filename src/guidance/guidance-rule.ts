/**
 * The vocabulary of buying guidance: a rule, and the facts of a product and an offer a rule is
 * matched against. Types only, shared by the matcher definitions, the evaluator and the SQL form.
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
  /** Unit price as quoted (gross when the offer's price includes VAT), decimal string or number. */
  price: string | number;
  /** Net unit price (VAT excluded): what every comparison and price rule reads. */
  netPrice: string | number;
  currency: string;
}
