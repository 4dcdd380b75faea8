export const CLI_USAGE = `Usage: gateway <command> [options]     (or: npm run cli -- <command> [options])

Organizations and access
  org create <slug> --name <name>
  org list
  client create --org <slug> [--name <name>] [--callback-origin <origin>]...
                  prints the client id and its secret; the secret is shown this once only
  client list --org <slug>
  client revoke <clientId>          revokes the client and all its tokens
  user add --org <slug> --email <email> [--name <name>] [--role buyer|admin|auditor]...
  user list --org <slug>
  user disable --org <slug> --email <email>     disables the user and revokes their tokens
  user roles --org <slug> --email <email> --role buyer|admin|auditor [--role ...]
                  replaces the user's roles
  token revoke-user --org <slug> --email <email>
                  revokes the user's live tokens (the user stays enabled)

Catalog
  catalog demo [--products <n>] [--seed <s>]
                  generates the deterministic demo catalog (default 5000 products, seed 1;
                  up to 1000000), upserting by product code; progress on stderr
  catalog import <file> [--format jsonl|csv] [--strict]
                  imports products (JSON Lines, or CSV with one row per offer); bad rows are
                  reported with their line and skipped, or with --strict nothing is written

Buying guidance
  guidance add --org <slug> --effect preferred|blocked --matcher <matcher> --value <value>
               [--currency <ISO 4217>] [--note <text>]
                  matchers: vendor, product, product_code, brand, category (with its subtree),
                  unspsc_prefix, condition, price_above (needs --currency); blocked beats preferred
  guidance list --org <slug> [--all]     active rules, or with --all also disabled ones
  guidance remove --org <slug> <ruleId>  disables the rule (it stays in the history)

Audit trail
  audit verify --org <slug> [--checkpoint <file>]...
                  checks the chain from event 1 (and against signed checkpoints: a JSON file, JSON
                  Lines, or log lines of type audit_checkpoint); exit 1 names the first broken event
  audit head --org <slug>          prints a fresh signed checkpoint and the public key
  audit export --org <slug> --format jsonl|csv [--from <time>] [--to <time>] [--out <file>]
                  streams the events (to stdout without --out); verify offline with
                  npm run audit:verify-file -- <file.jsonl> [--public-key <pem>] [--checkpoint <file>]
  audit keygen [--out <file>]      writes a new Ed25519 signing key (mode 0600; default
                  AUDIT_SIGNING_KEY_FILE or ./.data/audit-signing-key.pem) and prints its public key
  audit console-link --org <slug> --email <email>
                  prints a one-time sign-in link to the compliance console for an auditor
                  (expires after 10 minutes, works once)

Database
  db migrate                        applies pending migrations (the gateway also does at start)
  db status                         lists migrations and their state

Every command accepts --json for machine-readable output. The database is DATABASE_URL, or the
embedded one (reused when a gateway is running, started for the command otherwise).
`;
