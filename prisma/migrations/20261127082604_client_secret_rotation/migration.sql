-- Client secret rotation (`gateway client rotate-secret --grace`): the replaced secret's SHA-256 keeps
-- working until previous_secret_expires_at, so a procurement system can switch without a failed call.
ALTER TABLE "oauth_client" ADD COLUMN "previous_secret_hash" BYTEA;
ALTER TABLE "oauth_client" ADD COLUMN "previous_secret_expires_at" TIMESTAMPTZ(3);
