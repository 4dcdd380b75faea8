import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { join, resolve } from 'node:path';
import { EnvironmentVariables } from './environment.dto';
import { ENVIRONMENT_VARIABLE_NAMES } from './environment-variable-names';

/**
 * The gateway's installation: the checkout, the release bundle or the image's /app (two levels up
 * from src/config and dist/config alike). Its files follow it, not the current directory.
 */
const INSTALLATION_DIR = resolve(__dirname, '..', '..');

/** The one typed configuration object every module reads (injected as `AppConfig`). */
export class AppConfig {
  readonly nodeEnv!: EnvironmentVariables['NODE_ENV'];
  readonly port!: number;
  readonly host!: string;
  /** Base URL without a trailing slash. */
  readonly publicUrl!: string;
  /** PUBLIC_URL is not set: publicUrl is the guess http://localhost:PORT (the CLI says so). */
  readonly publicUrlIsDefault!: boolean;
  readonly database!: {
    /** Undefined until the embedded PostgreSQL has started, when DATABASE_URL is not set. */
    url: string | undefined;
    poolMax: number;
    connectTimeoutMs: number;
    idleTimeoutMs: number;
    statementTimeoutMs: number;
    /** Client-side bound on a query's answer (the network may stall where statement_timeout cannot help). */
    queryTimeoutMs: number;
    /** Client-side bound on reads (never above queryTimeoutMs). */
    readTimeoutMs: number;
    /** PostgreSQL lock_timeout of every pooled connection (0: none). */
    lockTimeoutMs: number;
    /** Server- and client-side bound on each maintenance statement after a bulk load (CLUSTER, ANALYZE). */
    maintenanceTimeoutMs: number;
    migrateOnStart: boolean;
    embedded: { dir: string; port: number };
    /** Streaming replicas for the catalog reads (read-replicas.service.ts); empty: the primary only. */
    replicas: { urls: string[]; maxLagMs: number; checkMs: number };
  };
  readonly redisUrl!: string | undefined;
  readonly tokenTtlSeconds!: number;
  readonly tokenCache!: { ttlMs: number; maxEntries: number };
  readonly guidanceCache!: { ttlMs: number };
  readonly tokenPurge!: { retentionDays: number; intervalSeconds: number };
  readonly rateLimit!: {
    windowSeconds: number;
    tokenPerClient: number;
    tokenPerAddress: number;
    apiPerUser: number;
    apiPerClient: number;
    /** Per route group overrides of apiPerUser / apiPerClient (RATE_LIMIT_GROUPS). */
    groups: Record<string, { perUser: number; perClient: number }>;
    tokenFailures: number;
    bearerFailuresPerAddress: number;
    pagesPerSession: number;
    pagesPerAddress: number;
    /** OCI call-ups and cXML setups per client (PUNCHOUT_ENTRY_RATE_LIMIT_PER_CLIENT). */
    punchoutEntryPerClient: number;
    consoleSignInPerAddress: number;
    consolePerUser: number;
    imagesPerAddress: number;
    redisPrefix: string;
    redisCommandTimeoutMs: number;
  };
  readonly logLevel!: EnvironmentVariables['LOG_LEVEL'];
  /** The punchout test bench is served (TEST_BENCH, else everywhere but production). */
  readonly testBench!: boolean;
  readonly demo!: {
    seed: boolean;
    clientId: string | undefined;
    clientSecret: string | undefined;
    catalogProducts: number;
  };
  readonly defaultLanguage!: 'en' | 'de';
  /** Currency of the connected marketplace account: search's shown price, price filter and facet. */
  readonly marketplaceCurrency!: string;
  readonly search!: {
    countCap: number;
    facetSample: number;
    /** At most this many feature facets per search (0: none offered). */
    featureFacets: number;
    statementTimeoutMs: number;
    concurrentPerUser: number;
    concurrentWaitMs: number;
    costMsPerPoint: number;
  };
  /** Search's per-process cache of response bodies (search-result-cache.ts). */
  readonly searchCache!: { maxEntries: number; maxBytes: number; ttlMs: number };
  /** Product details' per-process cache of product rows (product-cache.ts). */
  readonly productCache!: { maxEntries: number; maxBytes: number };
  /** How often (at most) the catalog version is read again (catalog-version.watcher.ts). */
  readonly catalogVersion!: { checkMs: number };
  /** The offer-validity maintenance's pause (seconds; 0 = off). */
  readonly offerValidity!: { checkSeconds: number };
  readonly trustProxy!: boolean;
  readonly bodyLimitBytes!: number;
  /** Bounds on slow and idle clients and on open connections (see connection-limits.ts). */
  readonly http!: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    idleTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnections: number;
  };
  readonly shutdownTimeoutMs!: number;
  readonly punchout!: {
    startTtlSeconds: number;
    idleTtlSeconds: number;
    /** Frame-ancestors sources of the punchout pages besides the session's own origins (PUNCHOUT_FRAME_ANCESTORS). */
    frameAncestors: string;
    /** OCI UNIT when an offer has none. */
    defaultUnit: string;
  };
  readonly cxml!: {
    /** cXML UnitOfMeasure when an offer has none. */
    defaultUnit: string;
    /** Largest setup request body, in bytes. */
    maxBytes: number;
  };
  readonly catalogImports!: {
    /** Largest catalog file the API takes, in bytes. */
    maxBytes: number;
    /** Where an uploaded file waits while it is imported (in DATA_DIR). */
    spoolDir: string;
  };
  /** Purchase orders: how they are checked against their carts and delivered (ORDER_*). */
  readonly orders!: {
    priceTolerancePercent: number;
    blocked: 'refuse' | 'flag';
    cartMaxAgeDays: number;
    delivery: {
      firstRetryMs: number;
      horizonSeconds: number;
      timeoutMs: number;
      pollMs: number;
      concurrency: number;
    };
  };
  /** Absolute: where the gateway keeps the files it makes (DATA_DIR, by default the installation's .data). */
  readonly dataDir!: string;
  readonly audit!: {
    /** Absolute path of the checkpoint signing key, or undefined (see AuditSigningKey). */
    signingKeyFile: string | undefined;
    /** Where a key is generated when AUDIT_SIGNING_KEY_FILE is not set (in DATA_DIR). */
    generatedKeyFile: string;
    checkpointIntervalSeconds: number;
    verifyWholeChainEverySeconds: number;
  };
  /** Single sign-on to the compliance console; undefined when CONSOLE_OIDC_ISSUER is not set. */
  readonly consoleOidc!:
    | {
        issuer: string;
        clientId: string;
        clientSecret: string;
        name: string | undefined;
        timeoutSeconds: number;
      }
    | undefined;

  constructor(values: Omit<AppConfig, 'withDatabaseUrl'>) {
    Object.assign(this, values);
  }

  /** The same configuration pointing at another database (embedded start-up, tests). */
  withDatabaseUrl(url: string): AppConfig {
    return new AppConfig({ ...this, database: { ...this.database, url } });
  }
}

