-- A client's punchout secret (`gateway client punchout-secret`): a second, browser-facing credential that
-- opens punchout sessions only (the OCI call-up carries it through the buyer's browser); it never
-- obtains an API token. Only its SHA-256 is stored; NULL until the operator creates one.
ALTER TABLE "oauth_client" ADD COLUMN "punchout_secret_hash" BYTEA;
