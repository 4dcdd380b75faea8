-- Search relevance (issue 12): compound-word parts and normalized identifiers, computed by the
-- catalog writer in TypeScript (src/catalog/search-terms.ts: German decompounding with the de_DE
-- Hunspell dictionary, which needs no PostgreSQL dictionary files, so it works on the embedded
-- server as on any stock one) and indexed by the product trigger:
--   search_parts: parts of compounds and joined hyphenated words, weight D (below a whole word);
--   search_ids: product code, part number, vendor SKUs, EAN/GTIN, ISBN without hyphens/spaces, weight A.
-- The product's (leaf) category names in English and German join the document with weight B: a
-- German-named printer is found by "printer" above an adhesive label "for laser printers".
-- Rows written before this migration get their identifiers below; their compound parts follow
-- with the next import or demo generation.

-- AlterTable
ALTER TABLE "product" ADD COLUMN "search_parts" TEXT;
ALTER TABLE "product" ADD COLUMN "search_ids" TEXT;

CREATE OR REPLACE FUNCTION gw_product_document(
  name text, product_code text, mpn text, brand text, features text[], description text,
  parts text, ids text, category text
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT gw_product_document(name, product_code, mpn, brand, features, description)
        || setweight(to_tsvector('simple', coalesce(ids, '')), 'A')
        || setweight(to_tsvector('gw_de', coalesce(category, '')), 'B')
        || setweight(to_tsvector('gw_en', coalesce(category, '')), 'B')
        || setweight(to_tsvector('gw_de', coalesce(parts, '')), 'D')
        || setweight(to_tsvector('gw_en', coalesce(parts, '')), 'D')
  $$;

CREATE OR REPLACE FUNCTION product_derive_columns() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := gw_product_document(
    NEW.name, NEW.product_code, NEW.manufacturer_part_number, NEW.brand, NEW.features, NEW.description,
    NEW.search_parts, NEW.search_ids,
    (SELECT c.name_en || ' ' || c.name_de FROM category c WHERE c.id = NEW.category_id));
  NEW.search_name := gw_normalize(NEW.name);
  NEW.brand_key := gw_brand_key(NEW.brand);
  IF TG_OP = 'INSERT' OR NEW.category_id IS DISTINCT FROM OLD.category_id OR NEW.category_path IS NULL THEN
    SELECT c.path INTO NEW.category_path FROM category c WHERE c.id = NEW.category_id;
  END IF;
  RETURN NEW;
END $$;

DROP TRIGGER product_derive_columns ON product;
CREATE TRIGGER product_derive_columns
  BEFORE INSERT OR UPDATE OF name, product_code, manufacturer_part_number, brand, features, description,
    category_id, search_parts, search_ids
  ON product FOR EACH ROW EXECUTE FUNCTION product_derive_columns();

-- Identifiers of existing rows (the same normalization as normalizeIdentifier()).
UPDATE "product" p SET "search_ids" = concat_ws(' ',
    lower(regexp_replace(p.product_code, '[\s\-./]', '', 'g')),
    lower(regexp_replace(p.manufacturer_part_number, '[\s\-./]', '', 'g')),
    lower(regexp_replace(p.book ->> 'isbn13', '[\s\-./]', '', 'g')),
    lower(regexp_replace(p.book ->> 'isbn10', '[\s\-./]', '', 'g')),
    (SELECT string_agg(lower(regexp_replace(o.vendor_sku, '[\s\-./]', '', 'g')), ' ')
       FROM offer o WHERE o.product_id = p.id));
