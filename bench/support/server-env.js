'use strict';

/** A rate limit no bench load reaches: the routes are measured, not the limiter. */
const NO_REFUSALS = '10000000';

/**
 * The environment a gateway process gets in a bench: production mode, quiet, loopback, migrated
 * and seeded by the bench itself, no token purge in the middle of a row; `extra` on top.
 */
function benchServerEnv(databaseUrl, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '10',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    MIGRATE_ON_START: 'false',
    PUBLIC_URL: 'http://127.0.0.1',
    TOKEN_PURGE_INTERVAL_SECONDS: '0',
    ...extra,
  };
}

module.exports = { benchServerEnv, NO_REFUSALS };
