import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { normalizeIdentifier } from '../search-terms';
import type { ImportedContent, ImportedOffer } from './imported-item';

/** Whose catalog an import writes: a supplier's, in the marketplace's catalog or one organization's. */
export interface ImportScope {
  supplierId: string;
  supplierName: string;
  /** null: the marketplace's catalog. */
  organizationId: string | null;
  importId: string;
}

export interface ExistingOffer {
  id: string;
  productId: string;
}

export interface MatchedProduct {
  id: string;
  contentScore: number;
  contentSupplierId: string | null;
}

export interface ProductWrite {
  id: string;
  /** Identifiers search finds the product by (GTIN, part numbers): written with a new product. */
  searchIds?: string[];
  gtin: string | null;
  manufacturerKey: string | null;
  content: ImportedContent;
}

export interface OfferWrite extends ImportedOffer {
  id: string;
  productId: string;
}

/**
 * The supplier import's SQL (hand-tuned bulk statements: one per table per batch, the batch shipped
 * as one JSON parameter). Every method runs in the caller's transaction, which holds the whole file.
 */
/** SQL over a row `t` with "validFrom" and "validTo": the offer's price is not valid now. */
const OUTSIDE_VALIDITY = `coalesce(t."validFrom" > now() OR t."validTo" < now(), false)`;

