/**
 * The token of an `Authorization: Bearer <token>` header, read exactly as passport-http-bearer reads
 * it (node_modules/passport-http-bearer/lib/strategy.js: split on single spaces, two parts, scheme
 * "Bearer" in any case), or undefined for anything else. The guard's fast path uses it only to look a
 * token up in the cache; every other header goes through Passport, which answers it as before.
 */
export function bearerTokenOf(authorization: unknown): string | undefined {
  if (typeof authorization !== 'string') return undefined;
  const parts = authorization.split(' ');
  if (parts.length !== 2 || !/^Bearer$/i.test(parts[0]) || parts[1] === '') return undefined;
  return parts[1];
}
