import type { Prisma } from '../generated/prisma/client';

/**
 * What search needs from buying guidance, as SQL evaluated inside the search query itself (no
 * round trip per result). Predicates may use the aliases `p` (product row) and `o` (offer row).
 */
export interface SearchGuidance {
  /** Offer `o` of product `p` is blocked. A result is blocked when all its offers are. */
  offerBlocked: Prisma.Sql;
  /** Offer `o` of product `p` is preferred. */
  offerPreferred: Prisma.Sql;
  /** Product `p` is preferred as a whole (boosts it in the ranking; product-level columns only). */
  productPreferred: Prisma.Sql;
  /**
   * Some rule reads the offer (vendor, condition, price). Without one, every offer of a product
   * gets the same verdict, so the shown offer is simply the cheapest in the marketplace currency.
   */
  offerLevel: boolean;
  /** ORDER BY of the offers `o` of `p` in buyer order (guidance-offer-order.ts): the first is shown. */
  offerOrder(currency: string): Prisma.Sql;
}

/** The seam search depends on; the guidance issue replaces the provider with real rules. */
export abstract class SearchGuidanceProvider {
  abstract forOrganization(organizationId: string): Promise<SearchGuidance>;
}
