/** Query parameters whose values never reach the logs (one-time punchout tokens and the like). */
const SECRET_QUERY_NAMES = new Set([
  'token',
  'start',
  'access_token',
  'client_secret',
  'secret',
  'code',
  // The state of a single sign-on answer (with the browser's cookie, it finishes the sign-in).
  'state',
  // The OCI call-up's PASSWORD (a client's punchout secret) travels in the query string.
  'password',
]);
const QUERY_PAIR = /([?&])([^=&#]*)(=[^&#]*)?/g;

/**
 * Punchout start tokens (pst_) and session keys (psk_) travel in the path: they are secrets too.
 * Matched on the decoded segment, the way the router reads it (`%70st_` is `pst_`), case-insensitive.
 */
const SECRET_PATH_PREFIX = /(pst_|psk_)/i;
/** Decoding rounds a segment gets before matching: a double-encoded secret is still the secret. */
const MAX_DECODING_ROUNDS = 3;

/** Percent-decodes what decodes; a malformed escape stays as written (the router answers it with 400). */
function decodeLeniently(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/** A parameter name as the server reads it: percent-decoded (access%5Ftoken is access_token), lower-cased. */
function decodedName(name: string): string {
  return (
    decodeLeniently(name.replace(/\+/g, ' '))
      // eslint-disable-next-line no-control-regex -- trailing NULs and controls do not make another name
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .toLowerCase()
  );
}

function redactQuery(query: string): string {
  return query.replace(QUERY_PAIR, (pair, separator: string, name: string, value?: string) =>
    value !== undefined && SECRET_QUERY_NAMES.has(decodedName(name))
      ? `${separator}${name}=[REDACTED]`
      : pair,
  );
}

/** A path segment with a secret from its prefix on replaced by [REDACTED]; other segments unchanged. */
function redactSegment(segment: string): string {
  let decoded = segment;
  for (let round = 0; round < MAX_DECODING_ROUNDS; round++) {
    const match = SECRET_PATH_PREFIX.exec(decoded);
    if (match) return `${decoded.slice(0, match.index)}${match[1]}[REDACTED]`;
    if (!decoded.includes('%')) break;
    decoded = decodeLeniently(decoded);
  }
  return segment;
}

/**
 * A request URL fit for a log line: the path's segments are decoded before they are matched (the
 * router decodes them too, so `/punchout/start/%70st_...` reaches the start page) and secret ones
 * masked; secret-bearing query parameters are masked by their decoded names.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : redactQuery(url.slice(queryStart));
  return path.split('/').map(redactSegment).join('/') + query;
}
