-- Facets from features (docs/search.md, "Feature facets"): each product's features as normalized terms
-- "<feature key>=<value key>", a generated column kept by PostgreSQL from `facts` on every write (the
-- supplier import, the catalog writer, any later writer), indexed for filtering. Adding it computes it
-- for every existing product (the backfill).

-- A key: lower-case ASCII words joined by "-" (as brand keys), at most `len` characters: "Farbe",
-- "farbe " and "FARBE" are one key; "Nennquerschnitt (mm²)" is "nennquerschnitt-mm2".
CREATE OR REPLACE FUNCTION gw_feature_key(text, len integer) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT nullif(trim(both '-' from left(regexp_replace(gw_normalize($1), '[^a-z0-9]+', '-', 'g'), len)), '') $$;

-- One product's facts ([{name: {de, en}, values: [{de, en}], unit}]) one row per value: its term
-- "<key>=<value key>" (the feature's key from its German name, else its English one; the value's key
-- from its German text, else English, with the unit) and the texts that name it. Anything not of
-- that shape is skipped, never an error. Search reads the names of a facet's values through it.
CREATE OR REPLACE FUNCTION gw_feature_facts(facts jsonb)
  RETURNS TABLE (term text, name jsonb, value jsonb, unit text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT gw_feature_key(coalesce(f->'name'->>'de', f->'name'->>'en'), 60) || '=' ||
           gw_feature_key(coalesce(v->>'de', v->>'en') || coalesce(' ' || (f->>'unit'), ''), 80),
           f->'name', v, f->>'unit'
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(facts) = 'array' THEN facts ELSE '[]' END) f,
           jsonb_array_elements(CASE WHEN jsonb_typeof(f->'values') = 'array' THEN f->'values' ELSE '[]' END) v
     WHERE jsonb_typeof(f->'name') = 'object' AND jsonb_typeof(v) = 'object'
  $$;

-- The product's terms, distinct and sorted.
CREATE OR REPLACE FUNCTION gw_feature_terms(facts jsonb) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT ff.term ORDER BY ff.term), '{}') FROM gw_feature_facts(facts) ff
     WHERE ff.term IS NOT NULL
  $$;

ALTER TABLE "product" ADD COLUMN "feature_terms" TEXT[] GENERATED ALWAYS AS (gw_feature_terms("facts")) STORED;
CREATE INDEX "product_feature_terms_idx" ON "product" USING gin ("feature_terms");
