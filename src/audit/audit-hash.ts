import { createHash, hash as oneShotHash } from 'node:crypto';
import { canonicalize } from 'json-canonicalize';
import { HashedAuditEvent } from './audit-event';

/** The "previous hash" of each chain's first event. */
export const GENESIS_HASH = Buffer.alloc(32);

/** RFC 8785 (JCS) canonical UTF-8 bytes of an event, the exact bytes that are hashed. */
export function canonicalEventBytes(event: HashedAuditEvent): Buffer {
  return Buffer.from(canonicalize(event), 'utf8');
}

const json = JSON.stringify;

/**
 * The same RFC 8785 text as `canonicalize(event)`, faster for the one shape that is hashed: the
 * top-level keys are fixed, so they are written in JCS order (sorted by UTF-16 code units), string
 * values are serialized by JSON.stringify exactly as RFC 8785 3.2.2.2 prescribes, and the payload and
 * the sequence number go through the library. Verification of long chains spends most of its time
 * here; audit-hash.spec.ts checks it against the library on varied events.
 */
export function canonicalEventJson(event: HashedAuditEvent): string {
  return canonicalJson(event, '');
}

/**
 * The canonical JSON of an event with its `hash` as one more member (a line of the JSON Lines
 * export): the same text as `canonicalize({...event, hash})`, `"hash"` sorting after `"actorUserId"`.
 */
export function canonicalEventWithHashJson(event: HashedAuditEvent & { hash: string }): string {
  return canonicalJson(event, `"hash":${json(event.hash)},`);
}

function canonicalJson(event: HashedAuditEvent, hashMember: string): string {
  const { before, after } = canonicalEventParts(event, hashMember);
  return `${before}${event.prevHash}","sequence":${canonicalize(event.sequence)},${after}`;
}

/** What an event's canonical JSON holds around `prevHash` and `sequence`, the two members only known once the chain is locked. */
export interface CanonicalEventParts {
  /** Everything up to and including `"prevHash":"`. */
  before: string;
  /** Everything after `"sequence":N,` (starting with `"sessionId":`). */
  after: string;
}

/**
 * The canonical JSON of an event split around its `prevHash` hex and `sequence` (adjacent in JCS key
 * order): canonical = before + prevHashHex + '","sequence":' + sequence + ',' + after. The append
 * statement splices the chain head's values in there inside PostgreSQL, so the head's lock is never
 * held across a round trip to this process (see audit.service.ts).
 */
export function canonicalEventParts(
  event: Omit<HashedAuditEvent, 'prevHash' | 'sequence'>,
  hashMember = '',
): CanonicalEventParts {
  return {
    before:
      `{"actorClientId":${json(event.actorClientId)},"actorLabel":${json(event.actorLabel)},` +
      `"actorUserId":${json(event.actorUserId)},${hashMember}"occurredAt":${json(event.occurredAt)},` +
      `"organizationId":${json(event.organizationId)},"payload":${canonicalize(event.payload)},"prevHash":"`,
    after: `"sessionId":${json(event.sessionId)},"type":${json(event.type)}}`,
  };
}

/** hash = SHA-256(prevHash bytes || canonical(event)); see docs/audit.md. */
export function chainHash(event: HashedAuditEvent): Buffer {
  const prev = Buffer.from(event.prevHash, 'hex');
  if (prev.length !== 32) throw new Error('prevHash must be 32 bytes of hex');
  return oneShotHash(
    'sha256',
    Buffer.concat([prev, Buffer.from(canonicalEventJson(event), 'utf8')]),
    'buffer',
  );
}

/** The reference form of chainHash, straight from the definition (tests compare the two). */
export function referenceChainHash(event: HashedAuditEvent): Buffer {
  return createHash('sha256')
    .update(Buffer.from(event.prevHash, 'hex'))
    .update(canonicalEventBytes(event))
    .digest();
}
