import { Prisma } from '../generated/prisma/client';

type Sql = Prisma.Sql;
const { sql } = Prisma;

/**
 * Whose catalog a read sees (docs/catalogs.md, "Contract catalogs"): null, the marketplace's offers
 * only (every organization without a contract catalog: reads stay exactly as they were); or an
 * organization's, which adds its contract offers and lets each one replace the marketplace's offer of
 * the same supplier for the same product (one offer per supplier, as the organization sees it).
 */
export interface ContractView {
  organizationId: string;
  /** The product table's columns (search reads the product relation with the view's columns in place). */
  productColumns: readonly string[];
}

/** The product columns that depend on the offers seen: contract_product holds them per organization. */
export const OFFER_DERIVED_PRODUCT_COLUMNS = [
  'best_price',
  'best_currency',
  'price_ceiling',
  'price_currency',
  'availability',
  'fastest_delivery_days',
  'is_prime',
  'conditions',
  'offer_count',
] as const;

/**
 * Offer `alias` is seen in `organizationId`'s view (null: the marketplace's view): not withdrawn, and
 * the marketplace's, or that organization's contract offer; a marketplace offer is not seen where the
 * organization has a live contract offer of the same supplier for the same product.
 */
export function offerSeen(alias: string, organizationId: string | null): Sql {
  const o = Prisma.raw(alias);
  if (organizationId === null) return sql`${o}.withdrawn_at IS NULL AND ${o}.organization_id IS NULL`;
  return sql`${o}.withdrawn_at IS NULL AND (${o}.organization_id = ${organizationId}::uuid OR (${o}.organization_id IS NULL AND NOT EXISTS (
      SELECT 1 FROM offer contract
       WHERE contract.product_id = ${o}.product_id AND contract.organization_id = ${organizationId}::uuid
         AND contract.supplier_id = ${o}.supplier_id AND contract.withdrawn_at IS NULL)))`;
}

/**
 * The product relation as `view` sees it, aliased `p`: the product table itself for the marketplace's
 * view (the plan every organization without a contract catalog has always had); for an organization's,
 * every product column with the offer-derived ones taken from its contract_product row where it has one.
 * A plain join in a subquery, which PostgreSQL pulls up, so the product's indexes still serve the search.
 */
export function productsSeen(view: ContractView | null): Sql {
  if (view === null) return sql`product p`;
  const derived = new Set<string>(OFFER_DERIVED_PRODUCT_COLUMNS);
  const columns = view.productColumns.map((column) => {
    const name = Prisma.raw(`"${column.replace(/"/g, '""')}"`);
    return derived.has(column)
      ? sql`CASE WHEN cv.product_id IS NULL THEN pp.${name} ELSE cv.${name} END AS ${name}`
      : sql`pp.${name}`;
  });
  return sql`(SELECT ${Prisma.join(columns, ', ')}
                FROM product pp
                LEFT JOIN contract_product cv ON cv.organization_id = ${view.organizationId}::uuid AND cv.product_id = pp.id) p`;
}
