import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const normalized = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
  if (['false', '0', 'no', 'off'].includes(normalized)) return false;
  return value;
};

/**
 * Every environment variable the gateway reads, with its rules and default.
 * `.env.example` and the README's table list the same variables; keep the three in step.
 */
export class EnvironmentVariables {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /** Absolute base URL browsers use to reach the gateway (punchout redirectUrl, image URLs). */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  PUBLIC_URL?: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgresql:// URL' })
  DATABASE_URL?: string;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_MAX = 10;

  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(120_000)
  DATABASE_CONNECT_TIMEOUT_MS = 5_000;

  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  @Max(3_600_000)
  DATABASE_IDLE_TIMEOUT_MS = 30_000;

  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  DATABASE_STATEMENT_TIMEOUT_MS = 15_000;

  /**
   * Client-side bound on any query (node-postgres query_timeout): ends a request even when the
   * network to PostgreSQL stalls and the server's statement_timeout cannot answer. Default:
   * DATABASE_STATEMENT_TIMEOUT_MS + 5000, so the server-side cancel normally comes first.
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  DATABASE_QUERY_TIMEOUT_MS?: number;

  /** Where the embedded PostgreSQL keeps its data when DATABASE_URL is not set. */
  @IsString()
  @MaxLength(500)
  EMBEDDED_DATABASE_DIR = './.data/postgres';

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  EMBEDDED_DATABASE_PORT = 54329;

  @Transform(toBoolean)
  @IsBoolean()
  MIGRATE_ON_START = true;

  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  /**
   * How long a request waits for its rate-limit counter update in Redis before it is counted in
   * memory instead (a stalled Redis). An answer already received when the time is up still counts
   * (rate-limit/lag-tolerant-timeout.ts): a burst that blocks the event loop is not an outage.
   */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  @Max(10_000)
  REDIS_COMMAND_TIMEOUT_MS = 1_000;

  @Type(() => Number)
  @IsInt()
  @Min(30)
  @Max(3_600)
  TOKEN_TTL_SECONDS = 300;

  /** How long a resolved bearer token is cached per process (0 = off); bounds how late a revocation bites. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000)
  TOKEN_CACHE_TTL_MS = 2_000;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  TOKEN_CACHE_MAX_ENTRIES = 10_000;

  /** How long a process reuses an organization's loaded guidance rules (0 = off); bounds how late another replica's change shows. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60_000)
  GUIDANCE_CACHE_TTL_MS = 5_000;

  /** Product rows cached per process for product details (0 = off). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  PRODUCT_CACHE_MAX_ENTRIES = 20_000;

  /** Memory the product rows may hold, in MiB (counted as their JSON at two bytes per character); the rendered bodies get the same again. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(4_096)
  PRODUCT_CACHE_MAX_MB = 48;

  /** The older name of CATALOG_VERSION_CHECK_MS, used when that one is not set. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60_000)
  PRODUCT_CACHE_VERSION_CHECK_MS = 1_000;

  /**
   * How often (at most) a process looks at the catalog version: an import reaches the product and the
   * search caches of every replica within it. Default: PRODUCT_CACHE_VERSION_CHECK_MS (1,000).
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60_000)
  CATALOG_VERSION_CHECK_MS?: number;

  /** Expired tokens are kept this long as the record of who was issued what, then purged. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(3_650)
  TOKEN_RETENTION_DAYS = 30;

  /** How often expired tokens past retention are purged (0 = never, e.g. when a cron does it). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(86_400)
  TOKEN_PURGE_INTERVAL_SECONDS = 3_600;

  /** Rate limits count requests (points, for weighted routes) per window of this length. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3_600)
  RATE_LIMIT_WINDOW_SECONDS = 60;

  /** Token endpoint requests per window per client_id (0 = unlimited). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  TOKEN_RATE_LIMIT_PER_CLIENT = 600;

  /** Token endpoint requests per window per source address (0 = unlimited). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  TOKEN_RATE_LIMIT_PER_ADDRESS = 1_200;

  /** Authenticated API requests per window per user (0 = unlimited). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  API_RATE_LIMIT_PER_USER = 600;

  /** Authenticated API points per window per OAuth client, all its users together (0 = unlimited). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  API_RATE_LIMIT_PER_CLIENT = 6_000;

  /**
   * Per route group overrides of the two limits above: `group=perUser/perClient` pairs, comma
   * separated, groups search, product, punchout, guidance, audit, api (e.g. `search=300/3000`).
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

  /** Failed client authentications at the token endpoint per window per client_id and address. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  TOKEN_RATE_LIMIT_FAILURES = 30;

  /** Punchout page requests per window per punchout session (0 = unlimited). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  PUNCHOUT_PAGES_RATE_LIMIT_PER_SESSION = 600;

  /** Punchout page requests per window per source address, any session or none (0 = unlimited). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  PUNCHOUT_PAGES_RATE_LIMIT_PER_ADDRESS = 1_200;

  /** Public product image requests per window per source address (0 = unlimited). */
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

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' = 'info';

