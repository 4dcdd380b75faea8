/**
 * `value` as a JSON response body (UTF-8) in a buffer of its own. Buffer.from() places anything under
 * 4 KiB in a shared 8 KiB pool slab, and a cache that keeps such a body keeps the whole slab alive
 * (a 99-byte zero-result search pinned 8,192 bytes), so caches that count body bytes would not be
 * bounded by what they count. Bodies that are sent once and dropped could share the pool; the ones
 * built here may be cached.
 */
export function jsonBody(value: unknown): Buffer {
  const json = JSON.stringify(value);
  const body = Buffer.allocUnsafeSlow(Buffer.byteLength(json, 'utf8'));
  body.write(json, 0, 'utf8'); // fills it exactly: byteLength is the encoded length
  return body;
}
