import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { CategoryInput, ProductInput } from './catalog-product.input';
import { searchIdsOf, searchPartsOf } from './search-terms';

/** A write that the data cannot take (e.g. an offer id that belongs to another product). */
export class CatalogWriteError extends Error {}

/**
 * Bulk writes of products with their offers (hand-tuned SQL: one statement per table per batch,
 * the batch shipped as one JSON parameter). Callers own the transaction.
 */
@Injectable()
export class CatalogWriterRepository {
  /** Inserts or updates categories; parents must come before their children. */
  async upsertCategories(client: PoolClient, categories: CategoryInput[]): Promise<void> {
    for (const category of categories) {
      await client.query(
        `INSERT INTO category (id, parent_id, path, depth, name_en, name_de, unspsc)
         SELECT $1::text, $2::text, coalesce(parent.path, '/') || $1::text || '/', coalesce(parent.depth + 1, 0),
                $3, $4, $5
           FROM (SELECT 1) one LEFT JOIN category parent ON parent.id = $2::text
         ON CONFLICT (id) DO UPDATE SET name_en = excluded.name_en, name_de = excluded.name_de,
           unspsc = excluded.unspsc`,
        [category.id, category.parentId, category.nameEn, category.nameDe, category.unspsc],
      );
    }
  }

