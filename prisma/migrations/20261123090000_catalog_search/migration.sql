-- Catalog search: accent-insensitive German/English full-text search, typo fallback, and the one
-- place that recomputes a product's denormalized search columns from its offers.
-- Hand-written (the Prisma schema cannot express extensions, text search configurations, triggers
-- or expression indexes); nothing here renames or drops a column of the data model.

CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- unaccent() is STABLE (it depends on the search path); indexes need an IMMUTABLE function, so the
-- dictionary is named explicitly.
CREATE OR REPLACE FUNCTION gw_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

-- Lower-cased, accent-free form used by the trigram index and brand keys.
CREATE OR REPLACE FUNCTION gw_normalize(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

-- Text search configurations: the built-in German and English stemmers behind the unaccent filter,
-- so "Bürostuhl", "Burostuhl" and "burostühle" meet at the same lexeme.
CREATE TEXT SEARCH CONFIGURATION gw_de (COPY = german);
ALTER TEXT SEARCH CONFIGURATION gw_de
  ALTER MAPPING FOR hword, hword_part, word, asciihword, asciiword, hword_asciipart WITH unaccent, german_stem;
CREATE TEXT SEARCH CONFIGURATION gw_en (COPY = english);
ALTER TEXT SEARCH CONFIGURATION gw_en
  ALTER MAPPING FOR hword, hword_part, word, asciihword, asciiword, hword_asciipart WITH unaccent, english_stem;

-- The query side of the same documents: a web-search string (quotes, -word, or) in both languages.
CREATE OR REPLACE FUNCTION gw_search_query(text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT websearch_to_tsquery('gw_de', $1) || websearch_to_tsquery('gw_en', $1) $$;

-- Weighted document: A name and codes, B brand and features, C description.
CREATE OR REPLACE FUNCTION gw_product_document(
  name text, product_code text, mpn text, brand text, features text[], description text
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('gw_de', coalesce(name, '')), 'A')
        || setweight(to_tsvector('gw_en', coalesce(name, '')), 'A')
        || setweight(to_tsvector('simple', coalesce(product_code, '') || ' ' || coalesce(mpn, '')), 'A')
        || setweight(to_tsvector('gw_de', coalesce(brand, '') || ' ' || coalesce(array_to_string(features, ' '), '')), 'B')
        || setweight(to_tsvector('gw_en', coalesce(brand, '') || ' ' || coalesce(array_to_string(features, ' '), '')), 'B')
        || setweight(to_tsvector('gw_de', left(coalesce(description, ''), 2000)), 'C')
        || setweight(to_tsvector('gw_en', left(coalesce(description, ''), 2000)), 'C')
  $$;

-- Brand facet value id: lower-case ASCII words joined by "-" ("Avery Zweckform" -> "avery-zweckform").
CREATE OR REPLACE FUNCTION gw_brand_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT nullif(left(trim(both '-' from regexp_replace(gw_normalize($1), '[^a-z0-9]+', '-', 'g')), 200), '') $$;

-- Columns derived from the product row itself (document, brand key, category path).
CREATE OR REPLACE FUNCTION product_derive_columns() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := gw_product_document(
    NEW.name, NEW.product_code, NEW.manufacturer_part_number, NEW.brand, NEW.features, NEW.description);
  NEW.brand_key := gw_brand_key(NEW.brand);
  IF TG_OP = 'INSERT' OR NEW.category_id IS DISTINCT FROM OLD.category_id OR NEW.category_path IS NULL THEN
    SELECT c.path INTO NEW.category_path FROM category c WHERE c.id = NEW.category_id;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER product_derive_columns
  BEFORE INSERT OR UPDATE OF name, product_code, manufacturer_part_number, brand, features, description, category_id
  ON product FOR EACH ROW EXECUTE FUNCTION product_derive_columns();

-- The one place the offer-derived search columns are recomputed (import, demo generator, and later
-- any offer change): best offer (lowest price, then id), best availability, fastest delivery,
-- premium programme, conditions, offer count. Returns the number of products updated.
CREATE OR REPLACE FUNCTION catalog_refresh_products(ids varchar[]) RETURNS integer
  LANGUAGE sql AS $$
  WITH agg AS (
    SELECT p.id,
           (array_agg(o.price ORDER BY o.price, o.id) FILTER (WHERE o.id IS NOT NULL))[1] AS best_price,
           (array_agg(o.currency ORDER BY o.price, o.id) FILTER (WHERE o.id IS NOT NULL))[1] AS best_currency,
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

-- Typo tolerance when full-text search finds nothing: word similarity on the normalized name.
CREATE INDEX product_name_trgm_idx ON product USING gin (gw_normalize(name) gin_trgm_ops);

