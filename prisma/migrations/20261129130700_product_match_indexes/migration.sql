-- Matching an imported item to a product (GTIN, else manufacturer key) takes the oldest product of a
-- key. With created_at and id in the index, "the oldest one of this key" is the first index entry, so
-- the import's per-key lookup reads one entry and never sorts, however large the catalog is.
DROP INDEX "product_gtin_idx";
CREATE INDEX "product_gtin_idx" ON "product"("gtin", "created_at", "id") WHERE "gtin" IS NOT NULL;
DROP INDEX "product_manufacturer_key_idx";
CREATE INDEX "product_manufacturer_key_idx" ON "product"("manufacturer_key", "created_at", "id")
  WHERE "manufacturer_key" IS NOT NULL;