@Injectable()
export class SupplierImportRepository {
  /**
   * One import per supplier and scope at a time (a second waits for the first to commit), and the
   * set of offers this file contains, kept in the database rather than in memory (a full catalog
   * withdraws the others at the end, whatever the file's size).
   */
  async begin(client: PoolClient, scope: ImportScope): Promise<void> {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `catalog-import:${scope.supplierId}:${scope.organizationId ?? ''}`,
    ]);
    await client.query('CREATE TEMPORARY TABLE import_seen (id varchar(64) PRIMARY KEY) ON COMMIT DROP');
    const { rows } = await client.query<{ legacy: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM offer WHERE supplier_id = $1 AND ${inScope(scope)}
                        AND supplier_item_key IS NULL) AS legacy`,
      [scope.supplierId, scope.organizationId],
    );
    this.legacyScopes.set(scope.importId, rows[0].legacy);
  }

  /** Per import: whether its scope has offers written before supplier keys existed (looked up once). */
  private readonly legacyScopes = new Map<string, boolean>();

  /** The import is over: what begin() noted for it is dropped. */
  end(scope: ImportScope): void {
    this.legacyScopes.delete(scope.importId);
  }

  /**
   * The scope's offers of these item keys (withdrawn ones too: they come back), through the unique
   * index of supplier, organization and key. An offer written before supplier keys existed (an
   * own-shape import) is found by its vendor SKU and adopted, where the scope has such offers.
   */
  async existingOffers(
    client: PoolClient,
    scope: ImportScope,
    keys: string[],
  ): Promise<Map<string, ExistingOffer>> {
    const { rows } = await client.query<{ id: string; product_id: string; key: string }>(
      `SELECT id, product_id, supplier_item_key AS key FROM offer
        WHERE supplier_id = $1 AND ${inScope(scope)} AND supplier_item_key = ANY($3)`,
      [scope.supplierId, scope.organizationId, keys],
    );
    const found = new Map(rows.map((row) => [row.key, { id: row.id, productId: row.product_id }]));
    const missing = keys.filter((key) => !found.has(key));
    if (missing.length > 0 && this.legacyScopes.get(scope.importId)) {
      const legacy = await client.query<{ id: string; product_id: string; key: string }>(
        `SELECT DISTINCT ON (vendor_sku) id, product_id, vendor_sku AS key FROM offer
          WHERE supplier_id = $1 AND ${inScope(scope)} AND supplier_item_key IS NULL AND vendor_sku = ANY($3)
          ORDER BY vendor_sku, id`,
        [scope.supplierId, scope.organizationId, missing],
      );
      for (const row of legacy.rows) found.set(row.key, { id: row.id, productId: row.product_id });
    }
    return found;
  }

  /**
   * Products by GTIN and by manufacturer key (the oldest product where several share one): one index
   * lookup per key (the first entry of product_gtin_idx / product_manufacturer_key_idx). Written per
   * key on purpose: `gtin = ANY($1)` over a batch of keys is planned as a scan of the whole product
   * table inside an import, whose transaction writes rows the planner has no statistics for (it
   * estimates each of 500 keys to match 0.5% of the table), so every batch read every product.
   */
  async matchProducts(
    client: PoolClient,
    gtins: string[],
    manufacturerKeys: string[],
  ): Promise<{ byGtin: Map<string, MatchedProduct>; byManufacturer: Map<string, MatchedProduct> }> {
    const { rows } = await client.query<{
      id: string;
      content_score: number;
      content_supplier_id: string | null;
      gtin: string | null;
      manufacturer_key: string | null;
    }>(
      `SELECT p.id, p.content_score, p.content_supplier_id, k.gtin, NULL AS manufacturer_key
         FROM unnest($1::text[]) AS k(gtin)
         CROSS JOIN LATERAL (SELECT id, content_score, content_supplier_id FROM product
                              WHERE product.gtin = k.gtin ORDER BY created_at, id LIMIT 1) AS p
       UNION ALL
       SELECT p.id, p.content_score, p.content_supplier_id, NULL, k.key
         FROM unnest($2::text[]) AS k(key)
         CROSS JOIN LATERAL (SELECT id, content_score, content_supplier_id FROM product
                              WHERE product.manufacturer_key = k.key ORDER BY created_at, id LIMIT 1) AS p`,
      [[...new Set(gtins)], [...new Set(manufacturerKeys)]],
    );
    const byGtin = new Map<string, MatchedProduct>();
    const byManufacturer = new Map<string, MatchedProduct>();
    for (const row of rows) {
      const product = {
        id: row.id,
        contentScore: row.content_score,
        contentSupplierId: row.content_supplier_id,
      };
      if (row.gtin) byGtin.set(row.gtin, product);
      if (row.manufacturer_key) byManufacturer.set(row.manufacturer_key, product);
    }
    return { byGtin, byManufacturer };
  }

  /** New products; the category from the UNSPSC code (catalog_category_for_unspsc), else `other`. */
  async insertProducts(client: PoolClient, scope: ImportScope, products: ProductWrite[]): Promise<number> {
    if (products.length === 0) return 0;
    const { rowCount } = await client.query(
      `INSERT INTO product (id, product_code, name, brand, manufacturer, manufacturer_part_number, description,
         overview, images, taxonomies, category_id, unspsc, category_path, search_parts, search_ids, gtin,
         manufacturer_key, texts, facts, links, keywords, content_supplier_id, content_score, updated_at)
       SELECT t.id, t.id, t.name, t.brand, t.manufacturer, t."manufacturerPartNumber", t.description,
              t.overview, t.images, t.taxonomies,
              coalesce(CASE WHEN t.unspsc IS NOT NULL THEN catalog_category_for_unspsc(t.unspsc) END, 'other'),
              t.unspsc, '', t."searchParts", t."searchIds", t.gtin, t."manufacturerKey", t.texts, t.facts, t.links,
              t.keywords, $2::uuid, t.score, now()
         FROM jsonb_to_recordset($1::jsonb) AS t(id text, name text, brand text, manufacturer text,
              "manufacturerPartNumber" text, description text, overview jsonb, images jsonb, taxonomies jsonb,
              unspsc text, "searchParts" text, "searchIds" text, gtin text, "manufacturerKey" text,
              texts jsonb, facts jsonb, links jsonb, keywords text[], score int)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(products.map(productJson)), scope.supplierId],
    );
    return rowCount ?? 0;
  }

  /**
   * Content of matched products, where this supplier's item is the most complete source (a higher
   * score, or the product's content already comes from this supplier); only rows that change.
   * Returns the ids updated.
   */
  async updateContent(
    client: PoolClient,
    scope: ImportScope,
    products: ProductWrite[],
  ): Promise<Set<string>> {
    if (products.length === 0) return new Set();
    const { rows } = await client.query<{ id: string }>(
      `UPDATE product p SET name = t.name, brand = coalesce(t.brand, p.brand),
              manufacturer = coalesce(t.manufacturer, p.manufacturer),
              manufacturer_part_number = coalesce(t."manufacturerPartNumber", p.manufacturer_part_number),
              description = t.description, overview = t.overview, images = t.images,
              taxonomies = t.taxonomies, unspsc = coalesce(t.unspsc, p.unspsc), search_parts = t."searchParts",
              gtin = coalesce(p.gtin, t.gtin), manufacturer_key = coalesce(p.manufacturer_key, t."manufacturerKey"),
              texts = t.texts, facts = t.facts, links = t.links, keywords = t.keywords,
              content_supplier_id = $2::uuid, content_score = t.score, updated_at = now()
         FROM jsonb_to_recordset($1::jsonb) AS t(id text, name text, brand text, manufacturer text,
              "manufacturerPartNumber" text, description text, overview jsonb, images jsonb, taxonomies jsonb,
              unspsc text, "searchParts" text, gtin text, "manufacturerKey" text, texts jsonb, facts jsonb,
              links jsonb, keywords text[], score int)
        WHERE p.id = t.id
          AND (t.score > p.content_score OR p.content_supplier_id = $2::uuid)
          AND (p.name, p.description, p.overview, p.images, p.taxonomies, p.texts, p.facts, p.links, p.keywords,
               p.search_parts, p.content_score, p.content_supplier_id)
              IS DISTINCT FROM
              (t.name, t.description, t.overview, t.images, t.taxonomies, t.texts, t.facts, t.links, t.keywords,
               t."searchParts", t.score, $2::uuid)
       RETURNING p.id`,
      [JSON.stringify(products.map(productJson)), scope.supplierId],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Inserts or updates offers (only rows that change are written); counts what happened. */
  async upsertOffers(
    client: PoolClient,
    scope: ImportScope,
    offers: OfferWrite[],
  ): Promise<{ created: number; updated: number }> {
    if (offers.length === 0) return { created: 0, updated: 0 };
    const { rows } = await client.query<{ inserted: boolean }>(
      `INSERT INTO offer AS o (id, product_id, supplier_id, vendor, organization_id, supplier_item_key, vendor_sku,
         supplier_part_aux_id, price, currency, quantity_tiers, quantity_min, condition, delivery_days,
         availability, vat_rate, price_includes_vat, unit, price_unit_quantity, content_unit,
         content_per_order_unit, quantity_interval, valid_from, valid_to, statuses, special_treatment,
         import_id, withdrawn_at, validity_hold, updated_at)
       SELECT t.id, t."productId", $2::uuid, $3, $4::uuid, t."supplierItemKey", t."vendorSku", t."supplierPartAuxId",
              t.price, t.currency, t."quantityTiers", t."quantityMin", 'new', t."deliveryDays", 'in_stock',
              t."vatRate", t."priceIncludesVat", t.unit, t."priceUnitQuantity", t."contentUnit",
              t."contentPerOrderUnit", t."quantityInterval", t."validFrom", t."validTo", t.statuses,
              t."specialTreatment", $5::uuid,
              -- Outside its validity (a price list still to come): written, held until its start.
              CASE WHEN ${OUTSIDE_VALIDITY} THEN now() END, ${OUTSIDE_VALIDITY}, now()
         FROM jsonb_to_recordset($1::jsonb) AS t(id text, "productId" text, "supplierItemKey" text,
              "vendorSku" text, "supplierPartAuxId" text, price numeric, currency text, "quantityTiers" jsonb,
              "quantityMin" int, "deliveryDays" smallint, "vatRate" numeric, "priceIncludesVat" boolean,
              unit text, "priceUnitQuantity" int, "contentUnit" text, "contentPerOrderUnit" numeric,
              "quantityInterval" int, "validFrom" timestamptz, "validTo" timestamptz, statuses text[],
              "specialTreatment" text[])
       ON CONFLICT (id) DO UPDATE SET
         supplier_item_key = excluded.supplier_item_key, vendor_sku = excluded.vendor_sku,
         supplier_part_aux_id = excluded.supplier_part_aux_id, price = excluded.price,
         currency = excluded.currency, quantity_tiers = excluded.quantity_tiers,
         quantity_min = excluded.quantity_min, delivery_days = excluded.delivery_days,
         vat_rate = excluded.vat_rate, price_includes_vat = excluded.price_includes_vat, unit = excluded.unit,
         price_unit_quantity = excluded.price_unit_quantity, content_unit = excluded.content_unit,
         content_per_order_unit = excluded.content_per_order_unit,
         quantity_interval = excluded.quantity_interval, valid_from = excluded.valid_from,
         valid_to = excluded.valid_to, statuses = excluded.statuses,
         special_treatment = excluded.special_treatment, import_id = excluded.import_id,
         withdrawn_at = CASE WHEN excluded.validity_hold THEN coalesce(o.withdrawn_at, now()) END,
         validity_hold = excluded.validity_hold, updated_at = now()
         WHERE (o.supplier_item_key, o.vendor_sku, o.supplier_part_aux_id, o.price, o.currency, o.quantity_tiers,
                o.quantity_min, o.delivery_days, o.vat_rate, o.price_includes_vat, o.unit,
                o.price_unit_quantity, o.content_unit, o.content_per_order_unit, o.quantity_interval,
                o.valid_from, o.valid_to, o.statuses, o.special_treatment, o.withdrawn_at IS NULL, o.validity_hold)
               IS DISTINCT FROM
               (excluded.supplier_item_key, excluded.vendor_sku, excluded.supplier_part_aux_id, excluded.price,
                excluded.currency, excluded.quantity_tiers, excluded.quantity_min, excluded.delivery_days,
                excluded.vat_rate, excluded.price_includes_vat, excluded.unit, excluded.price_unit_quantity,
                excluded.content_unit, excluded.content_per_order_unit, excluded.quantity_interval,
                excluded.valid_from, excluded.valid_to, excluded.statuses, excluded.special_treatment,
                NOT excluded.validity_hold, excluded.validity_hold)
       RETURNING (xmax = 0) AS inserted`,
      [JSON.stringify(offers), scope.supplierId, scope.supplierName, scope.organizationId, scope.importId],
    );
    const created = rows.filter((row) => row.inserted).length;
    return { created, updated: rows.length - created };
  }

  /** A price update: only the prices of offers the scope has; returns how many changed. */
  async updatePrices(
    client: PoolClient,
    scope: ImportScope,
    offers: Array<{ id: string } & ImportedOffer>,
  ): Promise<number> {
    if (offers.length === 0) return 0;
    const { rowCount } = await client.query(
      `UPDATE offer o SET price = t.price, currency = t.currency, quantity_tiers = t."quantityTiers",
              vat_rate = t."vatRate", price_includes_vat = t."priceIncludesVat", valid_from = t."validFrom",
              valid_to = t."validTo", import_id = $2::uuid, updated_at = now(),
              -- New validity: held while outside it, brought back inside it; what a catalog withdrew stays so.
              withdrawn_at = CASE WHEN ${OUTSIDE_VALIDITY} THEN coalesce(o.withdrawn_at, now())
                                  WHEN o.validity_hold THEN NULL ELSE o.withdrawn_at END,
              validity_hold = CASE WHEN ${OUTSIDE_VALIDITY} THEN o.withdrawn_at IS NULL OR o.validity_hold
                                   ELSE false END
         FROM jsonb_to_recordset($1::jsonb) AS t(id text, price numeric, currency text, "quantityTiers" jsonb,
              "vatRate" numeric, "priceIncludesVat" boolean, "validFrom" timestamptz, "validTo" timestamptz)
        WHERE o.id = t.id
          AND (o.price, o.currency, o.quantity_tiers, o.vat_rate, o.price_includes_vat, o.valid_from, o.valid_to)
              IS DISTINCT FROM (t.price, t.currency, t."quantityTiers", t."vatRate", t."priceIncludesVat",
                                t."validFrom", t."validTo")`,
      [JSON.stringify(offers), scope.importId],
    );
    return rowCount ?? 0;
  }

  /** The file contains these offers (a full catalog withdraws the scope's others at the end). */
  async markSeen(client: PoolClient, offerIds: string[]): Promise<void> {
    if (offerIds.length === 0) return;
    await client.query('INSERT INTO import_seen SELECT unnest($1::varchar[]) ON CONFLICT DO NOTHING', [
      offerIds,
    ]);
  }

  /** Withdraws offers by id (a `delete` item); returns the products they belonged to. */
  async withdraw(client: PoolClient, offerIds: string[]): Promise<string[]> {
    if (offerIds.length === 0) return [];
    const { rows } = await client.query<{ product_id: string }>(
      `UPDATE offer SET withdrawn_at = coalesce(withdrawn_at, now()), validity_hold = false, updated_at = now()
        WHERE id = ANY($1) AND (withdrawn_at IS NULL OR validity_hold) RETURNING product_id`,
      [offerIds],
    );
    return rows.map((row) => row.product_id);
  }

  /** A full catalog: the scope's offers the file did not contain are withdrawn; their products are returned. */
  async withdrawUnseen(client: PoolClient, scope: ImportScope): Promise<string[]> {
    const { rows } = await client.query<{ product_id: string }>(
      `UPDATE offer o SET withdrawn_at = coalesce(o.withdrawn_at, now()), validity_hold = false, updated_at = now()
        WHERE o.supplier_id = $1 AND o.organization_id IS NOT DISTINCT FROM $2::uuid
          -- An offer held for its validity is withdrawn for good (the maintenance never brings it back).
          AND (o.withdrawn_at IS NULL OR o.validity_hold)
          AND NOT EXISTS (SELECT 1 FROM import_seen s WHERE s.id = o.id)
       RETURNING o.product_id`,
      [scope.supplierId, scope.organizationId],
    );
    return rows.map((row) => row.product_id);
  }

  /**
   * Adds identifiers (GTIN, part numbers) to the products' search ids, so a search for them finds
   * the product first (weight A), and recomputes the products' offer columns.
   */
  async refreshProducts(
    client: PoolClient,
    searchIds: Map<string, string[]>,
    productIds: Iterable<string>,
  ): Promise<void> {
    const additions = [...searchIds].map(([id, ids]) => ({ id, ids: normalizedIds(ids) }));
    if (additions.length > 0) {
      await client.query(
        `UPDATE product p SET search_ids = (
                SELECT string_agg(DISTINCT w, ' ') FROM unnest(string_to_array(coalesce(p.search_ids, ''), ' ') || t.ids) w
                 WHERE w <> '')
           FROM jsonb_to_recordset($1::jsonb) AS t(id text, ids text[])
          WHERE p.id = t.id AND NOT (t.ids <@ string_to_array(coalesce(p.search_ids, ''), ' '))`,
        [JSON.stringify(additions)],
      );
    }
    const ids = [...new Set(productIds)];
    for (let i = 0; i < ids.length; i += 5_000) {
      await client.query('SELECT catalog_refresh_products($1)', [ids.slice(i, i + 5_000)]);
    }
  }

  /** In the import's transaction: product caches (every replica) drop their rows once it commits. */
  async bumpCatalogVersion(client: PoolClient): Promise<void> {
    await client.query('UPDATE catalog_version SET version = version + 1');
  }
}

function productJson(product: ProductWrite): Record<string, unknown> {
  const { content } = product;
  return {
    id: product.id,
    name: content.name,
    brand: content.brand,
    manufacturer: content.manufacturer,
    manufacturerPartNumber: content.manufacturerPartNumber,
    description: content.description,
    overview: content.overview,
    images: content.images,
    taxonomies: content.taxonomies,
    unspsc: content.unspsc,
    searchParts: content.searchParts,
    searchIds: searchIdText(product.searchIds ?? []),
    gtin: product.gtin,
    manufacturerKey: product.manufacturerKey,
    texts: content.texts,
    facts: content.facts,
    links: content.links,
    keywords: content.keywords,
    score: content.score,
  };
}

/** Identifiers as search indexes them (search-terms.ts): normalized, at least 3 characters, each once. */
function normalizedIds(ids: string[]): string[] {
  return [...new Set(ids.map(normalizeIdentifier).filter((id) => /^[a-z0-9]{3,}$/.test(id)))];
}

function searchIdText(ids: string[]): string {
  return normalizedIds(ids).join(' ');
}

/**
 * The scope's organization as the unique index of supplier, organization and key can use it (the
 * parameter $2 is the organization id or null in both forms).
 */
function inScope(scope: ImportScope): string {
  return scope.organizationId === null
    ? '(organization_id IS NULL AND $2::uuid IS NULL)'
    : 'organization_id = $2::uuid';
}