  async categoryIds(client: PoolClient): Promise<Set<string>> {
    const { rows } = await client.query<{ id: string }>('SELECT id FROM category');
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Upserts products by product code and replaces their offers with the given ones, then
   * recomputes the denormalized search columns in SQL (catalog_refresh_products).
   */
  async writeProducts(client: PoolClient, products: ProductInput[]): Promise<void> {
    if (products.length === 0) return;
    const { rows } = await client.query<{ id: string; product_code: string }>(
      `INSERT INTO product (id, product_code, name, brand, manufacturer, manufacturer_part_number, description,
         texts, features, overview, images, taxonomies, book, star_rating, review_count, category_id, unspsc,
         cpf_eligible, category_path, search_parts, search_ids, updated_at)
       SELECT t.id, t."productCode", t.name, t.brand, t.manufacturer, t."manufacturerPartNumber", t.description,
              coalesce(t.texts, '{}'), coalesce(t.features, ARRAY[]::text[]), coalesce(t.overview, '{}'), coalesce(t.images, '[]'),
              coalesce(t.taxonomies, '[]'), t.book, t."starRating", t."reviewCount", t."categoryId", t.unspsc,
              coalesce(t."cpfEligible", false), '', t."searchParts", t."searchIds", now()
         FROM jsonb_to_recordset($1::jsonb) AS t(id text, "productCode" text, name text, brand text,
              manufacturer text, "manufacturerPartNumber" text, description text, texts jsonb, features text[],
              overview jsonb, images jsonb, taxonomies jsonb, book jsonb, "starRating" real,
              "reviewCount" int, "categoryId" text, unspsc text, "cpfEligible" boolean,
              "searchParts" text, "searchIds" text)
       ON CONFLICT (product_code) DO UPDATE SET
         name = excluded.name, brand = excluded.brand, manufacturer = excluded.manufacturer,
         manufacturer_part_number = excluded.manufacturer_part_number, description = excluded.description,
         texts = excluded.texts, features = excluded.features, overview = excluded.overview, images = excluded.images,
         taxonomies = excluded.taxonomies, book = excluded.book, star_rating = excluded.star_rating,
         review_count = excluded.review_count, category_id = excluded.category_id, unspsc = excluded.unspsc,
         cpf_eligible = excluded.cpf_eligible, search_parts = excluded.search_parts,
         search_ids = excluded.search_ids, updated_at = now()
       RETURNING id, product_code`,
      [
        JSON.stringify(
          products.map(({ offers: _offers, ...product }) => ({
            ...product,
            // Index-time decompounding and identifiers (search-terms.ts); the trigger indexes them.
            searchParts: searchPartsOf([product.name, ...(product.features ?? []), product.description]),
            searchIds: searchIdsOf({ ...product, offers: _offers }),
          })),
        ),
      ],
    );
    // An existing product keeps its id; its offers follow it.
    const idByCode = new Map(rows.map((row) => [row.product_code, row.id]));
    const supplierByVendor = await this.publicSuppliersOf(client, products);
    const offers = products.flatMap((product) => {
      const productId = idByCode.get(product.productCode) as string;
      return product.offers.map((offer) => ({
        ...offer,
        productId,
        supplierId: offer.supplierId ?? supplierByVendor.get(offer.vendor),
      }));
    });
    const productIds = [...idByCode.values()];
    const offerIds = offers.map((offer) => offer.id);
    await client.query('DELETE FROM offer WHERE product_id = ANY($1) AND NOT (id = ANY($2))', [
      productIds,
      offerIds,
    ]);
    const written = await client.query<{ id: string }>(
      `INSERT INTO offer (id, product_id, supplier_id, vendor, vendor_sku, price, currency, quantity_tiers, quantity_min,
         quantity_max, condition, fulfillment, delivery_days, availability, is_prime, vat_rate,
         price_includes_vat, price_tax_label, price_info, unit, price_unit_quantity, updated_at)
       SELECT t.id, t."productId", t."supplierId", t.vendor, t."vendorSku", t.price, t.currency, coalesce(t."quantityTiers", '[]'),
              t."quantityMin", t."quantityMax", t.condition, t.fulfillment, t."deliveryDays", t.availability,
              coalesce(t."isPrime", false), t."vatRate", coalesce(t."priceIncludesVat", false), t."priceTaxLabel", t."priceInfo", coalesce(t.unit, 'PCE'),
              coalesce(t."priceUnitQuantity", 1), now()
         FROM jsonb_to_recordset($1::jsonb) AS t(id text, "productId" text, "supplierId" uuid, vendor text, "vendorSku" text,
              price numeric, currency text, "quantityTiers" jsonb, "quantityMin" int, "quantityMax" int,
              condition offer_condition, fulfillment text, "deliveryDays" smallint, availability availability,
              "isPrime" boolean, "vatRate" numeric, "priceIncludesVat" boolean, "priceTaxLabel" text, "priceInfo" text, unit text, "priceUnitQuantity" int)
       ON CONFLICT (id) DO UPDATE SET
         supplier_id = excluded.supplier_id, vendor = excluded.vendor, vendor_sku = excluded.vendor_sku, price = excluded.price,
         currency = excluded.currency, quantity_tiers = excluded.quantity_tiers,
         quantity_min = excluded.quantity_min, quantity_max = excluded.quantity_max,
         condition = excluded.condition, fulfillment = excluded.fulfillment,
         delivery_days = excluded.delivery_days, availability = excluded.availability,
         is_prime = excluded.is_prime, vat_rate = excluded.vat_rate,
         price_includes_vat = excluded.price_includes_vat, price_tax_label = excluded.price_tax_label,
         price_info = excluded.price_info, unit = excluded.unit,
         price_unit_quantity = excluded.price_unit_quantity, updated_at = now()
         WHERE offer.product_id = excluded.product_id
       RETURNING id`,
      [JSON.stringify(offers)],
    );
    if (written.rows.length !== offers.length) {
      const done = new Set(written.rows.map((row) => row.id));
      const taken = offers.find((offer) => !done.has(offer.id));
      throw new CatalogWriteError(`offer id "${taken?.id}" already belongs to another product`);
    }
    await client.query('SELECT catalog_refresh_products($1)', [productIds]);
    // In the caller's transaction: product caches (every replica) drop their rows once it commits.
    await client.query('UPDATE catalog_version SET version = version + 1');
  }

  /**
   * The marketplace's supplier of each vendor name that offers without a supplier id name, made on
   * first use (catalog_public_supplier): one statement per batch, a handful of names.
   */
  private async publicSuppliersOf(
    client: PoolClient,
    products: ProductInput[],
  ): Promise<Map<string, string>> {
    const names = new Set<string>();
    for (const product of products)
      for (const offer of product.offers) if (offer.supplierId === undefined) names.add(offer.vendor);
    if (names.size === 0) return new Map();
    const { rows } = await client.query<{ vendor: string; id: string }>(
      'SELECT vendor, catalog_public_supplier(vendor) AS id FROM unnest($1::text[]) AS vendor',
      [[...names]],
    );
    return new Map(rows.map((row) => [row.vendor, row.id]));
  }
}
