import { Pool } from 'pg';
import { AppConfig } from '../config/app-config';
import { boundReads } from './read-timeout';

export type PoolErrorListener = (error: Error) => void;

/**
 * Our own pg.Pool, because @prisma/adapter-pg neither listens for idle-client errors (a PostgreSQL
 * restart would crash the process) nor sets timeouts (it would wait forever).
 */
export function createPgPool(
  config: AppConfig,
  onError: PoolErrorListener,
  // A read replica's pool has the same bounds as the primary's (read-replicas.service.ts).
  url = config.database.url,
): Pool {
  const {
    poolMax,
    connectTimeoutMs,
    idleTimeoutMs,
    statementTimeoutMs,
    queryTimeoutMs,
    readTimeoutMs,
    lockTimeoutMs,
  } = config.database;
  if (!url) throw new Error('The database URL is not known yet (embedded PostgreSQL not started)');
  const pool = new Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: idleTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // A table or row locked by someone else fails the statement within seconds (55P03, a 503 with
    // Retry-After) instead of holding the request until the statement timeout (a 500).
    ...(lockTimeoutMs > 0 ? { lock_timeout: lockTimeoutMs } : {}),
    // statement_timeout is enforced by the server; when the network stalls its answer never comes.
    // query_timeout bounds the wait on our side ("Query read timeout", taken for an outage: 503).
    query_timeout: queryTimeoutMs,
    application_name: 'marketplace-gateway',
    // TCP keepalive on pooled connections: one whose server vanished without a reset (a network
    // partition, a killed VM) is found dead while idle, instead of by the next query's timeout.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  pool.on('error', onError);
  // Reads fail fast in a stall (DATABASE_READ_TIMEOUT_MS); writes keep query_timeout.
  if (readTimeoutMs < queryTimeoutMs) boundReads(pool, readTimeoutMs);
  return pool;
}
