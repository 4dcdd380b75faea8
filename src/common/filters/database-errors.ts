import type { IncomingMessage } from 'node:http';

/** Error codes that mean "PostgreSQL cannot serve this right now" (retry later), not "the query is wrong". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '55P03', // lock_not_available: lock_timeout passed (a table locked by a migration, a DBA)
  '57014', // query_canceled: statement_timeout passed, or an administrator cancelled it
  '08000', // connection_exception
  '08001',
  '08003',
  '08006',
  'P1001', // Prisma: can't reach database server
  'P1017', // Prisma: server closed the connection
]);

/** Prisma driver-adapter error kinds (`cause.kind`) that mean the connection, not the query, failed. */
const UNREACHABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);

const UNREACHABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Query read timeout/i, // node-postgres query_timeout: no answer, e.g. a stalled network
  /Connection terminated/i,
  /Can't reach database server/i,
  /ECONNREFUSED/,
  /DatabaseNotReachable/,
  /Server has closed the connection/i, // Prisma's text for the adapter's ConnectionClosed
];

/** True when an error, or any error it wraps, says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, kind, meta } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    kind?: unknown;
    meta?: { driverAdapterError?: unknown };
  };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  if (typeof kind === 'string' && UNREACHABLE_KINDS.has(kind)) return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message)))
    return true;
  // Prisma wraps the adapter's error (a connection lost inside a transaction) in meta.driverAdapterError.
  return (
    isDatabaseUnavailable(cause, depth + 1) || isDatabaseUnavailable(meta?.driverAdapterError, depth + 1)
  );
}

/** Socket errors a request's own stream raises when its client resets or closes mid-body. */
const CLIENT_STREAM_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * True when the error comes from the request stream, not from PostgreSQL: the client aborted its own
 * upload (reset or closed the connection before the body was complete). Node reports that as
 * ECONNRESET / "aborted", the same codes a lost database connection has; what tells them apart is
 * the origin: the request body never completed. A database error only happens once a handler runs,
 * which is after the body was read completely.
 */
export function isClientAbort(error: unknown, request: { raw?: IncomingMessage } | undefined): boolean {
  const raw = request?.raw;
  if (!raw || raw.complete) return false;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && CLIENT_STREAM_CODES.has(code)) ||
    (typeof message === 'string' && /^(aborted|premature close)$/i.test(message)) ||
    raw.destroyed
  );
}

/** PostgreSQL's codes for text it cannot store: a NUL (U+0000) or bytes that are not valid UTF-8. */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/**
 * True when PostgreSQL refused a text value itself (NUL, invalid encoding): the client's input, a
 * 400, wherever no DTO caught it first. Prisma wraps the driver's error (meta.driverAdapterError.cause).
 */
export function isUnstorableText(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, cause, meta } = error as { code?: unknown; cause?: unknown; meta?: unknown };
  if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)) return true;
  const adapter = (meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError;
  return isUnstorableText(cause, depth + 1) || isUnstorableText(adapter, depth + 1);
}
