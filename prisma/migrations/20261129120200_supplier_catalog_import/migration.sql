-- Supplier catalogs (BMEcat, CIF, cXML Index) imported through one pipeline (docs/catalogs.md,
-- "Importing"): each import is recorded, products are matched across suppliers (GTIN, else the
-- normalized manufacturer and part number), and an offer is the supplier's item in one scope (the
-- marketplace's catalog, or one organization's contract catalog).

CREATE TYPE "catalog_import_status" AS ENUM ('running', 'applied', 'dry_run', 'failed');

CREATE TABLE "catalog_import" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "supplier_id" UUID NOT NULL,
  -- The organization whose contract catalog it is; NULL: the marketplace's catalog.
  "organization_id" UUID,
  "format" VARCHAR(20),
  "file_name" VARCHAR(500) NOT NULL,
  -- SHA-256 of the file's bytes as received (hex), once read to the end.
  "sha256" VARCHAR(64),
  "status" "catalog_import_status" NOT NULL DEFAULT 'running',
  -- The report (counts, rejected items, warnings, or the reason the file could not be used).
  "report" JSONB,
  -- E-mail of the administrator or cli:<user>@<host>.
  "created_by" VARCHAR(320) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "finished_at" TIMESTAMPTZ(3),
  CONSTRAINT "catalog_import_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "catalog_import_supplier_id_fkey" FOREIGN KEY ("supplier_id")
    REFERENCES "supplier"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT "catalog_import_organization_id_fkey" FOREIGN KEY ("organization_id")
    REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "catalog_import_organization_id_created_at_idx" ON "catalog_import"("organization_id", "created_at");

-- What product matching reads: the GTIN, and manufacturer + part number normalized (case, spaces,
-- hyphens). Texts per language, features as facts, links and search words as the files give them.
ALTER TABLE "product"
  ADD COLUMN "gtin" VARCHAR(14),
  ADD COLUMN "manufacturer_key" VARCHAR(400),
  ADD COLUMN "texts" JSONB NOT NULL DEFAULT '{}',
  ADD COLUMN "facts" JSONB NOT NULL DEFAULT '[]',
  ADD COLUMN "links" JSONB NOT NULL DEFAULT '[]',
  ADD COLUMN "keywords" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  -- Which supplier's item the texts and facts come from, and how complete it was (the rule: docs/catalogs.md).
  ADD COLUMN "content_supplier_id" UUID,
  ADD COLUMN "content_score" INTEGER NOT NULL DEFAULT 0;
CREATE INDEX "product_gtin_idx" ON "product"("gtin") WHERE "gtin" IS NOT NULL;
CREATE INDEX "product_manufacturer_key_idx" ON "product"("manufacturer_key") WHERE "manufacturer_key" IS NOT NULL;

ALTER TABLE "offer"
  ADD COLUMN "organization_id" UUID,
  -- The supplier's key of the item: its part id, and its auxiliary id where it has one.
  ADD COLUMN "supplier_item_key" VARCHAR(250),
  ADD COLUMN "supplier_part_aux_id" VARCHAR(100),
  -- The import that last wrote the offer (a transferred cart line records it).
  ADD COLUMN "import_id" UUID,
  -- No longer found or offered (a full catalog left it out, or the supplier deleted it); the row stays
  -- for the audit trail and the sessions that reference it.
  ADD COLUMN "withdrawn_at" TIMESTAMPTZ(3),
  ADD COLUMN "content_unit" VARCHAR(3),
  ADD COLUMN "content_per_order_unit" DECIMAL(14,4),
  ADD COLUMN "quantity_interval" INTEGER,
  ADD COLUMN "valid_from" TIMESTAMPTZ(3),
  ADD COLUMN "valid_to" TIMESTAMPTZ(3),
  ADD COLUMN "statuses" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  ADD COLUMN "special_treatment" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  ADD CONSTRAINT "offer_organization_id_fkey" FOREIGN KEY ("organization_id")
    REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  ADD CONSTRAINT "offer_import_id_fkey" FOREIGN KEY ("import_id")
    REFERENCES "catalog_import"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE UNIQUE INDEX "offer_supplier_item_key" ON "offer"("supplier_id", "organization_id", "supplier_item_key")
  NULLS NOT DISTINCT WHERE "supplier_item_key" IS NOT NULL;
CREATE INDEX "offer_organization_id_idx" ON "offer"("organization_id") WHERE "organization_id" IS NOT NULL;

-- The product's offer columns count offers that are offered: a withdrawn offer is not.
CREATE OR REPLACE FUNCTION catalog_refresh_products(ids varchar[]) RETURNS integer
  LANGUAGE sql AS $$
  WITH agg AS (
    SELECT p.id,
           (array_agg(o.net_price ORDER BY o.net_price, o.id) FILTER (WHERE o.id IS NOT NULL))[1] AS best_price,
           (array_agg(o.currency ORDER BY o.net_price, o.id) FILTER (WHERE o.id IS NOT NULL))[1] AS best_currency,
           max(o.net_price) AS price_ceiling,
           CASE WHEN count(DISTINCT o.currency) = 1 THEN min(o.currency) END AS price_currency,
           min(o.availability) AS availability,
           min(o.delivery_days) AS fastest,
           coalesce(bool_or(o.is_prime), false) AS is_prime,
           coalesce(array_agg(DISTINCT o.condition ORDER BY o.condition) FILTER (WHERE o.id IS NOT NULL),
                    ARRAY[]::offer_condition[]) AS conditions,
           count(o.id)::int AS offer_count
      FROM product p LEFT JOIN offer o ON o.product_id = p.id AND o.withdrawn_at IS NULL
     WHERE p.id = ANY(ids)
     GROUP BY p.id
  ), updated AS (
    UPDATE product p
       SET best_price = a.best_price, best_currency = a.best_currency, price_ceiling = a.price_ceiling,
           price_currency = a.price_currency, availability = a.availability,
           fastest_delivery_days = a.fastest, is_prime = a.is_prime, conditions = a.conditions,
           offer_count = a.offer_count, updated_at = now()
      FROM agg a
     WHERE p.id = a.id
    RETURNING 1
  )
  SELECT count(*)::int FROM updated
$$;

-- The category of an imported product without one of its own: the longest UNSPSC prefix of the
-- built-in tree (a category's code without its trailing 00 pairs), else NULL.
CREATE FUNCTION catalog_category_for_unspsc(code text) RETURNS varchar LANGUAGE sql STABLE AS $$
  SELECT c.id FROM category c
   WHERE c.unspsc IS NOT NULL AND code LIKE regexp_replace(c.unspsc, '(00)+$', '') || '%'
   ORDER BY length(regexp_replace(c.unspsc, '(00)+$', '')) DESC, c.id
   LIMIT 1
$$;
