-- Contract catalogs as their organization sees them (docs/catalogs.md, "Contract catalogs"): for each
-- organization and product where it has a contract offer, the product's offer columns computed from the
-- offers that organization sees (its contract offers, and the marketplace's offers of suppliers it has
-- no contract offer from for that product). Search reads these rows in place of the product's own
-- columns for that organization only; every other organization reads the product's columns, which
-- count the marketplace's offers only.
CREATE TABLE "contract_product" (
  "organization_id" UUID NOT NULL,
  "product_id" VARCHAR(64) NOT NULL,
  "best_price" DECIMAL(14,4),
  "best_currency" VARCHAR(3),
  "price_ceiling" DECIMAL(14,4),
  "price_currency" VARCHAR(3),
  "availability" "availability",
  "fastest_delivery_days" SMALLINT,
  "is_prime" BOOLEAN NOT NULL DEFAULT false,
  "conditions" "offer_condition"[] NOT NULL DEFAULT ARRAY[]::"offer_condition"[],
  "offer_count" INTEGER NOT NULL,
  CONSTRAINT "contract_product_pkey" PRIMARY KEY ("organization_id", "product_id"),
  CONSTRAINT "contract_product_organization_id_fkey" FOREIGN KEY ("organization_id")
    REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "contract_product_product_id_fkey" FOREIGN KEY ("product_id")
    REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "contract_product_product_id_idx" ON "contract_product"("product_id");

-- Whether an organization has a live contract offer of a supplier for a product: the test that takes
-- the marketplace's offer of that supplier out of the organization's view.
CREATE INDEX "offer_contract_idx" ON "offer"("product_id", "organization_id", "supplier_id")
  WHERE "organization_id" IS NOT NULL AND "withdrawn_at" IS NULL;

-- As before for the product's own columns (the marketplace's offers only), and then the contract rows
-- of the same products recomputed.
CREATE OR REPLACE FUNCTION catalog_refresh_products(ids varchar[]) RETURNS integer
  LANGUAGE sql AS $$
  DELETE FROM contract_product c WHERE c.product_id = ANY(ids);

  INSERT INTO contract_product (organization_id, product_id, best_price, best_currency, price_ceiling,
                                price_currency, availability, fastest_delivery_days, is_prime, conditions,
                                offer_count)
  WITH viewers AS (
    SELECT DISTINCT o.organization_id AS org, o.product_id
      FROM offer o
     WHERE o.product_id = ANY(ids) AND o.organization_id IS NOT NULL AND o.withdrawn_at IS NULL
  ), seen AS (
    SELECT v.org, o.*
      FROM viewers v
      JOIN offer o ON o.product_id = v.product_id AND o.withdrawn_at IS NULL
     WHERE o.organization_id = v.org
        OR (o.organization_id IS NULL AND NOT EXISTS (
              SELECT 1 FROM offer c
               WHERE c.product_id = o.product_id AND c.organization_id = v.org AND c.supplier_id = o.supplier_id
                 AND c.withdrawn_at IS NULL))
  )
  SELECT s.org, s.product_id,
         (array_agg(s.net_price ORDER BY s.net_price, s.id))[1],
         (array_agg(s.currency ORDER BY s.net_price, s.id))[1],
         max(s.net_price),
         CASE WHEN count(DISTINCT s.currency) = 1 THEN min(s.currency) END,
         min(s.availability),
         min(s.delivery_days),
         coalesce(bool_or(s.is_prime), false),
         array_agg(DISTINCT s.condition ORDER BY s.condition),
         count(*)::int
    FROM seen s
   GROUP BY s.org, s.product_id;

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
      FROM product p
      LEFT JOIN offer o ON o.product_id = p.id AND o.withdrawn_at IS NULL AND o.organization_id IS NULL
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

-- Contract offers imported before this migration.
SELECT catalog_refresh_products(array_agg(DISTINCT product_id))
  FROM offer WHERE organization_id IS NOT NULL AND withdrawn_at IS NULL;
