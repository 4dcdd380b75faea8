-- A contract offer's part number is searchable in its organization's view only (docs/catalogs.md,
-- "Contract catalogs"): kept per organization and product beside the offer columns, normalized as the
-- product's own identifiers are, and no longer added to the product's search_ids, which every
-- organization searches.
ALTER TABLE "contract_product" ADD COLUMN "search_ids" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

-- As in contract_product_view, with the contract part numbers.
CREATE OR REPLACE FUNCTION catalog_refresh_products(ids varchar[]) RETURNS integer
  LANGUAGE sql AS $$
  DELETE FROM contract_product c WHERE c.product_id = ANY(ids);

  INSERT INTO contract_product (organization_id, product_id, best_price, best_currency, price_ceiling,
                                price_currency, availability, fastest_delivery_days, is_prime, conditions,
                                offer_count, search_ids)
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
         count(*)::int,
         -- Normalized as search-terms.ts normalizeIdentifier does (lower case; no spaces, - . /).
         coalesce(array_agg(DISTINCT lower(regexp_replace(s.vendor_sku, '[[:space:]./-]', '', 'g')))
                    FILTER (WHERE s.organization_id IS NOT NULL AND s.vendor_sku IS NOT NULL), ARRAY[]::text[])
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

-- The rows of contract offers imported before this migration, with their part numbers.
SELECT catalog_refresh_products(array_agg(DISTINCT product_id))
  FROM offer WHERE organization_id IS NOT NULL AND withdrawn_at IS NULL;
