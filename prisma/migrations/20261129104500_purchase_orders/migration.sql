-- Purchase orders (docs/orders.md): orders in (cXML OrderRequest and JSON), checked against the
-- transferred cart they came from, delivered to each supplier through a transactional outbox.

-- A transferred cart line's opaque key (src/common/cart-line-key.ts): the order names the line by it.
ALTER TABLE "cart_item" ADD COLUMN "order_key" VARCHAR(64);
CREATE UNIQUE INDEX "cart_item_order_key_key" ON "cart_item" ("order_key");

-- One row per accepted order version; the exact document is stored before the sender is answered.
CREATE TABLE "purchase_order" (
  "id" UUID PRIMARY KEY,
  "organization_id" UUID NOT NULL REFERENCES "organization"("id") ON DELETE RESTRICT,
  "buyer_order_id" VARCHAR(100) NOT NULL,
  "version" INTEGER NOT NULL DEFAULT 1 CHECK ("version" >= 1),
  "operation" VARCHAR(10) NOT NULL DEFAULT 'new' CHECK ("operation" IN ('new', 'update', 'delete')),
  "channel" VARCHAR(10) NOT NULL CHECK ("channel" IN ('json', 'cxml')),
  "user_id" UUID,
  "buyer_email" VARCHAR(320),
  "client_id" UUID,
  "content_hash" BYTEA NOT NULL,
  "document" TEXT NOT NULL,
  "document_sha256" BYTEA NOT NULL,
  "media_type" VARCHAR(50) NOT NULL,
  "payload_id" VARCHAR(250),
  "answer" TEXT,
  "findings" VARCHAR(40)[] NOT NULL DEFAULT '{}',
  "total_net" DECIMAL(22,4),
  "currency" VARCHAR(3),
  "order_date" TIMESTAMPTZ(3),
  "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "purchase_order_organization_id_buyer_order_id_version_key"
  ON "purchase_order" ("organization_id", "buyer_order_id", "version");
CREATE INDEX "purchase_order_organization_id_received_at_idx" ON "purchase_order" ("organization_id", "received_at");
CREATE INDEX "purchase_order_organization_id_payload_id_idx" ON "purchase_order" ("organization_id", "payload_id");

CREATE TABLE "order_line" (
  "id" UUID PRIMARY KEY,
  "order_id" UUID NOT NULL REFERENCES "purchase_order"("id") ON DELETE CASCADE,
  "line_number" INTEGER NOT NULL,
  "cart_line_key" VARCHAR(100),
  "cart_item_id" UUID REFERENCES "cart_item"("id") ON DELETE SET NULL,
  "session_id" UUID,
  "offer_id" VARCHAR(64),
  "supplier" VARCHAR(200) NOT NULL,
  "supplier_part_id" VARCHAR(100),
  "description" VARCHAR(500) NOT NULL,
  "quantity" DECIMAL(18,4) NOT NULL CHECK ("quantity" > 0),
  "unit" VARCHAR(3),
  "unit_price" DECIMAL(14,4) NOT NULL CHECK ("unit_price" >= 0),
  "price_unit_quantity" INTEGER NOT NULL DEFAULT 1 CHECK ("price_unit_quantity" >= 1),
  "currency" VARCHAR(3) NOT NULL,
  "line_net" DECIMAL(22,4) NOT NULL,
  "ad_hoc" BOOLEAN NOT NULL DEFAULT false,
  "findings" VARCHAR(40)[] NOT NULL DEFAULT '{}'
);
CREATE UNIQUE INDEX "order_line_order_id_line_number_key" ON "order_line" ("order_id", "line_number");
CREATE INDEX "order_line_cart_item_id_idx" ON "order_line" ("cart_item_id");

CREATE TABLE "order_finding" (
  "id" BIGSERIAL PRIMARY KEY,
  "order_id" UUID NOT NULL REFERENCES "purchase_order"("id") ON DELETE CASCADE,
  "line_id" UUID REFERENCES "order_line"("id") ON DELETE CASCADE,
  "code" VARCHAR(40) NOT NULL,
  "detail" JSONB NOT NULL DEFAULT '{}'
);
CREATE INDEX "order_finding_order_id_idx" ON "order_finding" ("order_id");
CREATE INDEX "order_finding_code_idx" ON "order_finding" ("code");

-- A refused order keeps a bounded summary and the document's SHA-256, never the document itself.
CREATE TABLE "order_refusal" (
  "id" UUID PRIMARY KEY,
  "organization_id" UUID,
  "channel" VARCHAR(10) NOT NULL,
  "buyer_order_id" VARCHAR(100),
  "status" INTEGER NOT NULL,
  "reason" VARCHAR(500) NOT NULL,
  "document_sha256" BYTEA NOT NULL,
  "document_bytes" INTEGER NOT NULL,
  "summary" JSONB NOT NULL DEFAULT '{}',
  "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "order_refusal_organization_id_received_at_idx" ON "order_refusal" ("organization_id", "received_at");

-- The outbox: written in the order's transaction, one row per order and supplier; workers claim due
-- rows with FOR UPDATE SKIP LOCKED.
CREATE TABLE "order_delivery" (
  "id" UUID PRIMARY KEY,
  "order_id" UUID NOT NULL REFERENCES "purchase_order"("id") ON DELETE CASCADE,
  "organization_id" UUID NOT NULL,
  "supplier" VARCHAR(200) NOT NULL,
  "status" VARCHAR(20) NOT NULL CHECK ("status" IN ('pending', 'queued', 'delivered', 'failed')),
  "idempotency_key" VARCHAR(100) NOT NULL,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
  "retry_until" TIMESTAMPTZ(3) NOT NULL,
  "last_error" VARCHAR(1000),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "delivered_at" TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "order_delivery_idempotency_key_key" ON "order_delivery" ("idempotency_key");
CREATE UNIQUE INDEX "order_delivery_order_id_supplier_key" ON "order_delivery" ("order_id", "supplier");
CREATE INDEX "order_delivery_status_next_attempt_at_idx" ON "order_delivery" ("status", "next_attempt_at");
CREATE INDEX "order_delivery_supplier_status_idx" ON "order_delivery" ("supplier", "status");

CREATE TABLE "order_delivery_attempt" (
  "id" BIGSERIAL PRIMARY KEY,
  "delivery_id" UUID NOT NULL REFERENCES "order_delivery"("id") ON DELETE CASCADE,
  "attempted_at" TIMESTAMPTZ(3) NOT NULL,
  "outcome" VARCHAR(20) NOT NULL CHECK ("outcome" IN ('delivered', 'failed')),
  "http_status" INTEGER,
  "error" VARCHAR(1000),
  "duration_ms" INTEGER NOT NULL
);
CREATE INDEX "order_delivery_attempt_delivery_id_idx" ON "order_delivery_attempt" ("delivery_id");

CREATE TABLE "order_endpoint" (
  "supplier" VARCHAR(200) PRIMARY KEY,
  "url" VARCHAR(2048) NOT NULL,
  "format" VARCHAR(10) NOT NULL CHECK ("format" IN ('cxml', 'json')),
  "signing_secret" VARCHAR(100) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
