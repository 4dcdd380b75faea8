-- Cart lines in THE unit price (docs/punchout.md, "Money"): a line stores the net unit price in the
-- currency's minor unit (for a gross quote round(gross / (1 + rate))), the VAT rate and price unit
-- it is sent with, and its net amount (unit x quantity / price unit, rounded to the minor unit), so
-- that the console's figures add up the lines as they were posted. Before, a line stored the price
-- as the vendor quoted it (gross for gross quotes) and the figures summed those.
ALTER TABLE "cart_item"
  ADD COLUMN "vat_rate" DECIMAL(5,2),
  ADD COLUMN "price_unit_quantity" INTEGER NOT NULL DEFAULT 1,
  ADD COLUMN "line_net" DECIMAL(22,4);

-- ISO 4217 minor-unit digits (as src/common/currency-digits.ts reads them from the standard's table),
-- for this backfill only.
CREATE FUNCTION pg_temp.minor_digits(currency text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN currency IN ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI',
                      'VND', 'VUV', 'XAF', 'XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XOF', 'XPD',
                      'XPF', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX') THEN 0
    WHEN currency IN ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') THEN 3
    WHEN currency IN ('CLF', 'UYW') THEN 4
    ELSE 2 END
$$;

-- Transferred carts keep what they posted: each line takes the unit price, price unit and VAT rate of
-- the posted line at its position (lines are posted in the order they were added), where the quantity
-- matches and the offer ids agree. Older posted unit prices may carry four decimals (a net price
-- derived from a gross quote at the catalog's precision): they stay as posted.
CREATE TEMPORARY TABLE posted_line (
  session_id uuid, n integer, quantity text, price text, price_unit text, vat_rate text, offer_id text
) ON COMMIT DROP;

-- OCI (and REST) sessions: the NEW_ITEM-*[n] fields.
INSERT INTO posted_line
SELECT session_id, n,
       max(value) FILTER (WHERE field = 'QUANTITY'), max(value) FILTER (WHERE field = 'PRICE'),
       max(value) FILTER (WHERE field = 'PRICEUNIT'), max(value) FILTER (WHERE field = 'CUST_FIELD1'),
       max(value) FILTER (WHERE field = 'CUST_FIELD5')
  FROM (SELECT s."id" AS session_id, m[1] AS field, m[2]::integer AS n, f->>1 AS value
          FROM "punchout_session" s
          CROSS JOIN LATERAL jsonb_array_elements(s."returned_fields") AS f
          CROSS JOIN LATERAL regexp_match(f->>0, '^NEW_ITEM-([A-Z0-9_]+)\[(\d{1,6})\]$') AS m
         WHERE s."status" = 'TRANSFERRED' AND jsonb_typeof(s."returned_fields") = 'array'
           AND jsonb_typeof(f) = 'array') AS fields
 GROUP BY session_id, n;

-- cXML sessions: the ItemIn lines of the posted order message. Where the server has no XML support,
-- these lines are left to the fallback below.
DO $$
BEGIN
  INSERT INTO posted_line
  SELECT d.session_id, item.n,
         (xpath('/ItemIn/@quantity', item.node))[1]::text,
         (xpath('/ItemIn/ItemDetail/UnitPrice/Money/text()', item.node))[1]::text,
         coalesce((xpath('/ItemIn/ItemDetail/PriceBasisQuantity/@quantity', item.node))[1]::text, '1'),
         (xpath('/ItemIn/Tax/TaxDetail/@percentageRate', item.node))[1]::text,
         (xpath('/ItemIn/ItemID/SupplierPartAuxiliaryID/text()', item.node))[1]::text
    FROM (SELECT s."id" AS session_id,
                 CASE lower(s."returned_fields"->0->>0)
                   WHEN 'cxml-base64' THEN convert_from(decode(s."returned_fields"->0->>1, 'base64'), 'UTF8')
                   ELSE s."returned_fields"->0->>1 END AS document
            FROM "punchout_session" s
           WHERE s."status" = 'TRANSFERRED' AND s."protocol" = 'cxml'
             AND jsonb_typeof(s."returned_fields") = 'array' AND jsonb_array_length(s."returned_fields") = 1
             AND lower(s."returned_fields"->0->>0) IN ('cxml-urlencoded', 'cxml-base64')) AS d
    CROSS JOIN LATERAL unnest(CASE WHEN xml_is_well_formed_document(d.document)
                                   THEN xpath('/cXML/Message/PunchOutOrderMessage/ItemIn', xmlparse(DOCUMENT d.document))
                                   ELSE ARRAY[]::xml[] END) WITH ORDINALITY AS item(node, n);
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'no XML support: cXML cart lines take their VAT facts from their offers';
END
$$;

UPDATE "cart_item" c
   SET "unit_price" = p.price::numeric,
       "price_unit_quantity" = CASE WHEN p.price_unit ~ '^[1-9][0-9]{0,4}$' THEN p.price_unit::integer ELSE 1 END,
       "vat_rate" = CASE WHEN p.vat_rate ~ '^[0-9]{1,2}(\.[0-9]{1,2})?$' THEN p.vat_rate::numeric END,
       "line_net" = round(c."quantity" * p.price::numeric
                          / CASE WHEN p.price_unit ~ '^[1-9][0-9]{0,4}$' THEN p.price_unit::integer ELSE 1 END,
                          pg_temp.minor_digits(c."currency"))
  FROM (SELECT "id", "session_id", "offer_id", "quantity",
               row_number() OVER (PARTITION BY "session_id" ORDER BY "created_at", "id") AS n
          FROM "cart_item") AS r
  JOIN posted_line p ON p.session_id = r."session_id" AND p.n = r.n
 WHERE c."id" = r."id"
   AND p.quantity = r."quantity"::text
   AND (r."offer_id" IS NULL OR p.offer_id IS NULL OR p.offer_id = r."offer_id")
   AND p.price ~ '^[0-9]{1,10}(\.[0-9]{1,4})?$';

-- Every other line (open and ended carts, and posted lines that could not be read): its offer's VAT
-- facts where the offer is still in the catalog. Lines of carts that were never sent take THE unit
-- price (net, minor unit), as the cart showed them; transferred ones the net at the catalog's
-- precision, as they were posted. A line whose offer is gone keeps its price, without a rate.
UPDATE "cart_item" c
   SET "unit_price" = CASE
         WHEN o."price_includes_vat" AND o."vat_rate" IS NOT NULL THEN
           round(c."unit_price" * 100 / (100 + o."vat_rate"),
                 CASE WHEN s."status" = 'TRANSFERRED' THEN 4 ELSE pg_temp.minor_digits(c."currency") END)
         WHEN s."status" = 'TRANSFERRED' THEN c."unit_price"
         ELSE round(c."unit_price", pg_temp.minor_digits(c."currency")) END,
       "vat_rate" = o."vat_rate",
       "price_unit_quantity" = o."price_unit_quantity"
  FROM "punchout_session" s, "offer" o
 WHERE c."line_net" IS NULL AND s."id" = c."session_id" AND o."id" = c."offer_id";

UPDATE "cart_item"
   SET "line_net" = round("quantity" * "unit_price" / "price_unit_quantity", pg_temp.minor_digits("currency"))
 WHERE "line_net" IS NULL;

ALTER TABLE "cart_item" ALTER COLUMN "line_net" SET NOT NULL;

-- The dashboard's figures read the lines' net amounts from the index alone.
DROP INDEX "cart_item_figures_idx";
CREATE INDEX "cart_item_figures_idx" ON "cart_item" ("session_id")
  INCLUDE ("line_net", "currency", "vendor", "preferred");

DROP FUNCTION pg_temp.minor_digits(text);
