/**
 * The vocabulary of buying guidance: a rule, and the facts of a product and an offer a rule is
 * matched against, shared by the matcher definitions, the evaluator and the SQL form.
 */
import { GuidanceEffect, GuidanceMatcher } from '../generated/prisma/enums';

/**
 * The one list of what a rule does and what it compares: the database enums (guidance_effect,
 * guidance_matcher in prisma/schema.prisma and its migration), as the generated client states them.
 * The API's DTO, the matcher definitions (MATCHERS, in memory and SQL), the operator CLI and the
 * console's wording all take the names from here, so a new matcher is a migration plus what the
 * compiler then asks for.
 */
export const GUIDANCE_EFFECTS: readonly GuidanceEffectName[] = Object.values(GuidanceEffect);
export const GUIDANCE_MATCHERS: readonly GuidanceMatcherName[] = Object.values(GuidanceMatcher);
export type GuidanceEffectName = GuidanceEffect;
export type GuidanceMatcherName = GuidanceMatcher;

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
