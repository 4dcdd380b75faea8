-- Punchout protocols: each session records which entry started it (`rest`: the API call with a one-time
-- start link; `oci-callup`: SAP's catalog call-up, opened at once with its session key). A call-up may
-- start without a product (the buyer lands on a start page or search results) and has no start token.
ALTER TABLE "punchout_session" ADD COLUMN "protocol" VARCHAR(20) NOT NULL DEFAULT 'rest';
ALTER TABLE "punchout_session" ALTER COLUMN "product_id" DROP NOT NULL;
ALTER TABLE "punchout_session" ALTER COLUMN "start_token_hash" DROP NOT NULL;
