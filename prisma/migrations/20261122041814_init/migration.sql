-- CreateEnum
CREATE TYPE "user_role" AS ENUM ('buyer', 'admin', 'auditor');

-- CreateEnum
CREATE TYPE "offer_condition" AS ENUM ('new', 'used', 'collectible', 'refurbished');

-- CreateEnum
CREATE TYPE "availability" AS ENUM ('in_stock', 'limited', 'backorder', 'out_of_stock');

-- CreateEnum
CREATE TYPE "guidance_effect" AS ENUM ('preferred', 'blocked');

-- CreateEnum
CREATE TYPE "guidance_matcher" AS ENUM ('vendor', 'product', 'product_code', 'brand', 'category', 'unspsc_prefix', 'condition', 'price_above');

-- CreateEnum
CREATE TYPE "punchout_status" AS ENUM ('CREATED', 'OPENED', 'TRANSFERRED', 'CANCELLED', 'EXPIRED', 'FAILED');

-- CreateTable
CREATE TABLE "organization" (
    "id" UUID NOT NULL,
    "slug" VARCHAR(64) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "email" VARCHAR(320) NOT NULL,
    "name" VARCHAR(200),
    "roles" "user_role"[] DEFAULT ARRAY['buyer']::"user_role"[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "disabled_at" TIMESTAMPTZ(3),

    CONSTRAINT "user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_client" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "client_id" VARCHAR(100) NOT NULL,
    "secret_hash" BYTEA NOT NULL,
    "name" VARCHAR(200),
    "callback_origins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "oauth_client_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "access_token" (
    "id" UUID NOT NULL,
    "token_hash" BYTEA NOT NULL,
    "organization_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "access_token_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "category" (
    "id" VARCHAR(64) NOT NULL,
    "parent_id" VARCHAR(64),
    "path" VARCHAR(1000) NOT NULL,
    "depth" SMALLINT NOT NULL,
    "name_en" VARCHAR(200) NOT NULL,
    "name_de" VARCHAR(200) NOT NULL,
    "unspsc" VARCHAR(8),

    CONSTRAINT "category_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product" (
    "id" VARCHAR(64) NOT NULL,
    "product_code" VARCHAR(64) NOT NULL,
    "name" VARCHAR(500) NOT NULL,
    "brand" VARCHAR(200),
    "manufacturer" VARCHAR(200),
    "manufacturer_part_number" VARCHAR(100),
    "description" TEXT,
    "features" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "overview" JSONB NOT NULL DEFAULT '{}',
    "images" JSONB NOT NULL DEFAULT '[]',
    "taxonomies" JSONB NOT NULL DEFAULT '[]',
    "book" JSONB,
    "star_rating" REAL,
    "review_count" INTEGER,
    "category_id" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "category_path" VARCHAR(1000) NOT NULL,
    "unspsc" VARCHAR(8),
    "brand_key" VARCHAR(200),
    "best_price" DECIMAL(14,4),
    "best_currency" VARCHAR(3),
    "availability" "availability",
    "fastest_delivery_days" SMALLINT,
    "is_prime" BOOLEAN NOT NULL DEFAULT false,
    "cpf_eligible" BOOLEAN NOT NULL DEFAULT false,
    "conditions" "offer_condition"[] DEFAULT ARRAY[]::"offer_condition"[],
    "offer_count" INTEGER NOT NULL DEFAULT 0,
    "search_vector" tsvector,

    CONSTRAINT "product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "offer" (
    "id" VARCHAR(64) NOT NULL,
    "product_id" VARCHAR(64) NOT NULL,
    "vendor" VARCHAR(200) NOT NULL,
    "vendor_sku" VARCHAR(100),
    "price" DECIMAL(14,4) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "quantity_tiers" JSONB NOT NULL DEFAULT '[]',
    "quantity_min" INTEGER,
    "quantity_max" INTEGER,
    "condition" "offer_condition" NOT NULL DEFAULT 'new',
    "fulfillment" VARCHAR(200),
    "delivery_days" SMALLINT,
    "availability" "availability" NOT NULL DEFAULT 'in_stock',
    "is_prime" BOOLEAN NOT NULL DEFAULT false,
    "price_tax_label" VARCHAR(100),
    "price_info" VARCHAR(500),
    "unit" VARCHAR(3) NOT NULL DEFAULT 'PCE',
    "price_unit_quantity" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "offer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "guidance_rule" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "effect" "guidance_effect" NOT NULL,
    "matcher" "guidance_matcher" NOT NULL,
    "value" VARCHAR(200) NOT NULL,
    "currency" VARCHAR(3),
    "note" VARCHAR(500),
    "created_by" VARCHAR(320) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "disabled_at" TIMESTAMPTZ(3),
    "disabled_by" VARCHAR(320),

    CONSTRAINT "guidance_rule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "punchout_session" (
    "id" UUID NOT NULL,
    "public_id" VARCHAR(64) NOT NULL,
    "start_token_hash" BYTEA NOT NULL,
    "organization_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "product_id" VARCHAR(64) NOT NULL,
    "callback_url" VARCHAR(2048) NOT NULL,
    "target" VARCHAR(100) NOT NULL DEFAULT '_top',
    "requester_name" VARCHAR(200),
    "ship_to" JSONB,
    "status" "punchout_status" NOT NULL DEFAULT 'CREATED',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "opened_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "returned_fields" JSONB,

    CONSTRAINT "punchout_session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cart_item" (
    "id" UUID NOT NULL,
    "session_id" UUID NOT NULL,
    "offer_id" VARCHAR(64) NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_price" DECIMAL(14,4) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cart_item_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_event" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" UUID NOT NULL,
    "sequence" BIGINT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "type" VARCHAR(100) NOT NULL,
    "actor_user_id" UUID,
    "actor_client_id" UUID,
    "actor_label" VARCHAR(320),
    "session_id" UUID,
    "payload" JSONB NOT NULL,
    "prev_hash" BYTEA NOT NULL,
    "hash" BYTEA NOT NULL,

    CONSTRAINT "audit_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_chain_head" (
    "organization_id" UUID NOT NULL,
    "sequence" BIGINT NOT NULL DEFAULT 0,
    "hash" BYTEA NOT NULL,

    CONSTRAINT "audit_chain_head_pkey" PRIMARY KEY ("organization_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "organization_slug_key" ON "organization"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "user_organization_id_email_key" ON "user"("organization_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_client_client_id_key" ON "oauth_client"("client_id");

-- CreateIndex
CREATE INDEX "oauth_client_organization_id_idx" ON "oauth_client"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "access_token_token_hash_key" ON "access_token"("token_hash");

-- CreateIndex
CREATE INDEX "access_token_user_id_idx" ON "access_token"("user_id");

-- CreateIndex
CREATE INDEX "access_token_client_id_idx" ON "access_token"("client_id");

-- CreateIndex
CREATE INDEX "access_token_expires_at_idx" ON "access_token"("expires_at");

-- CreateIndex
CREATE INDEX "category_parent_id_idx" ON "category"("parent_id");

-- CreateIndex
CREATE INDEX "category_path_idx" ON "category"("path" text_pattern_ops);

-- CreateIndex
CREATE UNIQUE INDEX "product_product_code_key" ON "product"("product_code");

-- CreateIndex
CREATE INDEX "product_category_path_idx" ON "product"("category_path" text_pattern_ops);

-- CreateIndex
CREATE INDEX "product_brand_key_idx" ON "product"("brand_key");

-- CreateIndex
CREATE INDEX "product_search_vector_idx" ON "product" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "offer_product_id_idx" ON "offer"("product_id");

-- CreateIndex
CREATE INDEX "offer_vendor_idx" ON "offer"("vendor");

-- CreateIndex
CREATE INDEX "guidance_rule_organization_id_disabled_at_idx" ON "guidance_rule"("organization_id", "disabled_at");

-- CreateIndex
CREATE UNIQUE INDEX "punchout_session_public_id_key" ON "punchout_session"("public_id");

-- CreateIndex
CREATE UNIQUE INDEX "punchout_session_start_token_hash_key" ON "punchout_session"("start_token_hash");

-- CreateIndex
CREATE INDEX "punchout_session_organization_id_created_at_idx" ON "punchout_session"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "punchout_session_status_expires_at_idx" ON "punchout_session"("status", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "cart_item_session_id_offer_id_key" ON "cart_item"("session_id", "offer_id");

-- CreateIndex
CREATE INDEX "audit_event_session_id_idx" ON "audit_event"("session_id");

-- CreateIndex
CREATE INDEX "audit_event_organization_id_type_occurred_at_idx" ON "audit_event"("organization_id", "type", "occurred_at");

-- CreateIndex
CREATE UNIQUE INDEX "audit_event_organization_id_sequence_key" ON "audit_event"("organization_id", "sequence");

-- AddForeignKey
ALTER TABLE "user" ADD CONSTRAINT "user_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_client" ADD CONSTRAINT "oauth_client_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_token" ADD CONSTRAINT "access_token_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_token" ADD CONSTRAINT "access_token_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_token" ADD CONSTRAINT "access_token_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "oauth_client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "category" ADD CONSTRAINT "category_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "category"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product" ADD CONSTRAINT "product_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "category"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offer" ADD CONSTRAINT "offer_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "guidance_rule" ADD CONSTRAINT "guidance_rule_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "punchout_session" ADD CONSTRAINT "punchout_session_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "punchout_session" ADD CONSTRAINT "punchout_session_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "punchout_session" ADD CONSTRAINT "punchout_session_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "oauth_client"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "punchout_session" ADD CONSTRAINT "punchout_session_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_item" ADD CONSTRAINT "cart_item_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "punchout_session"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_item" ADD CONSTRAINT "cart_item_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_chain_head" ADD CONSTRAINT "audit_chain_head_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The audit trail is append-only: no row may change or disappear, whoever asks.
CREATE FUNCTION audit_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit trail is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "audit_event_no_update_delete"
  BEFORE UPDATE OR DELETE ON "audit_event"
  FOR EACH ROW EXECUTE FUNCTION audit_reject_change();

CREATE TRIGGER "audit_event_no_truncate"
  BEFORE TRUNCATE ON "audit_event"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_reject_change();
