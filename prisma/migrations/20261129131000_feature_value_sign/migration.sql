-- A feature value keeps its sign: "-20 °C" (hyphen or U+2212 minus sign before a digit, not inside a
-- word or a range such as "10-20") is keyed "minus-20-c", so filtering on it no longer also matches
-- "20 °C" (every other non-alphanumeric run still becomes one hyphen).
CREATE OR REPLACE FUNCTION gw_feature_key(text, len integer) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT nullif(trim(both '-' from left(regexp_replace(
             gw_normalize(regexp_replace($1, '(^|[^[:alnum:]])[-−]([0-9])', '\1 minus \2', 'g')),
             '[^a-z0-9]+', '-', 'g'), len)), '')
  $$;

-- Products whose facts hold such a value get their terms again (the trigger recomputes them when
-- facts is written).
UPDATE "product" SET "facts" = "facts" WHERE "facts"::text ~ '[-−][0-9]';
