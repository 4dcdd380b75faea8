/**
 * If-None-Match against a strong ETag (RFC 9110 13.1.2: weak comparison, `*` matches any current
 * representation, a list is comma separated).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const value = ifNoneMatch.trim();
  if (value === '*') return true;
  return value.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
