import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IsParsableUrl } from './parsable-url.decorator';

const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const normalized = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
  if (['false', '0', 'no', 'off'].includes(normalized)) return false;
  return value;
};

/**
 * Every environment variable the gateway reads: its rules (decorators), its default (initializer) and
 * its documentation (the comment above it; the first variable of a group carries `@section`, a
 * computed default `@default`). This class is the one definition: the loader reads the names from
 * it, and `npm run docs:config` writes docs/configuration.md and .env.example from it (a test fails
 * when they differ). A new variable needs a comment here, nothing else.
 */
export class EnvironmentVariables {
  /**
   * `production` requires `DATABASE_URL` (the embedded database is for trials and development).
   * @section Server: where it listens and how it runs
   */
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  /** HTTP listen port. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** HTTP listen address (`127.0.0.1` to accept local connections only, e.g. behind a proxy on the same host). */
  @IsString()
  HOST = '0.0.0.0';

  /**
   * Absolute base URL that browsers and callers use to reach the gateway (punchout `redirectUrl`, image
   * URLs). Behind a TLS proxy this is the proxy's `https://` address.
   * @default `http://localhost:$PORT`
   */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  @IsParsableUrl()
  PUBLIC_URL?: string;

  /**
   * Trust `X-Forwarded-For`/`-Proto` from a reverse proxy (the client address for rate limits, logs and
   * the audit trail). Set it only when every request comes through a proxy that overwrites the header.
   */
  @Transform(toBoolean)
  @IsBoolean()
  TRUST_PROXY = false;

  /** Largest request body accepted, in bytes (larger: 413 `request_too_large`). */
  @Type(() => Number)
  @IsInt()
  @Min(1_024)
  @Max(10_485_760)
  BODY_LIMIT_BYTES = 65_536;

  /** On SIGTERM, how long in-flight requests may take to finish before the process exits anyway (ms). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(600_000)
  SHUTDOWN_TIMEOUT_MS = 10_000;

  /** Log level. Logs are JSON lines on stdout; credentials and one-time tokens are redacted. */
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' = 'info';

  /**
   * The request line and headers must arrive within this (slowloris); later: 408 and closed (ms).
   * @section HTTP connections: slow, idle and too many clients
   */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_HEADERS_TIMEOUT_MS = 10_000;

  /** The whole request, body included, must arrive within this (ms; at least `HTTP_HEADERS_TIMEOUT_MS`). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  HTTP_REQUEST_TIMEOUT_MS = 30_000;

  /** A connection without traffic in either direction for this long is closed (ms; keep it above `DATABASE_STATEMENT_TIMEOUT_MS`). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  HTTP_IDLE_TIMEOUT_MS = 60_000;

  /** An idle keep-alive connection is closed after this long (ms; Node adds up to 1 s of grace). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 5_000;

  /**
   * Open connections per process; more are closed at once until some end. Cut and refused connections
   * are summed in one `Connections` warning per minute at most.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  HTTP_MAX_CONNECTIONS = 1_000;

  /**
   * PostgreSQL connection URL (`postgresql://user:password@host:5432/db`). Unset: an embedded
   * PostgreSQL is started, with its data in `EMBEDDED_DATABASE_DIR`, listening on 127.0.0.1 only.
   * @section Database
   * @default unset: the embedded database
   */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgresql:// URL' })
  @IsParsableUrl()
  DATABASE_URL?: string;

  /** Connections per process. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_MAX = 10;

  /** How long a request waits for a connection before it fails with 503 `service_unavailable` (ms). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(120_000)
  DATABASE_CONNECT_TIMEOUT_MS = 5_000;

  /** Idle connections are closed after this long (ms). */
  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  @Max(3_600_000)
  DATABASE_IDLE_TIMEOUT_MS = 30_000;

