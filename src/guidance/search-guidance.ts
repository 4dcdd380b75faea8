import { Sql } from '../catalog/sql-fragment';

/**
 * What search needs from buying guidance, as SQL evaluated inside the search query itself (no
 * round trip per result). Predicates may use the aliases `p` (product row) and `o` (offer row).
 */
export interface SearchGuidance {
  /** Offer `o` of product `p` is blocked. A result is blocked when all its offers are. */
  offerBlocked: Sql;
  /** Offer `o` of product `p` is preferred. */
  offerPreferred: Sql;
  /** Product `p` is preferred as a whole (boosts it in the ranking; product-level columns only). */
  productPreferred: Sql;
}

/** The seam search depends on; the guidance issue replaces the provider with real rules. */
export abstract class SearchGuidanceProvider {
  abstract forOrganization(organizationId: string): Promise<SearchGuidance>;
}
