-- Contract catalogs stay their organization's: a product's offer columns (best price, span, count,
-- availability, delivery, conditions), which search filters, sorts and counts facets by for every
-- organization, are computed from the marketplace's offers only, so no contract price or offer leaks
-- through results, counts or facets.
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