  /** The longest a single SQL statement may run (PostgreSQL `statement_timeout`, ms). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  DATABASE_STATEMENT_TIMEOUT_MS = 15_000;

  /**
   * Client-side bound on waiting for any query's answer (ms): ends a request with 503 even when the
   * network to PostgreSQL stalls and the server's `statement_timeout` cannot answer. The default lets
   * the server-side cancel come first.
   * @default `DATABASE_STATEMENT_TIMEOUT_MS` + 5000
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  DATABASE_QUERY_TIMEOUT_MS?: number;

  /**
   * Bound on each long maintenance statement after a bulk load (ms): the table rewrite (`CLUSTER`) and
   * statistics (`ANALYZE`, `VACUUM ANALYZE`) that end `gateway catalog demo` and large imports, which
   * take about a minute at 1,000,000 products and so run outside the query bounds above (server and client side).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  @Max(86_400_000)
  DATABASE_MAINTENANCE_TIMEOUT_MS = 1_800_000;

  /**
   * Client-side bound on waiting for a read's answer (ms): a SELECT outside a transaction, or any
   * statement of a read-only transaction (search). Tighter than `DATABASE_QUERY_TIMEOUT_MS`, so API reads
   * in flight when the network to PostgreSQL stalls turn into 503s within seconds; writes keep theirs.
   */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  DATABASE_READ_TIMEOUT_MS = 5_000;

