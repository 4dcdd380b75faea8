-- Compliance console (issue 10, section 5): one-time sign-in links and the console sessions they open.
--
-- Both store only the SHA-256 of their 256-bit random token, so a reader of the database (a backup,
-- a replica, a support query) cannot sign in as an auditor. Rows are kept after use or expiry as the
-- record of who opened the console when; nothing in them is secret.

CREATE TABLE "audit_console_link" (
    "id" UUID NOT NULL,
    "token_hash" BYTEA NOT NULL,
    "organization_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    -- Who asked for the link: the auditor's e-mail (API) or "cli:<operator>" (command line).
    "created_by" VARCHAR(320) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    -- Set when the link is spent; a link works once.
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "audit_console_link_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "audit_console_link_token_hash_key" ON "audit_console_link"("token_hash");
CREATE INDEX "audit_console_link_user_id_idx" ON "audit_console_link"("user_id");

ALTER TABLE "audit_console_link" ADD CONSTRAINT "audit_console_link_organization_id_fkey"
    FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "audit_console_link" ADD CONSTRAINT "audit_console_link_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "audit_console_session" (
    "id" UUID NOT NULL,
    -- SHA-256 of the random token in the console cookie.
    "token_hash" BYTEA NOT NULL,
    "organization_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "link_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    -- Moved forward by every console request; the session ends after 30 minutes without one.
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    -- Set on sign-out.
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "audit_console_session_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "audit_console_session_token_hash_key" ON "audit_console_session"("token_hash");
CREATE UNIQUE INDEX "audit_console_session_link_id_key" ON "audit_console_session"("link_id");
CREATE INDEX "audit_console_session_user_id_idx" ON "audit_console_session"("user_id");

ALTER TABLE "audit_console_session" ADD CONSTRAINT "audit_console_session_organization_id_fkey"
    FOREIGN KEY ("organization_id") REFERENCES "organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "audit_console_session" ADD CONSTRAINT "audit_console_session_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "audit_console_session" ADD CONSTRAINT "audit_console_session_link_id_fkey"
    FOREIGN KEY ("link_id") REFERENCES "audit_console_link"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
