/**
 * How the OCI call-up's parameters are decoded, one rule for the query string (GET) and the form
 * body (POST). SAP systems of the non-Unicode kind send Latin-1: a POST labelled
 * `charset=ISO-8859-1` (or windows-1252), a GET with `%FC` for "ü". So: a value is read in the charset
 * the request declares; without one (a GET never has one), as UTF-8 when its bytes are UTF-8, else as
 * Latin-1. (Latin-1 here is windows-1252, as browsers read the label: the same for every byte but
 * 0x80-0x9F, where windows-1252 has letters and Latin-1 only control characters.)
 * Pure: no Nest, no Fastify.
 */

/** The call-up's route: the body parsers let its Latin-1 forms through (bootstrap/body-parsers.ts). */
export const OCI_CALLUP_ROUTE = '/punchout/oci';

/** Charset labels read as Latin-1 (the common ones of ISO-8859-1 and windows-1252). */
const LATIN1_LABELS: ReadonlySet<string> = new Set([
  'iso-8859-1',
  'iso8859-1',
  'iso_8859-1',
  'latin1',
  'l1',
  'windows-1252',
  'cp1252',
  'x-cp1252',
  'us-ascii',
  'ascii',
]);
const UTF8_LABELS: ReadonlySet<string> = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);

export type OciCharset = 'utf-8' | 'latin1';

/** The charset a Content-Type names, when it is one the call-up reads; null for one it does not. */
export function ociCharsetOf(contentType: string | undefined): OciCharset | undefined | null {
  const label = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType ?? '')?.[2]?.toLowerCase();
  if (label === undefined) return undefined;
  if (UTF8_LABELS.has(label)) return 'utf-8';
  return LATIN1_LABELS.has(label) ? 'latin1' : null;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The pairs of a query string or form body (`+` a space, `%xx` a byte, a broken escape kept as
 * written, as browsers keep it), each name and value decoded by the rule above. `raw` holds bytes as
 * characters the way it arrived: a URL as Node reads its request line (`latin1`, one character per
 * byte), a body as the form parser hands it (`utf8`).
 */
export function readOciPairs(
  raw: string,
  charset: OciCharset | undefined,
  rawEncoding: 'latin1' | 'utf8',
): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const separator = pair.indexOf('=');
    const name = separator === -1 ? pair : pair.slice(0, separator);
    const value = separator === -1 ? '' : pair.slice(separator + 1);
    pairs.push([decode(name, charset, rawEncoding), decode(value, charset, rawEncoding)]);
  }
  return pairs;
}

function decode(component: string, charset: OciCharset | undefined, rawEncoding: 'latin1' | 'utf8'): string {
  const bytes = percentDecode(Buffer.from(component.replace(/\+/g, ' '), rawEncoding));
  if (charset === 'latin1') return Buffer.from(bytes).toString('latin1');
  try {
    return UTF8.decode(bytes);
  } catch {
    // Declared UTF-8 but is not: what cannot be read becomes U+FFFD; undeclared: Latin-1.
    return charset === 'utf-8'
      ? new TextDecoder('utf-8').decode(bytes)
      : Buffer.from(bytes).toString('latin1');
  }
}

/** `%xx` escapes as the bytes they name; every other byte as it is. */
function percentDecode(bytes: Buffer): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x25 && i + 2 < bytes.length && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      out[length++] = parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16);
      i += 2;
    } else out[length++] = bytes[i];
  }
  return out.subarray(0, length);
}

const isHex = (byte: number | undefined): boolean =>
  byte !== undefined &&
  ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66));
