import { applyDecorators } from '@nestjs/common';
import { ApiResponse, type HeadersObject } from '@nestjs/swagger';
import { ApiErrorResponse } from '../dto/api-error.response';

/**
 * Shared OpenAPI response declarations, so every operation describes its errors, rate limits and
 * outages the same way. Every error body is the one `ApiErrorResponse` component.
 */

/** `Retry-After` (RFC 9110 10.2.3), in seconds. */
export const RETRY_AFTER_HEADER: HeadersObject = {
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
};

/**
 * The headers of a 429 (IETF httpapi ratelimit-headers draft): `RateLimit-Policy` names the quota
 * (`"name";q=<limit>;w=<window seconds>`), `RateLimit` what is left of it (`"name";r=0;t=<seconds>`).
 */
export const RATE_LIMIT_HEADERS: HeadersObject = {
  ...RETRY_AFTER_HEADER,
  RateLimit: {
    description: 'The remaining quota and when it resets, e.g. `"per-user";r=0;t=1`.',
    required: true,
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'The quota policy that was exceeded, e.g. `"per-user";q=10;w=1`.',
    required: true,
    schema: { type: 'string' },
  },
};

/** Error responses in the shared shape, by status: `@ApiErrors({ 400: 'invalid_request: ...' })`. */
export function ApiErrors(responses: Record<number, string>): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...Object.entries(responses).map(([status, description]) =>
      ApiResponse({ status: Number(status), description, type: ApiErrorResponse }),
    ),
  );
}

/**
 * What Fastify's body parsing answers on an operation that reads a JSON body (or is sent one):
 * 413 above BODY_LIMIT_BYTES, 415 for a media type other than JSON (or a form).
 */
export function ApiBodyRefusals(): MethodDecorator & ClassDecorator {
  return ApiErrors({
    413: 'request_too_large: the body is larger than BODY_LIMIT_BYTES.',
    415: 'unsupported_media_type: the body is neither application/json nor a form.',
  });
}

/** 429 rate_limited with Retry-After, RateLimit and RateLimit-Policy. */
export function ApiRateLimited(description: string): MethodDecorator & ClassDecorator {
  return ApiResponse({
    status: 429,
    description: `rate_limited: ${description}`,
    type: ApiErrorResponse,
    headers: RATE_LIMIT_HEADERS,
  });
}

/** 503 service_unavailable with Retry-After: PostgreSQL cannot be reached (or the query timed out). */
export function ApiDatabaseUnavailable(): MethodDecorator & ClassDecorator {
  return ApiResponse({
    status: 503,
    description: 'service_unavailable: the database cannot be reached right now; retry after Retry-After.',
    type: ApiErrorResponse,
    headers: RETRY_AFTER_HEADER,
  });
}
