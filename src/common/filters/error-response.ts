import { HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError, ApiErrorBody, ERROR_CODE_BY_STATUS } from '../http/api-error';
import { apiErrorForPrisma } from './prisma-errors';
import { isClientAbort, isDatabaseUnavailable, isUnstorableText } from './database-errors';

export interface ErrorResponse {
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
}

/**
 * Maps anything thrown to the response a client sees: HTTP errors keep their status in our shape,
 * Prisma's unique violation is a 409 and its missing record a 404 (prisma-errors.ts),
 * Fastify's own 4xx (malformed JSON, body too large, wrong media type) keep theirs, an unreachable
 * database is a 503, everything else a 500 with a generic message. Never a stack trace.
 */
export function errorResponseFor(thrown: unknown, request?: FastifyRequest): ErrorResponse {
  // Prisma's known errors (unique violation, missing record) are mapped here once, not per service.
  const exception = apiErrorForPrisma(thrown) ?? thrown;
  if (exception instanceof ApiError) {
    return {
      status: exception.getStatus(),
      body: exception.getResponse() as ApiErrorBody,
      headers: exception.headers,
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return { status, body: fromHttpException(exception, status, request), headers: {} };
  }
  if (isClientAbort(exception, request)) {
    // Nobody reads this answer (the client is gone); it must not count as a database outage or a 500.
    return {
      status: HttpStatus.BAD_REQUEST,
      body: {
        error: 'invalid_request',
        error_description: 'The client closed the connection before the request body was complete.',
      },
      headers: {},
    };
  }
  const clientStatus = fastifyClientErrorStatus(exception);
  if (clientStatus === HttpStatus.FORBIDDEN) {
    // Only the static file server (@fastify/static) raises a bare 403: a path that leaves its
    // directory (/assets/..%2f..). There is no such file; it is no missing permission either.
    return {
      status: HttpStatus.NOT_FOUND,
      body: { error: 'not_found', error_description: 'No such file.' },
      headers: {},
    };
  }
  if (clientStatus) {
    const code = ERROR_CODE_BY_STATUS[clientStatus] ?? 'invalid_request';
    return {
      status: clientStatus,
      body: { error: code, error_description: (exception as Error).message },
      headers: {},
    };
  }
  if (isUnstorableText(exception)) {
    return {
      status: HttpStatus.BAD_REQUEST,
      body: {
        error: 'invalid_request',
        error_description: 'A text value contains a NUL (U+0000) character or is not valid UTF-8.',
      },
      headers: {},
    };
  }
  if (isDatabaseUnavailable(exception)) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: { error: 'service_unavailable', error_description: 'The database is unavailable; retry later.' },
      headers: { 'retry-after': '5' },
    };
  }
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: { error: 'server_error', error_description: 'An internal error occurred.' },
    headers: {},
  };
}

function fromHttpException(exception: HttpException, status: number, request?: FastifyRequest): ApiErrorBody {
  const response = exception.getResponse();
  const code = ERROR_CODE_BY_STATUS[status] ?? (status >= 500 ? 'server_error' : 'invalid_request');
  if (typeof response === 'object' && response !== null) {
    const fields = response as Record<string, unknown>;
    if (typeof fields.error === 'string' && typeof fields.error_description === 'string') {
      return fields as ApiErrorBody;
    }
    // ValidationPipe: `message` is the list of broken constraints.
    if (Array.isArray(fields.message)) return { error: code, error_description: fields.message.join('; ') };
    // Terminus health checks: keep the per-dependency details, they are what an operator needs.
    if (fields.status === 'error' && fields.details) {
      return { error: code, error_description: 'A dependency is unavailable.', details: fields.details };
    }
  }
  if (status === HttpStatus.NOT_FOUND && request) {
    return { error: code, error_description: `No route for ${request.method} ${request.url.split('?')[0]}.` };
  }
  if (status >= 500) return { error: code, error_description: 'An internal error occurred.' };
  return { error: code, error_description: exception.message };
}

/** Fastify's own client errors carry an FST_ code and a 4xx statusCode; so do exposed http-errors. */
function fastifyClientErrorStatus(exception: unknown): number | undefined {
  if (typeof exception !== 'object' || exception === null) return undefined;
  const { statusCode, code } = exception as { statusCode?: unknown; code?: unknown };
  const isFastify = typeof code === 'string' && code.startsWith('FST_');
  const isParseError = exception instanceof SyntaxError; // JSON body parser
  // http-errors objects (from @fastify/static's file sending) mark client errors as `expose`.
  const isExposedHttpError = (exception as { expose?: unknown }).expose === true;
  if (
    (isFastify || isParseError || isExposedHttpError) &&
    typeof statusCode === 'number' &&
    statusCode >= 400 &&
    statusCode < 500
  ) {
    return statusCode;
  }
  return undefined;
}
