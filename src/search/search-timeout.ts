import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../common/http/api-error';

/**
 * The start of a search's read-only transaction: a statement_timeout of its own
 * (SEARCH_STATEMENT_TIMEOUT_MS, tighter than the pool's DATABASE_STATEMENT_TIMEOUT_MS) so one
 * search cannot hold a core for long, plus the planner settings the search SQL is tuned for.
 */
export function searchTransactionBegin(statementTimeoutMs: number): string {
  // An integer from validated config, never request input.
  const timeout = Math.max(1, Math.trunc(statementTimeoutMs));
  return `BEGIN READ ONLY; SET LOCAL statement_timeout = ${timeout}; SET LOCAL enable_seqscan = off; SET LOCAL jit = off`;
}

/** PostgreSQL's query_canceled (57014): the statement timeout ended the search. */
export function isStatementTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57014';
}

/** What the caller sees when its search ran out of time: try again, or ask for less. */
export function searchTimeoutError(): ApiError {
  return new ApiError(
    HttpStatus.SERVICE_UNAVAILABLE,
    'service_unavailable',
    'The search took longer than the gateway allows for one search; retry, or narrow it (fewer terms, a filter).',
    { 'retry-after': '1' },
  );
}
