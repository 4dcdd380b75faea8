import { HttpException, HttpStatus } from '@nestjs/common';

/** The body of every error the gateway answers (RFC 6749 5.2 shape, used for the API too). */
export interface ApiErrorBody {
  error: string;
  error_description: string;
  [extra: string]: unknown;
}

/**
 * Every machine-readable code the gateway answers, in docs/api.md and the OpenAPI document's
 * ApiErrorResponse enum (a test scans the source for codes missing here).
 */
export const ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
  'invalid_token',
  'insufficient_scope',
  'not_found',
  'offer_blocked',
  'method_not_allowed',
  'not_acceptable',
  'request_timeout',
  'conflict',
  'request_too_large',
  'unsupported_media_type',
  'expectation_failed',
  'rate_limited',
  'server_error',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Default machine-readable codes per status, for errors thrown without one. */
export const ERROR_CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'invalid_token',
  403: 'insufficient_scope',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'request_too_large',
  415: 'unsupported_media_type',
  417: 'expectation_failed',
  429: 'rate_limited',
  431: 'request_too_large',
  500: 'server_error',
  503: 'service_unavailable',
};

/** An HTTP error with our body shape and optional response headers (WWW-Authenticate, Retry-After). */
export class ApiError extends HttpException {
  constructor(
    status: HttpStatus,
    readonly code: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
    extra: Record<string, unknown> = {},
  ) {
    super({ ...extra, error: code, error_description: description } satisfies ApiErrorBody, status);
  }
}
