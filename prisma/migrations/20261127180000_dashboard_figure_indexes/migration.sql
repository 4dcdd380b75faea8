-- The console dashboard's figures at a year of events (bench/console-dashboard.bench.js).

-- Guidance counts: offers refused (on add or setup) and lines removed at transfer are a few percent
-- of the events, among hundreds of thousands of cart changes a year whose payloads the counts would
-- otherwise read one by one. Each count reads its own partial index, without visiting the table;
-- the predicates are the conditions of AuditFiguresService's guidance statement and must stay so.
CREATE INDEX "audit_event_offer_refused_idx" ON "audit_event" ("organization_id", "occurred_at")
  WHERE "type" = 'punchout.offer_refused' AND "payload"->>'via' IS DISTINCT FROM 'transfer';

CREATE INDEX "audit_event_removed_at_transfer_idx" ON "audit_event" ("organization_id", "occurred_at")
  WHERE ("type" = 'punchout.offer_refused' AND "payload"->>'via' = 'transfer')
     OR ("type" = 'punchout.cart_changed' AND "payload"->>'action' = 'remove' AND "payload" ? 'reason');

-- The lines of the sessions transferred in a period, by session, with what the figures add up: a
-- month's lines are found without reading every cart line of the organization's history.
CREATE INDEX "cart_item_figures_idx" ON "cart_item" ("session_id")
  INCLUDE ("quantity", "unit_price", "currency", "vendor", "preferred");
