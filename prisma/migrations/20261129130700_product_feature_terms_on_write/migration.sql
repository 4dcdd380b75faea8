-- A product's feature terms were a stored generated column, and PostgreSQL computes those again on
-- EVERY update of a row, whatever it changes: the supplier import refreshes each product's offer
-- columns (best price, offer count) right after writing it, so a product with 20 features paid
-- gw_feature_terms twice (about 1.7 ms of database CPU each time, more than the rest of its insert).
-- Now a trigger computes them when a product is inserted or its facts are written; other updates
-- keep the terms the row has. The values already stored stay as they are.
ALTER TABLE "product" ALTER COLUMN "feature_terms" DROP EXPRESSION;

CREATE FUNCTION product_feature_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.feature_terms := gw_feature_terms(NEW.facts);
  RETURN NEW;
END
$$;

CREATE TRIGGER product_feature_terms BEFORE INSERT OR UPDATE OF facts ON "product"
  FOR EACH ROW EXECUTE FUNCTION product_feature_terms();
