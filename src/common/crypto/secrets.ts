import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** SHA-256 digest; secrets and tokens are 256-bit random, so a slow hash would add nothing. */
export function sha256(value: string): Uint8Array<ArrayBuffer> {
  // Copied into a plain ArrayBuffer-backed array: the shape Prisma's Bytes columns take.
  return Uint8Array.from(createHash('sha256').update(value, 'utf8').digest());
}

/** A new secret: a short recognisable prefix and 32 random bytes, base64url. */
export function generateSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Compares two digests in constant time (different lengths are simply unequal). */
export function digestsEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