  /**
   * The longest a statement waits for a lock (PostgreSQL `lock_timeout`, ms): a table locked by a
   * migration or a maintenance job, or a row another transaction holds, ends the request with 503
   * `service_unavailable` and `Retry-After` instead of a 500 at the statement timeout. Keep it below
   * `DATABASE_READ_TIMEOUT_MS`, so writes and reads give up alike; 0 waits as long as the statement
   * timeout allows. Maintenance after a bulk load and the first-start demo catalog wait without it.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(600_000)
  DATABASE_LOCK_TIMEOUT_MS = 4_000;

  /**
   * PostgreSQL streaming replicas (hot standbys of `DATABASE_URL`), comma-separated `postgresql://` URLs.
   * Search, product details and the shop's reads are spread across the usable ones (round-robin); writes,
   * tokens, sessions, audit and the catalog version always go to `DATABASE_URL`. Unset: everything reads
   * the primary.
   * @default unset: no replicas
   */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/[^\s,]+(\s*,\s*postgres(ql)?:\/\/[^\s,]+)*$/, {
    message: 'DATABASE_REPLICA_URLS must be comma-separated postgresql:// URLs',
  })
  @IsParsableUrl({ list: true })
  DATABASE_REPLICA_URLS?: string;

  /**
   * A replica further behind the primary than this (ms) is skipped until it catches up; with none
   * usable, reads go to the primary. Measured against the primary's WAL position every
   * `DATABASE_REPLICA_CHECK_MS`, so the bound holds to within one check.
   */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  DATABASE_REPLICA_MAX_LAG_MS = 2_000;

  /** How often each process checks every replica's lag and state (ms). */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  @Max(60_000)
  DATABASE_REPLICA_CHECK_MS = 500;

  /**
   * Where the gateway keeps the files it makes itself: the embedded PostgreSQL (`postgres/`, its
   * password beside it) and a generated audit signing key. The same for the server and every CLI
   * command, whatever the current directory.
   * @default `.data` in the installation directory (beside `dist/` and `bin/`)
   */
  @IsOptional()
  @IsString()
  @MaxLength(500)
  DATA_DIR?: string;

  /**
   * Where the embedded PostgreSQL keeps its data when `DATABASE_URL` is not set.
   * @default `DATA_DIR/postgres`
   */
  @IsOptional()
  @IsString()
  @MaxLength(500)
  EMBEDDED_DATABASE_DIR?: string;

  /** Port of the embedded PostgreSQL (bound to 127.0.0.1 only). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  EMBEDDED_DATABASE_PORT = 54329;

  /** Apply pending migrations at start (under PostgreSQL's advisory lock, so replicas may start together). */
  @Transform(toBoolean)
  @IsBoolean()
  MIGRATE_ON_START = true;

  /**
   * Redis for rate-limit counters shared by replicas (`redis://` or `rediss://`). Unset: each process
   * counts alone.
   * @section Redis
   */
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  @IsParsableUrl()
  REDIS_URL?: string;

  /**
   * How long a request waits for its rate-limit counter update in Redis before it is counted in
   * memory instead (a stalled Redis), in ms. An answer already received when the time is up still
   * counts, so a burst that blocks the event loop is not taken for an outage.
   */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  @Max(10_000)
  REDIS_COMMAND_TIMEOUT_MS = 1_000;

  /**
   * Access token lifetime in seconds.
   * @section Tokens
   */
  @Type(() => Number)
  @IsInt()
  @Min(30)
  @Max(3_600)
  TOKEN_TTL_SECONDS = 300;

  /**
   * How long a resolved bearer token (and the token endpoint's client and user lookup) is cached per
   * process (ms, 0 = off): a revocation made through another replica takes effect within this bound.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000)
  TOKEN_CACHE_TTL_MS = 2_000;

  /** Entries in that cache per process. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  TOKEN_CACHE_MAX_ENTRIES = 10_000;

  /** Expired tokens are kept this many days as the record of who was issued what, then purged. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(3_650)
  TOKEN_RETENTION_DAYS = 30;

  /** How often expired tokens past retention are purged (seconds; 0 = never, e.g. when a cron job does it). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(86_400)
  TOKEN_PURGE_INTERVAL_SECONDS = 3_600;

  /**
   * Every rate limit counts requests (points, for weighted searches) per window of this many seconds;
   * a limit of 0 means unlimited. Refused requests answer 429 with `Retry-After`, `RateLimit` and
   * `RateLimit-Policy`.
   * @section Rate limits
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3_600)
  RATE_LIMIT_WINDOW_SECONDS = 60;

  /** Granted tokens (successful client authentications) per window per `client_id`. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  TOKEN_RATE_LIMIT_PER_CLIENT = 600;

  /** Token and revocation requests per window per source address, whatever they carry. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  TOKEN_RATE_LIMIT_PER_ADDRESS = 1_200;

  /**
   * Failed client authentications per window per `client_id` and source address: wrong secrets sent
   * from elsewhere never lock the owner out.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  TOKEN_RATE_LIMIT_FAILURES = 30;

  /**
   * Failed bearer authentications (a token that is malformed, unknown, expired or revoked) per window
   * and source address; past it the address gets 429 with Retry-After until the window ends (0 = unlimited).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  BEARER_RATE_LIMIT_FAILURES_PER_ADDRESS = 120;

  /** API points per window per user, in each route group (a search by its measured database time, anything else 1). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  API_RATE_LIMIT_PER_USER = 600;

  /** API points per window per OAuth client (all its users together), in each route group. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  API_RATE_LIMIT_PER_CLIENT = 6_000;

  /**
   * Per route group overrides of the two limits above: `group=perUser/perClient` pairs, comma
   * separated; groups `search`, `product`, `punchout`, `guidance`, `audit`, `api`. Example:
   * `search=300/3000,audit=60/600`.
   */
  @IsOptional()
  @Matches(
    /^((search|product|punchout|guidance|audit|api)=\d{1,8}\/\d{1,8})(,(search|product|punchout|guidance|audit|api)=\d{1,8}\/\d{1,8})*$/,
    {
      message:
        'RATE_LIMIT_GROUPS must be group=perUser/perClient pairs separated by commas (groups: search, product, punchout, guidance, audit, api)',
    },
  )
  RATE_LIMIT_GROUPS?: string;

  /** Punchout page requests per window per punchout session. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  PUNCHOUT_PAGES_RATE_LIMIT_PER_SESSION = 600;

  /** Punchout page requests per window per source address, any session or none. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  PUNCHOUT_PAGES_RATE_LIMIT_PER_ADDRESS = 1_200;

  /**
   * OCI call-ups and cXML setup requests per window per OAuth client (its secret checked), whatever
   * the address: each may open a session and writes the audit trail, so one client's flood is cut
   * off before it does either (0 = unlimited).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  PUNCHOUT_ENTRY_RATE_LIMIT_PER_CLIENT = 600;

  /**
   * Compliance console sign-in requests (the link's page and POST, single sign-on's start and
   * callback, sign-out) per window per source address: public routes that read or write the
   * database before anyone is signed in.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  CONSOLE_SIGN_IN_RATE_LIMIT_PER_ADDRESS = 60;

  /**
   * Compliance console page requests per window per signed-in auditor (every console page and export
   * of every tab and console session of that user together).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  CONSOLE_RATE_LIMIT_PER_USER = 120;

  /** Public product image requests per window per source address. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  IMAGES_RATE_LIMIT_PER_ADDRESS = 2_400;

  /** Prefix of the rate-limit keys in Redis (several gateways can share one Redis). */
  @Matches(/^[A-Za-z0-9:._-]{1,64}$/, {
    message: 'RATE_LIMIT_REDIS_PREFIX must be 1-64 of A-Z a-z 0-9 : . _ -',
  })
  RATE_LIMIT_REDIS_PREFIX = 'mpg:rl:';

  /**
   * Language of the API's names and prices and of every page (shop, console, test bench, errors) when
   * `Accept-Language` names none of `en`, `de`.
   * @section Search, product details and their caches
   */
  @IsIn(['en', 'de'])
  DEFAULT_LANGUAGE: 'en' | 'de' = 'en';

  /**
   * Currency of the connected marketplace account (ISO 4217): search shows an offer in it where a
   * result has a buyable one, and its price filter and price facet are in it.
   */
  @Matches(/^[A-Z]{3}$/, { message: 'MARKETPLACE_CURRENCY must be an ISO 4217 code such as EUR' })
  MARKETPLACE_CURRENCY = 'EUR';

  /** Search counts are exact up to this many matches, reported as a lower bound (`gte`) above. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  SEARCH_COUNT_CAP = 10_000;

  /** Facets are computed over at most this many text matches (bounded work per search). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(1_000_000)
  SEARCH_FACET_SAMPLE = 1_000;

  /**
   * At most this many feature facets (the catalog's features most matches in a category share) a
   * search answers with; 0 offers none (a selected feature filter still applies and shows).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10)
  SEARCH_FEATURE_FACETS = 4;

  /** `statement_timeout` of a search's transaction (ms): a search past it answers 503 with `Retry-After`. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  SEARCH_STATEMENT_TIMEOUT_MS = 3_000;

  /**
   * Searches one user may run at once (API, OCI background search and punchout pages together, across
   * replicas when `REDIS_URL` is set), so no user holds more than a share of the database connections;
   * one more waits up to `SEARCH_CONCURRENT_WAIT_MS`, then answers 429 with `Retry-After` (0 = unlimited).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000)
  SEARCH_CONCURRENT_PER_USER = 2;

  /** How long a search waits for one of its user's `SEARCH_CONCURRENT_PER_USER` slots before the 429 (ms). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60_000)
  SEARCH_CONCURRENT_WAIT_MS = 1_000;

  /**
   * A search's rate-limit points by its measured database time: one point per this many ms of
   * statement time (docs/rate-limits.md, "Weighted searches"); the estimate charged up front counts towards it.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(60_000)
  SEARCH_COST_MS_PER_POINT = 25;

  /** Search response bodies cached per process (0 = off: every search runs its queries). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  SEARCH_CACHE_MAX_ENTRIES = 2_000;

  /** Memory the cached search bodies may hold, in MiB (UTF-8 bytes of the bodies and their keys). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(4_096)
  SEARCH_CACHE_MAX_MB = 16;

  /** How long a cached search body is served at most (ms; imports and rule changes replace it sooner). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3_600_000)
  SEARCH_CACHE_TTL_MS = 60_000;

  /** Product rows cached per process for product details (0 = off). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  PRODUCT_CACHE_MAX_ENTRIES = 20_000;

  /**
   * Memory the product rows may hold, in MiB (counted as their JSON at two bytes per character); the
   * rendered bodies get the same again.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(4_096)
  PRODUCT_CACHE_MAX_MB = 48;

  /**
   * How often (at most) a process looks at the catalog version (ms): an import reaches the product and
   * search caches of every replica within it.
   * @default `PRODUCT_CACHE_VERSION_CHECK_MS` (1000)
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60_000)
  CATALOG_VERSION_CHECK_MS?: number;

  /** The older name of `CATALOG_VERSION_CHECK_MS`, read when that one is not set. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60_000)
  PRODUCT_CACHE_VERSION_CHECK_MS = 1_000;

  /**
   * How often offers are checked against their price's validity (seconds; 0 = never): an offer whose
   * end has passed is withdrawn and one whose start has come is offered, within this bound. Reads leave
   * out an ended offer at once where it is cheap (product details, carts).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(86_400)
  OFFER_VALIDITY_CHECK_SECONDS = 300;

  /**
   * How long a process reuses an organization's loaded buying guidance rules (ms, 0 = off): a change
   * made through another replica shows on this one within this bound (through this one at once).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60_000)
  GUIDANCE_CACHE_TTL_MS = 5_000;

  /**
   * A punchout's `redirectUrl` (its one-time start token) must be opened within this many seconds.
   * @section Punchout
   */
  @Type(() => Number)
  @IsInt()
  @Min(10)
  @Max(86_400)
  PUNCHOUT_START_TTL_SECONDS = 300;

  /** An opened punchout session expires after this many seconds without a page view or change (an empty cart goes back). */
  @Type(() => Number)
  @IsInt()
  @Min(60)
  @Max(86_400)
  PUNCHOUT_IDLE_TTL_SECONDS = 3_600;

  /**
   * Who may frame the punchout pages beyond the session's own procurement system (its HOOK_URL's
   * origin and its client's allowed callback origins, always allowed): space-separated origins such
   * as `https://portal.example.com` (an SAP portal framing SRM), `'self'`, or `*` for any site.
   */
  @IsOptional()
  @Matches(/^$|^[^\s;,'"]+( [^\s;,'"]+)*$|^'self'$/, {
    message: "PUNCHOUT_FRAME_ANCESTORS must be empty, *, 'self' or space-separated origins",
  })
  PUNCHOUT_FRAME_ANCESTORS = '';

  /** OCI `NEW_ITEM-UNIT` sent when an offer names no unit of its own (UN/ECE Rec. 20 code). */
  @Matches(/^[A-Z0-9]{1,3}$/, { message: 'OCI_DEFAULT_UNIT must be 1-3 of A-Z 0-9 (UN/ECE Rec. 20 code)' })
  OCI_DEFAULT_UNIT = 'PCE';

  /** cXML `UnitOfMeasure` sent when an offer names no unit of its own (UN/ECE Rec. 20 code; cXML buyers expect `EA`). */
  @Matches(/^[A-Z0-9]{1,3}$/, { message: 'CXML_DEFAULT_UNIT must be 1-3 of A-Z 0-9 (UN/ECE Rec. 20 code)' })
  CXML_DEFAULT_UNIT = 'EA';

  /** Largest cXML setup request accepted at `POST /punchout/cxml`, in bytes (a larger one is refused before parsing). */
  @Type(() => Number)
  @IsInt()
  @Min(4_096)
  @Max(10_485_760)
  CXML_MAX_BYTES = 262_144;

  /**
   * An ordered line whose unit price differs from the transferred cart line's by more than this share
   * of it (percent, up to two decimals) is marked `price_changed`; 0 marks every difference.
   * @section Purchase orders
   */
  @Type(() => Number)
  @IsNumber(
    { maxDecimalPlaces: 2 },
    { message: 'ORDER_PRICE_TOLERANCE_PERCENT must be a number with at most two decimals' },
  )
  @Min(0)
  @Max(100)
  ORDER_PRICE_TOLERANCE_PERCENT = 0;

  /**
   * An order with a line whose offer is blocked for the organization now: `refuse` answers 403 and
   * stores nothing but the refusal; `flag` accepts it with the finding `blocked`.
   */
  @IsIn(['refuse', 'flag'])
  ORDER_BLOCKED: 'refuse' | 'flag' = 'refuse';

  /** A line ordered more than this many days after its cart was transferred is marked `stale_cart`. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(3_650)
  ORDER_CART_MAX_AGE_DAYS = 7;

  /** The first retry of a failed delivery comes after about this long (ms); each further one waits twice as long, with jitter. */
  @Type(() => Number)
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  ORDER_DELIVERY_FIRST_RETRY_MS = 30_000;

  /** Delivery is retried until this long after the order came in (seconds); then it is `failed` until `gateway orders redeliver`. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_592_000)
  ORDER_DELIVERY_HORIZON_SECONDS = 86_400;

  /** Bound on each delivery to a supplier's order endpoint: connecting, sending and the answer (ms). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(120_000)
  ORDER_DELIVERY_TIMEOUT_MS = 10_000;

  /** How often each replica looks for due deliveries (ms); a new order is also delivered at once. */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  @Max(600_000)
  ORDER_DELIVERY_POLL_MS = 2_000;

  /** Deliveries each replica sends at once. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(64)
  ORDER_DELIVERY_CONCURRENCY = 4;

  /**
   * PEM (PKCS#8) Ed25519 private key that signs audit checkpoints (`gateway audit keygen` writes one).
   * Set it in production: every replica mounts the same file, and a copy is kept where the database
   * administrator cannot reach it. Unset: generated once in `DATA_DIR` (production logs a warning).
   * @section Audit trail
   * @default `DATA_DIR/audit-signing-key.pem`, generated
   */
  @IsOptional()
  @IsString()
  @MaxLength(4_096)
  AUDIT_SIGNING_KEY_FILE?: string;

  /** How often each replica logs a signed checkpoint (`audit_checkpoint`) of every changed audit chain (seconds, 0 = never). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(86_400)
  AUDIT_CHECKPOINT_INTERVAL_SECONDS = 300;

  /**
   * How old the compliance console's last walk of an organization's whole audit chain may grow before
   * a dashboard view starts the next one in the background (seconds). Page views in between check only
   * the events appended since; "Verify the whole chain now" walks it at any time.
   */
  @Type(() => Number)
  @IsInt()
  @Min(60)
  @Max(604_800)
  AUDIT_VERIFY_WHOLE_CHAIN_EVERY_SECONDS = 3_600;

  /**
   * Single sign-on to the compliance console: the OpenID provider's issuer URL (its discovery document
   * is `<issuer>/.well-known/openid-configuration`). Set it with `CONSOLE_OIDC_CLIENT_ID` and
   * `CONSOLE_OIDC_CLIENT_SECRET`; unset, auditors sign in with one-time links only. `https://`, or
   * `http://` on a loopback address (a provider on the same host). See docs/audit-console.md.
   * @section Compliance console single sign-on (OpenID Connect)
   */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  @IsParsableUrl()
  @MaxLength(2_048)
  CONSOLE_OIDC_ISSUER?: string;

  /** The client id the OpenID provider gave the gateway's console. */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  CONSOLE_OIDC_CLIENT_ID?: string;

  /** The client's secret (sent to the token endpoint with HTTP Basic authentication; never logged). */
  @IsOptional()
  @IsString()
  @MaxLength(1_024)
  CONSOLE_OIDC_CLIENT_SECRET?: string;

  /** The provider's name on the sign-in button ("Sign in with Acme ID"); default: "single sign-on". */
  @IsOptional()
  @IsString()
  @MaxLength(60)
  CONSOLE_OIDC_NAME?: string;

  /** Bound on each request to the OpenID provider (discovery, token, user info), in seconds. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(60)
  CONSOLE_OIDC_TIMEOUT_SECONDS = 5;

  /**
   * The punchout test bench at `/test-bench`: a page that plays the procurement system (call-up,
   * shop, and its own HOOK_URL receiver). Default: on unless `NODE_ENV=production`.
   * @section Punchout test bench
   */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  TEST_BENCH?: boolean;

  /**
   * Largest catalog file an administrator may send to `POST /api/v1/catalog/imports`, in bytes (a
   * larger one is refused with 413 as soon as it is seen). The body is streamed to a file in DATA_DIR,
   * never held in memory, and imported from there.
   * @section Supplier catalog imports
   */
  @Type(() => Number)
  @IsInt()
  @Min(1_024)
  @Max(10_737_418_240)
  CATALOG_IMPORT_MAX_BYTES = 1_073_741_824;

  /**
   * On an empty database, create the demo organization, client, users and guidance rules at start.
   * @section Demo data (first start)
   */
  @Transform(toBoolean)
  @IsBoolean()
  SEED_DEMO = true;

  /** Size of the demo catalog generated on first start (`SEED_DEMO=true` and no products yet; 0 = none). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  DEMO_CATALOG_PRODUCTS = 5_000;

  /** Fixes the demo client's id (otherwise generated and printed once at first start). */
  @IsOptional()
  @Matches(/^[A-Za-z0-9._~-]{8,100}$/, { message: 'DEMO_CLIENT_ID must be 8-100 URL-safe characters' })
  DEMO_CLIENT_ID?: string;

  /** Fixes the demo client's secret (otherwise generated and printed once at first start). */
  @IsOptional()
  @Matches(/^[A-Za-z0-9._~-]{24,200}$/, { message: 'DEMO_CLIENT_SECRET must be 24-200 URL-safe characters' })
  DEMO_CLIENT_SECRET?: string;
}
