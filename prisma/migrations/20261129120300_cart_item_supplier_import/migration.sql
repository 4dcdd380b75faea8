-- A cart line records the supplier and the catalog import its offer came from, so an auditor can
-- tell which catalog version was live when it was bought (kept when the offer leaves the catalog).
ALTER TABLE "cart_item"
  ADD COLUMN "supplier_id" UUID,
  ADD COLUMN "import_id" UUID,
  ADD CONSTRAINT "cart_item_supplier_id_fkey" FOREIGN KEY ("supplier_id")
    REFERENCES "supplier"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  ADD CONSTRAINT "cart_item_import_id_fkey" FOREIGN KEY ("import_id")
    REFERENCES "catalog_import"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Lines of earlier sessions: the supplier of their offer where it is still in the catalog.
UPDATE "cart_item" c SET "supplier_id" = o."supplier_id", "import_id" = o."import_id"
  FROM "offer" o WHERE o."id" = c."offer_id";
