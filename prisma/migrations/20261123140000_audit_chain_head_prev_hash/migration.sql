-- The chain head also keeps the hash before it, so one statement can advance the head and insert
-- the event that links to it (RETURNING shows only the new row): an append holds the head's row
-- lock for that statement and the commit, never across a round trip to the gateway.
ALTER TABLE "audit_chain_head" ADD COLUMN "prev_hash" BYTEA;
