import { invalidRequest, OAuthProtocolError } from './oauth-protocol.error';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** How the client authenticated (RFC 7591 names): a failed Basic attempt gets a Basic challenge. */
  method: 'client_secret_basic' | 'client_secret_post';
}

/** The form's client fields (TokenFormDto, RevocationFormDto): '' when sent empty, undefined when absent. */
export interface FormClientFields {
  client_id?: string;
  client_secret?: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// NUL and other control characters cannot be part of a client id (PostgreSQL refuses NUL in text).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * The client's credentials from HTTP Basic (RFC 6749 2.3.1: id and secret form-urlencoded, then
 * joined by ":" and base64-encoded) or from the form's client_id/client_secret (already checked by
 * the form's schema), never both.
 */
export function readClientCredentials(
  form: FormClientFields,
  authorization: string | undefined,
): ClientCredentials {
  const { client_id: formId, client_secret: formSecret } = form;
  if (authorization === undefined || authorization.trim() === '') {
    if (!formId) throw invalidRequest('client_id is required (or authenticate with HTTP Basic).');
    if (!formSecret) throw invalidRequest('client_secret is required (or authenticate with HTTP Basic).');
    return { clientId: formId, clientSecret: formSecret, method: 'client_secret_post' };
  }

  const [scheme, encoded, ...rest] = authorization.trim().split(/\s+/);
  if (scheme.toLowerCase() !== 'basic') {
    throw invalidRequest('The Authorization header of this endpoint must use the Basic scheme.');
  }
  if (formId !== undefined || formSecret !== undefined) {
    throw invalidRequest(
      'Use one client authentication method: HTTP Basic or client_id/client_secret in the form, not both.',
    );
  }
  const invalid = () =>
    new OAuthProtocolError('invalid_client', 'The HTTP Basic client credentials are malformed.', true);
  if (!encoded || rest.length > 0 || !BASE64.test(encoded)) throw invalid();
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) throw invalid();
  let clientId: string;
  let clientSecret: string;
  try {
    clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
    clientSecret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
  } catch {
    throw invalid();
  }
  if (!clientId || !clientSecret || CONTROL_CHARACTERS.test(clientId)) throw invalid();
  return { clientId, clientSecret, method: 'client_secret_basic' };
}
