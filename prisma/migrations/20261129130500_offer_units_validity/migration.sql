-- Unit codes as suppliers write them: UN/ECE Rec. 20 codes have up to three characters, but real
-- catalogs also write "STUECK" or "Rolle"; those are kept as the file says (an import warning names
-- them). Widening a varchar rewrites no rows. An order line copies its offer's unit, so it widens too.
ALTER TABLE "offer" ALTER COLUMN "unit" TYPE VARCHAR(20), ALTER COLUMN "content_unit" TYPE VARCHAR(20);
ALTER TABLE "order_line" ALTER COLUMN "unit" TYPE VARCHAR(20);

-- An offer outside its price's validity is not offered: it is withdrawn (withdrawn_at, so search,
-- product details, carts and catalog_refresh_products leave it out as they do any withdrawn offer)
-- and marked as held for its validity, so the periodic maintenance brings it back when its period
-- starts, and never brings back what a supplier's catalog withdrew.
ALTER TABLE "offer" ADD COLUMN "validity_hold" BOOLEAN NOT NULL DEFAULT false;

-- The maintenance's two sweeps read only these few rows: offered ones with an end, held ones.
CREATE INDEX "offer_valid_to_offered_idx" ON "offer" ("valid_to")
  WHERE "withdrawn_at" IS NULL AND "valid_to" IS NOT NULL;
CREATE INDEX "offer_validity_hold_idx" ON "offer" ("valid_from") WHERE "validity_hold";
