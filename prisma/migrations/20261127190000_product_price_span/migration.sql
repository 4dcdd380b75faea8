-- The span of a product's offer prices, so search can often decide a price range without reading
-- offers: the shown price is one of the offers' net prices, so a range outside [best_price,
-- price_ceiling] never holds it, and one that holds the whole span always does when every offer is in
-- the range's currency (src/search/search-price-span.ts).
ALTER TABLE "product" ADD COLUMN "price_ceiling" DECIMAL(14,4);
ALTER TABLE "product" ADD COLUMN "price_currency" VARCHAR(3);

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
      FROM product p LEFT JOIN offer o ON o.product_id = p.id
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

-- Existing products: only the two new columns (updated_at stays what the catalog last changed).
UPDATE "product" p
   SET "price_ceiling" = a.ceiling, "price_currency" = a.currency
  FROM (SELECT "product_id", max("net_price") AS ceiling,
               CASE WHEN count(DISTINCT "currency") = 1 THEN min("currency") END AS currency
          FROM "offer" GROUP BY "product_id") a
 WHERE p."id" = a."product_id";