export class ConfigValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

/** Validates the environment once; throws ConfigValidationError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw: Record<string, string> = {};
  for (const key of ENVIRONMENT_VARIABLE_NAMES) {
    const value = env[key];
    // An empty variable means "not set", as in most .env tooling.
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const vars = plainToInstance(EnvironmentVariables, raw);
  // One problem per variable: a value that is no postgresql:// URL need not also be told it does not parse.
  const errors = validateSync(vars, { whitelist: true, forbidUnknownValues: true, stopAtFirstError: true });
  const problems = errors.flatMap((error) =>
    Object.values(error.constraints ?? {}).map((message) => {
      const shown = /SECRET|PASSWORD|DATABASE_URL|DATABASE_REPLICA_URLS|REDIS_URL/.test(error.property)
        ? '(value hidden)'
        : JSON.stringify(raw[error.property]);
      return `${error.property}: ${message} (got ${shown})`;
    }),
  );
  if (vars.NODE_ENV === 'production' && !vars.DATABASE_URL) {
    problems.push('DATABASE_URL: is required when NODE_ENV=production (the embedded database is for trials)');
  }
  if (errors.length === 0 && vars.HTTP_HEADERS_TIMEOUT_MS > vars.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push('HTTP_HEADERS_TIMEOUT_MS: must not be greater than HTTP_REQUEST_TIMEOUT_MS');
  }
  if (vars.CONSOLE_OIDC_ISSUER && !(vars.CONSOLE_OIDC_CLIENT_ID && vars.CONSOLE_OIDC_CLIENT_SECRET)) {
    problems.push('CONSOLE_OIDC_ISSUER: needs CONSOLE_OIDC_CLIENT_ID and CONSOLE_OIDC_CLIENT_SECRET as well');
  }
  if (errors.length === 0 && vars.CONSOLE_OIDC_ISSUER && !secureOrLoopback(vars.CONSOLE_OIDC_ISSUER)) {
    problems.push('CONSOLE_OIDC_ISSUER: must be https:// (http:// only on a loopback address)');
  }
  if (problems.length > 0) throw new ConfigValidationError(problems);

  const dataDir = vars.DATA_DIR ? resolve(vars.DATA_DIR) : join(INSTALLATION_DIR, '.data');
  return new AppConfig({
    nodeEnv: vars.NODE_ENV,
    dataDir,
    port: vars.PORT,
    host: vars.HOST,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    publicUrlIsDefault: vars.PUBLIC_URL === undefined,
    database: {
      url: vars.DATABASE_URL,
      poolMax: vars.DATABASE_POOL_MAX,
      connectTimeoutMs: vars.DATABASE_CONNECT_TIMEOUT_MS,
      idleTimeoutMs: vars.DATABASE_IDLE_TIMEOUT_MS,
      statementTimeoutMs: vars.DATABASE_STATEMENT_TIMEOUT_MS,
      queryTimeoutMs: vars.DATABASE_QUERY_TIMEOUT_MS ?? vars.DATABASE_STATEMENT_TIMEOUT_MS + 5_000,
      readTimeoutMs: Math.min(
        vars.DATABASE_READ_TIMEOUT_MS,
        vars.DATABASE_QUERY_TIMEOUT_MS ?? vars.DATABASE_STATEMENT_TIMEOUT_MS + 5_000,
      ),
      lockTimeoutMs: vars.DATABASE_LOCK_TIMEOUT_MS,
      maintenanceTimeoutMs: vars.DATABASE_MAINTENANCE_TIMEOUT_MS,
      migrateOnStart: vars.MIGRATE_ON_START,
      embedded: {
        dir: vars.EMBEDDED_DATABASE_DIR ? resolve(vars.EMBEDDED_DATABASE_DIR) : join(dataDir, 'postgres'),
        port: vars.EMBEDDED_DATABASE_PORT,
      },
      replicas: {
        urls: (vars.DATABASE_REPLICA_URLS ?? '')
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
        maxLagMs: vars.DATABASE_REPLICA_MAX_LAG_MS,
        checkMs: vars.DATABASE_REPLICA_CHECK_MS,
      },
    },
    redisUrl: vars.REDIS_URL,
    tokenTtlSeconds: vars.TOKEN_TTL_SECONDS,
    tokenCache: { ttlMs: vars.TOKEN_CACHE_TTL_MS, maxEntries: vars.TOKEN_CACHE_MAX_ENTRIES },
    guidanceCache: { ttlMs: vars.GUIDANCE_CACHE_TTL_MS },
    tokenPurge: {
      retentionDays: vars.TOKEN_RETENTION_DAYS,
      intervalSeconds: vars.TOKEN_PURGE_INTERVAL_SECONDS,
    },
    rateLimit: {
      windowSeconds: vars.RATE_LIMIT_WINDOW_SECONDS,
      tokenPerClient: vars.TOKEN_RATE_LIMIT_PER_CLIENT,
      tokenPerAddress: vars.TOKEN_RATE_LIMIT_PER_ADDRESS,
      apiPerUser: vars.API_RATE_LIMIT_PER_USER,
      apiPerClient: vars.API_RATE_LIMIT_PER_CLIENT,
      groups: parseRateLimitGroups(vars.RATE_LIMIT_GROUPS),
      tokenFailures: vars.TOKEN_RATE_LIMIT_FAILURES,
      bearerFailuresPerAddress: vars.BEARER_RATE_LIMIT_FAILURES_PER_ADDRESS,
      pagesPerSession: vars.PUNCHOUT_PAGES_RATE_LIMIT_PER_SESSION,
      pagesPerAddress: vars.PUNCHOUT_PAGES_RATE_LIMIT_PER_ADDRESS,
      punchoutEntryPerClient: vars.PUNCHOUT_ENTRY_RATE_LIMIT_PER_CLIENT,
      consoleSignInPerAddress: vars.CONSOLE_SIGN_IN_RATE_LIMIT_PER_ADDRESS,
      consolePerUser: vars.CONSOLE_RATE_LIMIT_PER_USER,
      imagesPerAddress: vars.IMAGES_RATE_LIMIT_PER_ADDRESS,
      redisPrefix: vars.RATE_LIMIT_REDIS_PREFIX,
      redisCommandTimeoutMs: vars.REDIS_COMMAND_TIMEOUT_MS,
    },
    logLevel: vars.LOG_LEVEL,
    testBench: vars.TEST_BENCH ?? vars.NODE_ENV !== 'production',
    demo: {
      seed: vars.SEED_DEMO,
      clientId: vars.DEMO_CLIENT_ID,
      clientSecret: vars.DEMO_CLIENT_SECRET,
      catalogProducts: vars.DEMO_CATALOG_PRODUCTS,
    },
    defaultLanguage: vars.DEFAULT_LANGUAGE,
    marketplaceCurrency: vars.MARKETPLACE_CURRENCY,
    search: {
      countCap: vars.SEARCH_COUNT_CAP,
      facetSample: vars.SEARCH_FACET_SAMPLE,
      featureFacets: vars.SEARCH_FEATURE_FACETS,
      statementTimeoutMs: vars.SEARCH_STATEMENT_TIMEOUT_MS,
      concurrentPerUser: vars.SEARCH_CONCURRENT_PER_USER,
      concurrentWaitMs: vars.SEARCH_CONCURRENT_WAIT_MS,
      costMsPerPoint: vars.SEARCH_COST_MS_PER_POINT,
    },
    searchCache: {
      maxEntries: vars.SEARCH_CACHE_MAX_ENTRIES,
      maxBytes: vars.SEARCH_CACHE_MAX_MB * 1024 * 1024,
      ttlMs: vars.SEARCH_CACHE_TTL_MS,
    },
    productCache: {
      maxEntries: vars.PRODUCT_CACHE_MAX_ENTRIES,
      maxBytes: vars.PRODUCT_CACHE_MAX_MB * 1024 * 1024,
    },
    catalogVersion: {
      checkMs: vars.CATALOG_VERSION_CHECK_MS ?? vars.PRODUCT_CACHE_VERSION_CHECK_MS,
    },
    offerValidity: { checkSeconds: vars.OFFER_VALIDITY_CHECK_SECONDS },
    trustProxy: vars.TRUST_PROXY,
    bodyLimitBytes: vars.BODY_LIMIT_BYTES,
    http: {
      headersTimeoutMs: vars.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: vars.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: vars.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: vars.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: vars.HTTP_MAX_CONNECTIONS,
    },
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    punchout: {
      startTtlSeconds: vars.PUNCHOUT_START_TTL_SECONDS,
      idleTtlSeconds: vars.PUNCHOUT_IDLE_TTL_SECONDS,
      frameAncestors: vars.PUNCHOUT_FRAME_ANCESTORS,
      defaultUnit: vars.OCI_DEFAULT_UNIT,
    },
    cxml: {
      defaultUnit: vars.CXML_DEFAULT_UNIT,
      maxBytes: vars.CXML_MAX_BYTES,
    },
    catalogImports: {
      maxBytes: vars.CATALOG_IMPORT_MAX_BYTES,
      spoolDir: join(dataDir, 'catalog-imports'),
    },
    orders: {
      priceTolerancePercent: vars.ORDER_PRICE_TOLERANCE_PERCENT,
      blocked: vars.ORDER_BLOCKED,
      cartMaxAgeDays: vars.ORDER_CART_MAX_AGE_DAYS,
      delivery: {
        firstRetryMs: vars.ORDER_DELIVERY_FIRST_RETRY_MS,
        horizonSeconds: vars.ORDER_DELIVERY_HORIZON_SECONDS,
        timeoutMs: vars.ORDER_DELIVERY_TIMEOUT_MS,
        pollMs: vars.ORDER_DELIVERY_POLL_MS,
        concurrency: vars.ORDER_DELIVERY_CONCURRENCY,
      },
    },
    audit: {
      signingKeyFile: vars.AUDIT_SIGNING_KEY_FILE ? resolve(vars.AUDIT_SIGNING_KEY_FILE) : undefined,
      generatedKeyFile: join(dataDir, 'audit-signing-key.pem'),
      checkpointIntervalSeconds: vars.AUDIT_CHECKPOINT_INTERVAL_SECONDS,
      verifyWholeChainEverySeconds: vars.AUDIT_VERIFY_WHOLE_CHAIN_EVERY_SECONDS,
    },
    consoleOidc: vars.CONSOLE_OIDC_ISSUER
      ? {
          issuer: vars.CONSOLE_OIDC_ISSUER,
          clientId: vars.CONSOLE_OIDC_CLIENT_ID as string,
          clientSecret: vars.CONSOLE_OIDC_CLIENT_SECRET as string,
          name: vars.CONSOLE_OIDC_NAME,
          timeoutSeconds: vars.CONSOLE_OIDC_TIMEOUT_SECONDS,
        }
      : undefined,
  });
}

/** `search=300/3000,audit=60/600` (already validated by its pattern) as a record per group. */
function parseRateLimitGroups(
  value: string | undefined,
): Record<string, { perUser: number; perClient: number }> {
  const groups: Record<string, { perUser: number; perClient: number }> = {};
  for (const pair of value ? value.split(',') : []) {
    const [group, limits] = pair.split('=');
    const [perUser, perClient] = limits.split('/').map(Number);
    groups[group] = { perUser, perClient };
  }
  return groups;
}

/** An https URL, or http to this host only: tokens and the client secret never cross a network in clear. */
function secureOrLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}
