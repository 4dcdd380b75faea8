import type { Pool, PoolClient, QueryConfig } from 'pg';

/** A statement that only reads. WITH may hide a write (WITH x AS (INSERT ...)) and is not counted. */
const READ_STATEMENT = /^\s*select\b/i;
/** SELECTs that wait on purpose (locks, sleeps) or change state: they keep the general bound. */
const NOT_A_PLAIN_READ =
  /\b(pg_advisory\w*|pg_sleep\w*|nextval|setval)\s*\(|\bfor\s+(no\s+key\s+)?(update|share)\b/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const READ_ONLY = /^\s*(begin|start\s+transaction)\b[^;]*\bread\s+only\b/i;
const END = /^\s*(commit|rollback|end|abort)\s*(;|$)/i;

type Transaction = 'read' | 'write' | undefined;
type QueryFunction = (...args: unknown[]) => unknown;

function textOf(query: unknown): string | undefined {
  if (typeof query === 'string') return query;
  // A Submittable (pg-cursor, pg-query-stream) carries its own callbacks: left alone.
  if (typeof query !== 'object' || query === null || 'submit' in query) return undefined;
  const text = (query as QueryConfig).text;
  return typeof text === 'string' ? text : undefined;
}

/**
 * Reads get a tighter client-side bound (`query_timeout`, "Query read timeout", a 503) than the pool's
 * general one, which writes keep: in a stalled network a read in flight fails within
 * DATABASE_READ_TIMEOUT_MS instead of DATABASE_QUERY_TIMEOUT_MS. A read is a SELECT outside a
 * transaction (every non-transactional Prisma read goes through pool.query) or any statement of a
 * `BEGIN READ ONLY` transaction (search); every statement of any other transaction is a write.
 * Each connection's query() is wrapped once, when the pool opens it; its transaction state is
 * tracked from the statements it runs and forgotten when it goes back to the pool.
 */
export function boundReads(pool: Pool, readTimeoutMs: number): void {
  const state = new WeakMap<PoolClient, Transaction>();
  pool.on('release', (_error: Error | undefined, client: PoolClient) => state.delete(client));
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as QueryFunction;
    const bounded = (config: unknown, ...rest: unknown[]): unknown => {
      const text = textOf(config);
      if (text === undefined) return query(config, ...rest);
      let transaction = state.get(client);
      if (BEGIN.test(text)) {
        transaction = READ_ONLY.test(text) ? 'read' : 'write';
        state.set(client, transaction);
      }
      const reads =
        transaction === 'read' ||
        (transaction === undefined && READ_STATEMENT.test(text) && !NOT_A_PLAIN_READ.test(text));
      if (END.test(text)) state.delete(client);
      if (!reads) return query(config, ...rest);
      const withBound =
        typeof config === 'string'
          ? { text: config, query_timeout: readTimeoutMs }
          : { query_timeout: readTimeoutMs, ...(config as QueryConfig) };
      return query(withBound, ...rest);
    };
    client.query = bounded as PoolClient['query'];
  });
}
