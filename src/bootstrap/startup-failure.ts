import { databaseFailure } from '../database/database-failure';
import { MigrationError } from '../database/migration-runner';

/**
 * The one line `Gateway failed to start: ...` prints: the cause and the fix for the failures an
 * operator can act on (a port taken, the database out of reach, a failed migration), the stack
 * trace only for the unexpected.
 */
export function startupFailure(error: unknown): string {
  const database = databaseFailure(error);
  if (database) return database;
  if (error instanceof MigrationError) return error.message;
  const failure = error as NodeJS.ErrnoException & { syscall?: string; port?: number };
  if (failure?.syscall === 'listen' && failure.code === 'EADDRINUSE')
    return `port ${failure.port} (PORT) is in use by another program: stop that program, or set PORT to a free port`;
  if (failure?.syscall === 'listen' && failure.code === 'EACCES')
    return `port ${failure.port} (PORT) needs privileges this user lacks: set PORT above 1023 (a reverse proxy can serve 443)`;
  if (failure?.syscall === 'listen' && failure.code === 'EADDRNOTAVAIL')
    return `HOST is not an address of this machine (${failure.message}): set HOST to one of its addresses, or 0.0.0.0`;
  if (error instanceof Error) return error.stack ?? error.message;
  return error === undefined
    ? 'a library gave up without a reason (run again with LOG_LEVEL=debug)'
    : String(error);
}
