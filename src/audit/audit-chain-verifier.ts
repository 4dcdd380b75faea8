import { HashedAuditEvent } from './audit-event';
import { chainHash, GENESIS_HASH } from './audit-hash';

/** An event as stored or exported: the hashed fields plus the stored `hash` (hex). */
export interface StoredAuditEvent extends HashedAuditEvent {
  hash: string;
}

export interface ChainBreak {
  sequence: number;
  problem: string;
}

/**
 * Checks a chain one event at a time in sequence order, keeping only the last link, so any length
 * verifies in constant memory. Pure: the database walk, the export check and the offline script
 * all feed it. The first problem sticks; later events are neither judged nor counted.
 */
export class AuditChainVerifier {
  checked = 0;
  broken?: ChainBreak;
  private lastSequence: number;
  private lastHash: string;
  private readonly checkpoints = new Map<number, string>();

  /**
   * @param start where the chain (or the exported range) starts: the default is before event 1;
   *   `'first-event'` trusts the first event's sequence and prevHash (an export starting mid-way);
   *   a link `{sequence, hash}` continues after an event verified earlier (the next must link to it).
   * @param checkpoints hashes witnessed (and already signature-checked) at given sequences.
   */
  constructor(
    private readonly start: 'genesis' | 'first-event' | { sequence: number; hash: string } = 'genesis',
    checkpoints: Array<{ sequence: number; hash: string }> = [],
  ) {
    const after = typeof start === 'object' ? start : { sequence: 0, hash: GENESIS_HASH.toString('hex') };
    this.lastSequence = after.sequence;
    this.lastHash = after.hash;
    for (const checkpoint of checkpoints) this.checkpoints.set(checkpoint.sequence, checkpoint.hash);
  }

  get head(): { sequence: number; hash: string } {
    return { sequence: this.lastSequence, hash: this.lastHash };
  }

  /** Adds the next event; returns false once the chain is broken. */
  push(event: StoredAuditEvent): boolean {
    if (this.broken) return false;
    this.checked += 1;
    if (this.checked === 1 && this.start === 'first-event') {
      this.lastSequence = event.sequence - 1;
      this.lastHash = event.prevHash;
    }
    const sequence = event.sequence;
    const expected = this.lastSequence + 1;
    let problem: string | undefined;
    if (sequence !== expected) {
      problem =
        sequence > expected
          ? `sequence gap: expected ${expected}, found ${sequence}`
          : `sequence out of order: expected ${expected}, found ${sequence}`;
      this.broken = { sequence: Math.min(sequence, expected), problem };
      return false;
    }
    if (event.prevHash !== this.lastHash) {
      problem = `prevHash does not match the hash of event ${this.lastSequence}`;
    } else {
      let computed: string;
      try {
        // chainHash reads exactly the hashed fields, so the stored `hash` beside them is not hashed.
        computed = chainHash(event).toString('hex');
      } catch (error) {
        computed = `(${(error as Error).message})`;
      }
      if (computed !== event.hash) problem = "hash does not match the event's content";
      else {
        const witnessed = this.checkpoints.get(sequence);
        if (witnessed !== undefined && witnessed !== event.hash)
          problem = `hash differs from the signed checkpoint at sequence ${sequence}`;
      }
    }
    if (problem) {
      this.broken = { sequence, problem };
      return false;
    }
    this.lastSequence = sequence;
    this.lastHash = event.hash;
    return true;
  }

  /** Checkpoints beyond the last event seen: the chain is shorter than a witness saw it. */
  checkpointsBeyondHead(): number[] {
    return [...this.checkpoints.keys()]
      .filter((sequence) => sequence > this.lastSequence)
      .sort((a, b) => a - b);
  }
}
