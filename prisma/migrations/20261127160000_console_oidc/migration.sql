-- Single sign-on to the compliance console by OpenID Connect.
--
-- A sign-in attempt: the state sent to the OpenID provider, bound to the browser that started it by
-- the SHA-256 of the PKCE code verifier, which only that browser holds (in a short-lived cookie). Only
-- hashes are stored, so a reader of the database cannot finish anybody's sign-in. The nonce is not a
-- secret: the ID token echoes it. Rows are deleted a day after they expire.
CREATE TABLE "audit_console_oidc_attempt" (
    "id" UUID NOT NULL,
    "state_hash" BYTEA NOT NULL,
    "verifier_hash" BYTEA NOT NULL,
    "nonce" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    -- Set when the provider's answer arrives; an attempt is finished once.
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "audit_console_oidc_attempt_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "audit_console_oidc_attempt_state_hash_key" ON "audit_console_oidc_attempt"("state_hash");
CREATE INDEX "audit_console_oidc_attempt_expires_at_idx" ON "audit_console_oidc_attempt"("expires_at");

-- A console session opened by single sign-on has no link.
ALTER TABLE "audit_console_session" ALTER COLUMN "link_id" DROP NOT NULL;
