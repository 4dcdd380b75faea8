-- A line a cXML edit or inspect setup handed back names the earlier transferred line it continues
-- by that line's key. The key stays with the line: when this line is transferred, the key moves to it
-- (order_key stays unique), so the buyer's system keeps one key per requisition line across edits.
ALTER TABLE "cart_item" ADD COLUMN "carried_order_key" VARCHAR(64);
