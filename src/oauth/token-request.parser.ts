import { isEmail } from 'class-validator';
import { normalizeEmail } from '../common/validation/email';
import { ClientCredentials, readClientCredentials } from './client-credentials.parser';
import { FormFields, singleField } from './form-urlencoded.parser';
import { invalidRequest, OAuthProtocolError } from './oauth-protocol.error';

export interface TokenRequest {
  credentials: ClientCredentials;
  /** Trimmed and lower-cased, as users are stored. */
  email: string;
}

export interface RevocationRequest {
  credentials: ClientCredentials;
  token: string;
}

const TOKEN_PARAMETERS = ['grant_type', 'client_id', 'client_secret', 'email'];

/**
 * Reads a token request (spec 4.1): grant_type=client_credentials, client credentials (form or
 * Basic) and the user's email. Checks run in RFC 6749 order: malformed request (missing or
 * repeated parameter) before an unsupported grant type before anything that needs the database.
 * Unknown parameters (e.g. scope) are ignored, as RFC 6749 3.2 requires.
 */
export function readTokenRequest(fields: FormFields, authorization: string | undefined): TokenRequest {
  for (const name of TOKEN_PARAMETERS) singleField(fields, name); // repeated -> invalid_request
  const grantType = singleField(fields, 'grant_type');
  if (!grantType) throw invalidRequest('grant_type is required; use client_credentials.');
  if (grantType !== 'client_credentials') {
    throw new OAuthProtocolError(
      'unsupported_grant_type',
      `The grant type "${grantType.slice(0, 50)}" is not supported; use client_credentials.`,
    );
  }
  const credentials = readClientCredentials(fields, authorization);
  const email = singleField(fields, 'email');
  if (!email) throw invalidRequest('email is required: the e-mail address of the user the token is for.');
  const normalized = normalizeEmail(email);
  if (normalized.length > 320 || !isEmail(normalized, { allow_utf8_local_part: true, require_tld: false })) {
    throw invalidRequest('email must be an e-mail address (percent-encode it in the form body).');
  }
  return { credentials, email: normalized };
}

/** Reads a revocation request (RFC 7009 2.1): token, optional token_type_hint, client credentials. */
export function readRevocationRequest(
  fields: FormFields,
  authorization: string | undefined,
): RevocationRequest {
  singleField(fields, 'token_type_hint'); // allowed once, and ignored: there is one kind of token
  const token = singleField(fields, 'token');
  const credentials = readClientCredentials(fields, authorization);
  if (!token) throw invalidRequest('token is required: the access token to revoke.');
  return { credentials, token };
}
