-- Feature terms in the facts' order, so that search finds the texts naming a term (its position in
-- `feature_terms` is its (feature, value) pair's position in the facts) without normalizing every
-- feature of the product again: naming a facet's values read each product's features through
-- gw_normalize (an unaccent lookup and a regular expression per feature), most of a feature facet's cost.

-- One product's (feature, value) pairs in the facts' order, numbered from 1; anything not of the
-- shape [{name: {de, en}, values: [{de, en}], unit}] is skipped, never an error.
CREATE OR REPLACE FUNCTION gw_feature_pairs(facts jsonb)
  RETURNS TABLE (n bigint, name jsonb, value jsonb, unit text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT row_number() OVER (ORDER BY f.i, v.j), f.fact->'name', v.value, f.fact->>'unit'
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(facts) = 'array' THEN facts ELSE '[]' END)
             WITH ORDINALITY AS f(fact, i),
           jsonb_array_elements(CASE WHEN jsonb_typeof(f.fact->'values') = 'array' THEN f.fact->'values' ELSE '[]' END)
             WITH ORDINALITY AS v(value, j)
     WHERE jsonb_typeof(f.fact->'name') = 'object' AND jsonb_typeof(v.value) = 'object'
  $$;

-- A pair's term "<key>=<value key>": the feature's key from its German name (else English), the
-- value's from its German text (else English) with the unit (gw_feature_key); NULL when either is empty.
CREATE OR REPLACE FUNCTION gw_feature_term(name jsonb, value jsonb, unit text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT gw_feature_key(coalesce(name->>'de', name->>'en'), 60) || '=' ||
           gw_feature_key(coalesce(value->>'de', value->>'en') || coalesce(' ' || unit, ''), 80)
  $$;

-- The product's terms, one per pair in the pairs' order: a term already given earlier (and a pair
-- without a term) is NULL, so each term is in the array once and at its pair's position.
CREATE OR REPLACE FUNCTION gw_feature_terms(facts jsonb) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(CASE WHEN x.first THEN x.term END ORDER BY x.n), '{}')
      FROM (SELECT t.n, t.term, t.n = min(t.n) OVER (PARTITION BY t.term) AS first
              FROM (SELECT p.n, gw_feature_term(p.name, p.value, p.unit) AS term FROM gw_feature_pairs(facts) p) t) x
  $$;

DROP INDEX IF EXISTS "product_feature_terms_idx";
ALTER TABLE "product" DROP COLUMN "feature_terms";
DROP FUNCTION IF EXISTS gw_feature_facts(jsonb);
ALTER TABLE "product" ADD COLUMN "feature_terms" TEXT[] GENERATED ALWAYS AS (gw_feature_terms("facts")) STORED;
CREATE INDEX "product_feature_terms_idx" ON "product" USING gin ("feature_terms");
