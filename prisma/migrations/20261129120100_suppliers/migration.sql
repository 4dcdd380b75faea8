-- Suppliers: every offer belongs to one. A supplier is the marketplace's (organization_id NULL,
-- added by an operator, or made from a vendor name an own-shape import names) or an organization's
-- own (added by its administrators, for its contract catalogs; only it sees the supplier).
CREATE TABLE "supplier" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "slug" VARCHAR(64) NOT NULL,
  "name" VARCHAR(200) NOT NULL,
  "organization_id" UUID,
  -- [{type, value}]: a DUNS number, a BMEcat SUPPLIER_ID, ... (how the supplier's files name it).
  "identifiers" JSONB NOT NULL DEFAULT '[]',
  "created_by" VARCHAR(320) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "supplier_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "supplier_organization_id_fkey" FOREIGN KEY ("organization_id")
    REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "supplier_slug_key" ON "supplier"("slug");
-- A name names one supplier among those an organization sees: the marketplace's, and its own.
CREATE UNIQUE INDEX "supplier_public_name_key" ON "supplier"("name") WHERE "organization_id" IS NULL;
CREATE UNIQUE INDEX "supplier_organization_name_key" ON "supplier"("organization_id", "name")
  WHERE "organization_id" IS NOT NULL;

-- Existing offers' vendor names become the marketplace's suppliers; slugs from the name (as brand
-- keys are made), with a short digest of the name where two names make the same slug.
INSERT INTO "supplier" ("slug", "name", "created_by")
SELECT CASE WHEN n = 1 THEN base ELSE left(base, 57) || '-' || left(md5(vendor), 6) END, vendor, 'migration'
  FROM (SELECT vendor, base, row_number() OVER (PARTITION BY base ORDER BY vendor) AS n
          FROM (SELECT DISTINCT vendor, coalesce(left(gw_brand_key(vendor), 64), 'supplier') AS base
                  FROM "offer") vendors) numbered;

ALTER TABLE "offer" ADD COLUMN "supplier_id" UUID;
UPDATE "offer" o SET "supplier_id" = s."id"
  FROM "supplier" s WHERE s."organization_id" IS NULL AND s."name" = o."vendor";
ALTER TABLE "offer" ALTER COLUMN "supplier_id" SET NOT NULL,
  ADD CONSTRAINT "offer_supplier_id_fkey" FOREIGN KEY ("supplier_id")
    REFERENCES "supplier"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "offer_supplier_id_idx" ON "offer"("supplier_id");

-- An offer's vendor is its supplier's name, always: search, product details, the shop, OCI, cXML and
-- guidance rules on vendor read offer.vendor, which this trigger keeps equal to supplier.name.
CREATE FUNCTION offer_vendor_from_supplier() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s."name" INTO NEW."vendor" FROM "supplier" s WHERE s."id" = NEW."supplier_id";
  RETURN NEW;
END $$;
CREATE TRIGGER "offer_vendor_from_supplier" BEFORE INSERT OR UPDATE OF "supplier_id", "vendor" ON "offer"
  FOR EACH ROW EXECUTE FUNCTION offer_vendor_from_supplier();

CREATE FUNCTION supplier_name_to_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "offer" SET "vendor" = NEW."name" WHERE "supplier_id" = NEW."id";
  RETURN NULL;
END $$;
CREATE TRIGGER "supplier_name_to_offers" AFTER UPDATE OF "name" ON "supplier"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION supplier_name_to_offers();

-- The marketplace's supplier of a vendor name an own-shape import (or the demo) names, made on first
-- use. Concurrent imports naming the same new vendor wait for each other on the unique name.
CREATE FUNCTION catalog_public_supplier(vendor text) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  found uuid;
  base text := coalesce(left(gw_brand_key(vendor), 64), 'supplier');
BEGIN
  FOR attempt IN 0..5 LOOP
    SELECT "id" INTO found FROM "supplier" WHERE "organization_id" IS NULL AND "name" = vendor;
    IF found IS NOT NULL THEN RETURN found; END IF;
    INSERT INTO "supplier" ("slug", "name", "created_by")
    VALUES (CASE WHEN attempt = 0 THEN base
                 ELSE left(base, 57) || '-' || left(md5(vendor || attempt::text), 6) END,
            vendor, 'import')
    ON CONFLICT DO NOTHING RETURNING "id" INTO found;
    IF found IS NOT NULL THEN RETURN found; END IF;
  END LOOP;
  RAISE EXCEPTION 'no free supplier slug for vendor %', vendor USING ERRCODE = '23505';
END $$;
