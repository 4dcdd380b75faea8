-- Search performance: the typo fallback read gw_normalize(name) (an unaccent dictionary lookup) for
-- every candidate row, twice per query. The normalized name is now a column kept by the product
-- trigger, with its own trigram index.

-- AlterTable
ALTER TABLE "product" ADD COLUMN "search_name" TEXT;

CREATE OR REPLACE FUNCTION product_derive_columns() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := gw_product_document(
    NEW.name, NEW.product_code, NEW.manufacturer_part_number, NEW.brand, NEW.features, NEW.description);
  NEW.search_name := gw_normalize(NEW.name);
  NEW.brand_key := gw_brand_key(NEW.brand);
  IF TG_OP = 'INSERT' OR NEW.category_id IS DISTINCT FROM OLD.category_id OR NEW.category_path IS NULL THEN
    SELECT c.path INTO NEW.category_path FROM category c WHERE c.id = NEW.category_id;
  END IF;
  RETURN NEW;
END $$;

UPDATE "product" SET "search_name" = gw_normalize("name");

DROP INDEX "product_name_trgm_idx";

-- CreateIndex
CREATE INDEX "product_search_name_idx" ON "product" USING GIN ("search_name" gin_trgm_ops);
