import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../common/http/api-error';

export const OAUTH_REALM = 'marketplace-gateway';

/** RFC 6749 5.2 error codes the gateway answers (and RFC 7009's for revocation). */
export type OAuthErrorCode =
  'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
};

/**
 * A refused token or revocation request, raised by the pure parsers and the service and turned
 * into an HTTP answer at the edge. `basic` marks a failed HTTP Basic client authentication, which
 * RFC 6749 5.2 answers with a `WWW-Authenticate: Basic` challenge.
 */
export class OAuthProtocolError extends Error {
  readonly status: number;

  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    readonly basic = false,
  ) {
    super(description);
    this.name = 'OAuthProtocolError';
    this.status = STATUS[code];
  }
}

export const invalidRequest = (description: string) => new OAuthProtocolError('invalid_request', description);

/** A refusal as an HTTP answer: RFC 6749 5.2 body, no caching, a Basic challenge after a failed Basic. */
export function oauthApiError(error: OAuthProtocolError): ApiError {
  const headers: Record<string, string> = { 'cache-control': 'no-store', pragma: 'no-cache' };
  if (error.basic && error.status === HttpStatus.UNAUTHORIZED) {
    headers['www-authenticate'] = `Basic realm="${OAUTH_REALM}", charset="UTF-8"`;
  }
  return new ApiError(error.status, error.code, error.description, headers);
}
