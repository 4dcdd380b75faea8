import { EmbeddedDatabaseError } from './embedded-postgres';

/**
 * Why the database could not be used, in one line with the fix, for the failures an operator meets
 * at start-up (nothing answers, the address does not resolve, the password or the database is
 * wrong, the embedded server did not start); undefined for anything else. Never shows the URL: it
 * holds the password.
 */
export function databaseFailure(error: unknown): string | undefined {
  if (error instanceof EmbeddedDatabaseError) return error.message;
  if (!(error instanceof Error)) return undefined;
  const failure = error as NodeJS.ErrnoException & { address?: string; port?: number; hostname?: string };
  const at = failure.address
    ? `${failure.address}${failure.port ? `:${failure.port}` : ''}`
    : failure.hostname;
  const where = `the database${at ? ` at ${at}` : ''} (DATABASE_URL)`;
  switch (failure.code) {
    case 'ECONNREFUSED':
      return `cannot reach ${where}: connection refused. Is PostgreSQL running there, and does DATABASE_URL name its host and port?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot reach ${where}: the host name does not resolve. Check the host in DATABASE_URL`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `cannot reach ${where}: ${failure.code}. Check the host and port in DATABASE_URL and the firewall between`;
    case '28P01':
    case '28000':
      return `the database refused the user in DATABASE_URL (${failure.message}). Check the user name and password (reserved characters percent-encoded)`;
    case '3D000':
      return `the database named in DATABASE_URL does not exist (${failure.message}). Create it (createdb), or fix the name`;
  }
  if (/^Connection terminated due to connection timeout|^timeout expired/i.test(failure.message)) {
    return `cannot reach ${where}: no answer within DATABASE_CONNECT_TIMEOUT_MS. Check the host and port in DATABASE_URL`;
  }
  return undefined;
}
