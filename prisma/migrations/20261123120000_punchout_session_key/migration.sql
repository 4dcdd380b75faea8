-- Punchout sessions (issue 9): what the browser pages need beyond the initial table.
--
-- key_hash: SHA-256 of the 256-bit session key carried in the page URLs. Only the hash is stored,
-- so someone who can read the database (a backup, a replica, a support query) cannot take over a
-- live buyer's session; public_id stays a short, non-secret reference for support and the audit.
-- NULL until the start link is opened: the key is generated when the one-time start token is spent,
-- so whoever saw the redirectUrl (the procurement system, a proxy log) cannot derive it.
-- The table had no writer before this migration (the route did not exist), so NOT NULL is safe for
-- csrf_token.
ALTER TABLE "punchout_session"
    ADD COLUMN "key_hash" BYTEA,
    -- Per-session CSRF token, rendered into every form and compared in constant time. Alone it is
    -- useless: every page and POST also needs the session key, whose hash is all we store.
    ADD COLUMN "csrf_token" VARCHAR(64) NOT NULL,
    -- Why a session ended FAILED or EXPIRED (shown to the buyer, recorded in the audit event too).
    ADD COLUMN "close_reason" VARCHAR(500);

CREATE UNIQUE INDEX "punchout_session_key_hash_key" ON "punchout_session"("key_hash");

-- A cart line always has at least one unit; removing a line deletes it.
ALTER TABLE "cart_item" ADD CONSTRAINT "cart_item_quantity_positive" CHECK ("quantity" > 0);

-- A catalog import that drops an offer must not fail because some buyer has it in an open cart
-- (ON DELETE RESTRICT did exactly that). The line keeps a snapshot of what it was ("label") and
-- loses its offer; the cart shows it as no longer available and transfer removes it, saying why.
ALTER TABLE "cart_item" DROP CONSTRAINT "cart_item_offer_id_fkey";
ALTER TABLE "cart_item" ALTER COLUMN "offer_id" DROP NOT NULL;
ALTER TABLE "cart_item" ADD CONSTRAINT "cart_item_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offer"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "cart_item" ADD COLUMN "label" VARCHAR(500) NOT NULL DEFAULT '';
