-- cXML punchout (docs/punchout.md, "Connecting Coupa / Ariba / other cXML buyers").

-- How a client's cXML order messages travel through the browser: the form field `cxml-urlencoded`
-- (the document as it is) or `cxml-base64` (its UTF-8 bytes in base64). Set by `client punchout-settings`.
ALTER TABLE "oauth_client" ADD COLUMN "cxml_encoding" VARCHAR(20) NOT NULL DEFAULT 'urlencoded'
  CHECK ("cxml_encoding" IN ('urlencoded', 'base64'));

-- A session whose cart is shown, never changed or transferred (cXML `inspect`); closing it sends the
-- cart back as it came.
ALTER TABLE "punchout_session" ADD COLUMN "read_only" BOOLEAN NOT NULL DEFAULT false;
-- What changed when a cart handed over at the start (cXML `edit`/`inspect`) was re-validated under
-- today's guidance and prices (RevalidationChange codes); the cart page tells the buyer.
ALTER TABLE "punchout_session" ADD COLUMN "opening_changes" JSONB NOT NULL DEFAULT '[]';

-- A cXML session's protocol facts, needed to answer in every order message: the BuyerCookie (echoed
-- byte for byte), the parties, the language, the ShipTo as received, the cart as it came in (sent back
-- unchanged on cancel, expiry and failure of an edit or inspect) and the encoding chosen at setup.
CREATE TABLE "punchout_cxml" (
  "session_id" UUID PRIMARY KEY REFERENCES "punchout_session"("id") ON DELETE CASCADE,
  "operation" VARCHAR(10) NOT NULL CHECK ("operation" IN ('create', 'edit', 'inspect')),
  "payload_id" VARCHAR(250) NOT NULL,
  "buyer_cookie" TEXT NOT NULL,
  "lang" VARCHAR(35) NOT NULL,
  "from_credentials" JSONB NOT NULL,
  "to_credentials" JSONB NOT NULL,
  "ship_to" JSONB,
  "initial_lines" JSONB NOT NULL DEFAULT '[]',
  "encoding" VARCHAR(20) NOT NULL
);

-- payloadIDs of accepted setup requests per client, so a replayed request opens nothing; rows older
-- than 24 hours are pruned by the setup itself.
CREATE TABLE "cxml_payload" (
  "client_id" UUID NOT NULL REFERENCES "oauth_client"("id") ON DELETE CASCADE,
  "payload_id" VARCHAR(250) NOT NULL,
  "received_at" TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("client_id", "payload_id")
);
CREATE INDEX "cxml_payload_received_at_idx" ON "cxml_payload" ("received_at");
