-- The console's figures: what a cart line was when it was put in the cart or last checked (its
-- vendor, and whether buying guidance preferred it), so spend by vendor and the preferred share
-- are counted from the cart, not re-derived from today's catalog and rules.
ALTER TABLE "cart_item"
  ADD COLUMN "vendor" VARCHAR(200) NOT NULL DEFAULT '',
  ADD COLUMN "preferred" BOOLEAN NOT NULL DEFAULT false;

-- Lines of earlier sessions: the vendor of the offer where it is still in the catalog.
UPDATE "cart_item" AS c SET "vendor" = left(o."vendor", 200) FROM "offer" AS o WHERE o."id" = c."offer_id";

-- Transferred sessions by the day they were transferred (spend per day, top vendors).
CREATE INDEX "punchout_session_transferred_idx" ON "punchout_session" ("organization_id", "closed_at")
  WHERE "status" = 'TRANSFERRED';
