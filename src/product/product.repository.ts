import { Injectable } from '@nestjs/common';
import { CatalogVersionWatcher } from '../catalog/catalog-version.watcher';
import { offerSeen } from '../catalog/contract-view';
import { FACTS_READ } from '../catalog/product-facts';
import { ReadReplicas } from '../database/replicas/read-replicas.service';
import { Prisma } from '../generated/prisma/client';

const { sql } = Prisma;

export interface QuantityTierRow {
  minQuantity: number;
  price: number;
}

export interface OfferRow {
  id: string;
  vendor: string;
  /** The offer's supplier, and the catalog import that last changed it (null: not imported from a supplier's file). */
  supplierId: string;
  importId: string | null;
  /** Decimal text as stored (no binary rounding until the response). */
  price: string;
  currency: string;
  quantityTiers: QuantityTierRow[];
  quantityMin: number | null;
  quantityMax: number | null;
  condition: string;
  fulfillment: string | null;
  deliveryDays: number | null;
  availability: string;
  /** VAT rate in percent as decimal text, or null when not stated. */
  vatRate: string | null;
  priceIncludesVat: boolean;
  /** Net unit price as decimal text (offer.net_price). */
  netPrice: string;
  priceTaxLabel: string | null;
  priceInfo: string | null;
  unit: string;
  /** What one order unit holds (BMEcat CONTENT_UNIT, NO_CU_PER_OU as decimal text), when stated. */
  contentUnit: string | null;
  contentPerOrderUnit: string | null;
  /** Quantities go in steps of this from the minimum (BMEcat QUANTITY_INTERVAL); null: any. */
  quantityInterval: number | null;
  /** The end of the price's validity (ISO 8601), or null: an offer past it is not offered. */
  validTo?: string | null;
  priceUnitQuantity: number;
}

export interface ProductRow {
  id: string;
  productCode: string;
  /** The stored name (language unknown); `texts` has the names and descriptions per language. */
  name: string;
  texts: unknown;
  brand: string | null;
  manufacturer: string | null;
  manufacturerPartNumber: string | null;
  features: string[];
  overview: Record<string, unknown>;
  /** The first FACTS_READ stored facts (catalog/product-facts.ts), and how many the product has. */
  facts: unknown[];
  factCount: number;
  images: unknown;
  taxonomies: unknown;
  book: Record<string, unknown> | null;
  starRating: number | null;
  reviewCount: number | null;
  categoryPath: string;
  unspsc: string | null;
  offers: OfferRow[];
}

/**
 * Product details' read, hand-tuned because it is the hot path of every procurement system's
 * product page: the product and all its offers in one statement by primary key (offers aggregated
 * as JSON), instead of a query per relation. The row comes back as one JSON text, which is what the
 * product cache keeps (compact, immutable, its size known) and parses per request.
 */
@Injectable()
export class ProductRepository {
  constructor(
    private readonly replicas: ReadReplicas,
    private readonly versions: CatalogVersionWatcher,
  ) {}

  async findWithOffers(id: string, view: string | null = null): Promise<ProductRow | undefined> {
    const json = await this.findJson(id, view);
    return json === undefined ? undefined : (JSON.parse(json) as ProductRow);
  }

  /**
   * The product with the offers `view` sees (catalog/contract-view.ts: null, the marketplace's; else
   * the organization id of a contract catalog) as a JSON text of a ProductRow, or undefined. Read on a
   * replica when one is usable and has replayed `catalogVersion` (the version the product cache keys
   * the row by; undefined when it is not cached), else on the primary.
   */
  async findJson(id: string, view: string | null, catalogVersion?: string): Promise<string | undefined> {
    const query = productDetailsQuery(id, view);
    const { rows } = await this.replicas.read(
      (pool) =>
        pool.query<{ row: string }>({
          // One prepared statement per view kind: the marketplace's plan is the one it always had.
          name: view === null ? 'product-details-json' : 'product-details-json-contract',
          text: query.text,
          values: query.values,
        }),
      catalogVersion,
    );
    return rows[0]?.row;
  }

  /**
   * The catalog's version (catalog_version, bumped by every catalog write), as text: as the shared
   * watcher last saw it, read again when that look is older than CATALOG_VERSION_CHECK_MS.
   */
  catalogVersion(): Promise<string> {
    return this.versions.current();
  }
}

/**
 * The product and the offers `view` sees, in one statement. A product none of whose offers the view
 * sees is not found (its row stays for sessions and the audit): withdrawn everywhere, or only in another
 * organization's contract catalog (404, as an unknown id); a product that never had offers is found.
 */
function productDetailsQuery(id: string, view: string | null): Prisma.Sql {
  const offered =
    view === null
      ? sql`p.offer_count > 0`
      : sql`(p.offer_count > 0 OR EXISTS (SELECT 1 FROM contract_product cv WHERE cv.organization_id = ${view}::uuid AND cv.product_id = p.id))`;
  return sql`
        SELECT json_build_object(
                 'id', p.id, 'productCode', p.product_code, 'name', p.name, 'texts', p.texts, 'brand', p.brand,
                 'manufacturer', p.manufacturer, 'manufacturerPartNumber', p.manufacturer_part_number,
                 'features', p.features, 'overview', p.overview, 'images', p.images,
                 -- Facts capped at read: a product with thousands of features costs no more per request.
                 'facts', coalesce((SELECT jsonb_agg(f.value ORDER BY f.n) FROM jsonb_array_elements(p.facts)
                                     WITH ORDINALITY AS f(value, n) WHERE f.n <= ${FACTS_READ}), '[]'::jsonb),
                 'factCount', jsonb_array_length(p.facts),
                 'taxonomies', p.taxonomies, 'book', p.book, 'starRating', p.star_rating,
                 'reviewCount', p.review_count, 'categoryPath', p.category_path, 'unspsc', p.unspsc,
                 'offers', coalesce((
                   SELECT json_agg(json_build_object(
                            'id', o.id, 'vendor', o.vendor, 'supplierId', o.supplier_id, 'importId', o.import_id, 'price', o.price::text, 'currency', o.currency,
                            'quantityTiers', o.quantity_tiers, 'quantityMin', o.quantity_min,
                            'quantityMax', o.quantity_max, 'condition', o.condition, 'fulfillment', o.fulfillment,
                            'deliveryDays', o.delivery_days, 'availability', o.availability,
                            'vatRate', o.vat_rate::text, 'priceIncludesVat', o.price_includes_vat,
                            'netPrice', o.net_price::text, 'priceTaxLabel', o.price_tax_label, 'priceInfo', o.price_info, 'unit', o.unit,
                            'contentUnit', o.content_unit, 'contentPerOrderUnit', o.content_per_order_unit::text,
                            'quantityInterval', o.quantity_interval, 'validTo', o.valid_to,
                            'priceUnitQuantity', o.price_unit_quantity) ORDER BY o.id)
                     FROM offer o WHERE o.product_id = p.id AND ${offerSeen('o', view)}
                      -- An offer whose validity ended is not offered, also before the maintenance withdraws it.
                      AND (o.valid_to IS NULL OR o.valid_to >= now())), '[]'::json))::text AS row
          FROM product p
         WHERE p.id = ${id} AND (${offered} OR NOT EXISTS (SELECT 1 FROM offer w WHERE w.product_id = p.id))`;
}
