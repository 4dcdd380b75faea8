import { randomBytes } from 'node:crypto';
import { digestsEqual, sha256 } from '../../common/crypto/secrets';

/**
 * The punchout's secrets: each is 32 random bytes (256 bits), base64url, with a short prefix so a
 * leaked value is recognisable. Only SHA-256 digests of the start token and the session key are
 * stored; the CSRF token is stored as is (useless without the session key).
 */
export const START_TOKEN_PREFIX = 'pst_';
export const SESSION_KEY_PREFIX = 'psk_';

/** base64url of 32 bytes is 43 characters. */
const SECRET_PATTERN = (prefix: string) => new RegExp(`^${prefix}[A-Za-z0-9_-]{43}$`);
const START_TOKEN_PATTERN = SECRET_PATTERN(START_TOKEN_PREFIX);
const SESSION_KEY_PATTERN = SECRET_PATTERN(SESSION_KEY_PREFIX);

export const newStartToken = (): string => START_TOKEN_PREFIX + randomBytes(32).toString('base64url');
export const newSessionKey = (): string => SESSION_KEY_PREFIX + randomBytes(32).toString('base64url');
export const newCsrfToken = (): string => randomBytes(32).toString('base64url');
/** Non-secret reference shown to the buyer and support ("PO-..."). */
export const newPublicId = (): string => `PO-${randomBytes(9).toString('base64url')}`;

/** Well-formed start token? Malformed ones are answered like unknown ones, without a query. */
export const isStartToken = (value: string): boolean => START_TOKEN_PATTERN.test(value);
export const isSessionKey = (value: string): boolean => SESSION_KEY_PATTERN.test(value);

export const digestOf = (secret: string): Uint8Array<ArrayBuffer> => sha256(secret);

/** Constant-time comparison of a posted CSRF token with the session's. */
export function csrfTokenMatches(posted: unknown, expected: string): boolean {
  if (typeof posted !== 'string') return false;
  return digestsEqual(sha256(posted), sha256(expected));
}
