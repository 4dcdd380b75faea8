/**
 * A client's allowed callback origin as an operator types it: `scheme://host[:port]`, http or https,
 * nothing after the host but an optional "/". Normalized as the punchout's callback check computes
 * a URL's origin (WHATWG URL: lower case, IDN as punycode, the scheme's default port dropped), so a
 * stored origin compares equal to the origin of every HOOK_URL on it. Pure, no Nest or Prisma.
 */
export type OriginCheck = { ok: true; origin: string } | { ok: false; message: string };

const ORIGIN_MAX_LENGTH = 255;

export function normalizeOrigin(raw: string): OriginCheck {
  const fail = (why: string): OriginCheck => ({
    ok: false,
    message: `${JSON.stringify(raw.slice(0, 100))} is not an origin: ${why} (write scheme://host[:port], e.g. https://srm.example.com)`,
  });
  if (raw.length === 0 || raw.length > ORIGIN_MAX_LENGTH) return fail(`1 to ${ORIGIN_MAX_LENGTH} characters`);
  if (/[\p{White_Space}\p{Cc}\p{Cf}]/u.test(raw)) return fail('it contains spaces or control characters');
  if (!/^https?:\/\//i.test(raw)) return fail('http:// or https:// first');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('not a URL');
  }
  if (
    url.username !== '' ||
    url.password !== '' ||
    raw
      .slice(raw.indexOf('//') + 2)
      .split('/')[0]
      ?.includes('@')
  )
    return fail('no user information');
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(raw))
    return fail('no path, query or fragment');
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(url.hostname) || url.hostname.startsWith('.'))
    return fail('the host must be a DNS name, an IPv4 address or a bracketed IPv6 address');
  return { ok: true, origin: url.origin.toLowerCase() };
}