  @Transform(toBoolean)
  @IsBoolean()
  SEED_DEMO = true;

  @IsOptional()
  @Matches(/^[A-Za-z0-9._~-]{8,100}$/, { message: 'DEMO_CLIENT_ID must be 8-100 URL-safe characters' })
  DEMO_CLIENT_ID?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9._~-]{24,200}$/, { message: 'DEMO_CLIENT_SECRET must be 24-200 URL-safe characters' })
  DEMO_CLIENT_SECRET?: string;

  /** Language of search names and prices when Accept-Language names none of en, de. */
  @IsIn(['en', 'de'])
  DEFAULT_LANGUAGE: 'en' | 'de' = 'en';

  /**
   * Currency of the connected marketplace account (ISO 4217): search shows an offer in it where a
   * result has a buyable one, and its price filter and price facet are in it.
   */
  @Matches(/^[A-Z]{3}$/, { message: 'MARKETPLACE_CURRENCY must be an ISO 4217 code such as EUR' })
  MARKETPLACE_CURRENCY = 'EUR';

  /** Search counts are exact up to this many matches, reported as a lower bound ("gte") above. */
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

  /** statement_timeout of a search's transaction: one search cannot hold a core longer than this. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  SEARCH_STATEMENT_TIMEOUT_MS = 3_000;

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

  /** How long a cached search body is served at most (imports and rule changes replace it sooner). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3_600_000)
  SEARCH_CACHE_TTL_MS = 60_000;

  /** Size of the demo catalog generated on first start (SEED_DEMO=true and no products yet). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  DEMO_CATALOG_PRODUCTS = 5_000;

  /** Trust X-Forwarded-* from a reverse proxy (client address for rate limits and logs). */
  @Transform(toBoolean)
  @IsBoolean()
  TRUST_PROXY = false;

  @Type(() => Number)
  @IsInt()
  @Min(1_024)
  @Max(10_485_760)
  BODY_LIMIT_BYTES = 65_536;

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(600_000)
  SHUTDOWN_TIMEOUT_MS = 10_000;

  /** The request line and headers must arrive within this (slowloris); answered 408 and closed. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_HEADERS_TIMEOUT_MS = 10_000;

  /** The whole request, body included, must arrive within this (at least HTTP_HEADERS_TIMEOUT_MS). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  HTTP_REQUEST_TIMEOUT_MS = 30_000;

  /** A connection without any traffic in either direction for this long is closed. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  HTTP_IDLE_TIMEOUT_MS = 60_000;

  /** An idle keep-alive connection is closed after this long. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 5_000;

  /** Open connections per process; more are refused (closed at once) until some end. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  HTTP_MAX_CONNECTIONS = 1_000;

  /** A punchout's redirectUrl (its one-time start token) must be opened within this many seconds. */
  @Type(() => Number)
  @IsInt()
  @Min(10)
  @Max(86_400)
  PUNCHOUT_START_TTL_SECONDS = 300;

  /** An opened punchout session expires after this many seconds without a page view or change. */
  @Type(() => Number)
  @IsInt()
  @Min(60)
  @Max(86_400)
  PUNCHOUT_IDLE_TTL_SECONDS = 3_600;

  /**
   * CSP frame-ancestors of the punchout pages: '*' (procurement suites frame punchout), 'none', 'self',
   * or a space-separated list of origins.
   */
  @Matches(/^[^\s;,'"]+( [^\s;,'"]+)*$|^'(none|self)'$/, {
    message: "PUNCHOUT_FRAME_ANCESTORS must be *, 'none', 'self' or space-separated origins",
  })
  PUNCHOUT_FRAME_ANCESTORS = '*';

  /** OCI UNIT sent when an offer names no unit of its own (UN/ECE Rec. 20 code). */
  @Matches(/^[A-Z0-9]{1,3}$/, { message: 'OCI_DEFAULT_UNIT must be 1-3 of A-Z 0-9 (UN/ECE Rec. 20 code)' })
  OCI_DEFAULT_UNIT = 'PCE';

  /**
   * PEM (PKCS#8) Ed25519 private key that signs audit checkpoints (`gateway audit keygen` writes one).
   * Unset: generated once under ./.data/audit-signing-key.pem (a loud warning in production).
   */
  @IsOptional()
  @IsString()
  @MaxLength(4_096)
  AUDIT_SIGNING_KEY_FILE?: string;

  /** How often each replica logs a signed checkpoint of every changed audit chain (0 = never). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(86_400)
  AUDIT_CHECKPOINT_INTERVAL_SECONDS = 300;
}
