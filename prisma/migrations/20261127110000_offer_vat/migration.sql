-- Offers know their tax: the VAT rate (percent; NULL when the vendor did not state it) and whether the
-- quoted price includes it. net_price is derived here, once, so every comparison (cheapest offer, the
-- price facet and filter, sorting) reads net figures and net and gross are never compared or added.
ALTER TABLE "offer" ADD COLUMN "vat_rate" DECIMAL(5,2);
ALTER TABLE "offer" ADD COLUMN "price_includes_vat" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "offer" ADD CONSTRAINT "offer_vat_rate_range" CHECK ("vat_rate" IS NULL OR ("vat_rate" >= 0 AND "vat_rate" < 100));
ALTER TABLE "offer" ADD CONSTRAINT "offer_gross_needs_rate" CHECK (NOT "price_includes_vat" OR "vat_rate" IS NOT NULL);

-- Existing offers: the only tax facts we have are the labels vendors sent ("incl. 19% VAT", "excl. VAT").
UPDATE "offer"
   SET "price_includes_vat" = true,
       "vat_rate" = substring("price_tax_label" FROM '^incl\. ([0-9]{1,2}(?:\.[0-9]{1,2})?)% VAT$')::numeric
 WHERE "price_tax_label" ~ '^incl\. [0-9]{1,2}(\.[0-9]{1,2})?% VAT$';

-- Net price of the quoted quantity, at the catalog's precision (4 decimals, half away from zero).
ALTER TABLE "offer" ADD COLUMN "net_price" DECIMAL(14,4) GENERATED ALWAYS AS (
  CASE WHEN "price_includes_vat" THEN round("price" * 100 / (100 + "vat_rate"), 4) ELSE "price" END
) STORED;

-- The denormalized best offer of a product is now its cheapest by net price.
CREATE OR REPLACE FUNCTION catalog_refresh_products(ids varchar[]) RETURNS integer
  LANGUAGE sql AS $$
  WITH agg AS (
    SELECT p.id,
           (array_agg(o.net_price ORDER BY o.net_price, o.id) FILTER (WHERE o.id IS NOT NULL))[1] AS best_price,
           (array_agg(o.currency ORDER BY o.net_price, o.id) FILTER (WHERE o.id IS NOT NULL))[1] AS best_currency,
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
       SET best_price = a.best_price, best_currency = a.best_currency, availability = a.availability,
           fastest_delivery_days = a.fastest, is_prime = a.is_prime, conditions = a.conditions,
           offer_count = a.offer_count, updated_at = now()
      FROM agg a
     WHERE p.id = a.id
    RETURNING 1
  )
  SELECT count(*)::int FROM updated
$$;

SELECT catalog_refresh_products(array_agg(DISTINCT "product_id")) FROM "offer" WHERE "price_includes_vat";
