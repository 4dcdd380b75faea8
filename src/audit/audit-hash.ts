import { createHash } from 'node:crypto';
import { canonicalize } from 'json-canonicalize';
import { HashedAuditEvent } from './audit-event';

/** The "previous hash" of each chain's first event. */
export const GENESIS_HASH = Buffer.alloc(32);

/** RFC 8785 (JCS) canonical UTF-8 bytes of an event, the exact bytes that are hashed. */
export function canonicalEventBytes(event: HashedAuditEvent): Buffer {
  return Buffer.from(canonicalize(event), 'utf8');
}

/** hash = SHA-256(prevHash bytes || canonical(event)); see docs/audit.md. */
export function chainHash(event: HashedAuditEvent): Buffer {
  const prev = Buffer.from(event.prevHash, 'hex');
  if (prev.length !== 32) throw new Error('prevHash must be 32 bytes of hex');
  return createHash('sha256').update(prev).update(canonicalEventBytes(event)).digest();
}
