/**
 * The OCI HOOK_URL a procurement system hands us as `callbackUrl`: checked once when the session is
 * created, then posted to exactly as given. Pure, no Nest or Prisma.
 */

export const CALLBACK_URL_MAX_LENGTH = 2048;

/** OCI's default frame for the return form when neither the HOOK_URL nor the request names one. */
export const DEFAULT_OCI_TARGET = '_top';

/** A frame name or one of the HTML keywords (_top, _parent, _self, _blank); fits the column. */
const TARGET_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * Whitespace of any kind (Unicode White_Space: U+00A0, U+2028, U+3000, ...), control characters
 * (C0, DEL, C1) and invisible format characters (zero-width space, BOM, bidi controls): a browser
 * would drop or change them, or a reader would not see them.
 */
const SPACE_OR_CONTROL = /[\p{White_Space}\p{Cc}\p{Cf}]/u;

/** One DNS label: letters, digits and inner hyphens, 1 to 63 characters (punycode labels included). */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** WHATWG URL serializes IPv6 hosts compressed, in lower-case hex, in brackets. */
const IPV6 = /^\[[0-9a-f:.]+\]$/;

/** A URL's `hostname` (as parsed) that is a DNS name, an IPv4 address or a bracketed IPv6 address. */
export function isPlainHost(hostname: string): boolean {
  if (IPV4.test(hostname) || IPV6.test(hostname)) return true;
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (name.length === 0 || name.length > 253) return false;
  return name.split('.').every((label) => DNS_LABEL.test(label));
}

export type CallbackUrlCheck =
  { ok: true; url: string; origin: string; target: string } | { ok: false; message: string };

/**
 * Valid when: an absolute http(s) URL, at most 2048 characters, no user info, no fragment, no
 * whitespace (any Unicode White_Space), control or format characters (the browser would silently
 * change such a URL, and we promise to post to it as given), a host that is a DNS name, IPv4 or
 * bracketed IPv6 (its origin goes into the CSP), and its origin among `allowedOrigins` when that
 * list is not empty.
 * The OCI `~TARGET` comes from the URL's own query (default `_top`).
 */
export function checkCallbackUrl(raw: string, allowedOrigins: readonly string[]): CallbackUrlCheck {
  if (raw.length === 0) return fail('callbackUrl must not be empty');
  if (raw.length > CALLBACK_URL_MAX_LENGTH) {
    return fail(`callbackUrl is longer than ${CALLBACK_URL_MAX_LENGTH} characters`);
  }
  if (SPACE_OR_CONTROL.test(raw)) return fail('callbackUrl must not contain spaces or control characters');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('callbackUrl must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail('callbackUrl must be an absolute http or https URL');
  }
  if (!/^https?:\/\//i.test(raw)) return fail('callbackUrl must be an absolute http or https URL');
  if (url.username !== '' || url.password !== '' || authorityOf(raw).includes('@')) {
    return fail('callbackUrl must not contain user information');
  }
  if (raw.includes('#')) return fail('callbackUrl must not contain a fragment');
  // The origin goes into the pages' CSP (form-action): a host with ";", "*", "'" or "," would add to
  // or widen that policy. After URL parsing (lower case, IDN as punycode) only a DNS name, IPv4 or
  // bracketed IPv6 is left to accept.
  if (!isPlainHost(url.hostname)) {
    return fail(
      "callbackUrl's host must be a DNS name (letters, digits, hyphens, dots), an IPv4 address or a bracketed IPv6 address",
    );
  }
  const origin = url.origin.toLowerCase();
  if (allowedOrigins.length > 0 && !allowedOrigins.some((allowed) => allowed.toLowerCase() === origin)) {
    return fail(`callbackUrl's origin ${origin} is not among this client's allowed callback origins`);
  }
  const target = targetOf(url);
  if (target === null)
    return fail('callbackUrl: ~TARGET must be a frame name (letters, digits, "_", "-", ".")');
  return { ok: true, url: raw, origin, target };
}

/** A frame name the return form may target (`_top`, `_parent`, a named frame). */
export const isFrameTarget = (value: string): boolean => TARGET_PATTERN.test(value);

/** `~TARGET` (OCI names are case-insensitive in practice: `~target` is seen too). */
function targetOf(url: URL): string | null {
  for (const [name, value] of url.searchParams) {
    if (name.toUpperCase() === '~TARGET') return TARGET_PATTERN.test(value) ? value : null;
  }
  return DEFAULT_OCI_TARGET;
}

/** The text between "//" and the first "/", "?" or "#" (user info would sit here). */
function authorityOf(raw: string): string {
  const rest = raw.replace(/^https?:\/\//i, '');
  return rest.split(/[/?#]/, 1)[0] ?? '';
}

function fail(message: string): CallbackUrlCheck {
  return { ok: false, message };
}
