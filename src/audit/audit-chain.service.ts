import { Injectable } from '@nestjs/common';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { Clock } from '../common/clock/clock';
import { PrismaService } from '../database/prisma.service';
import { AuditChainVerifier } from './audit-chain-verifier';
import { AuditCheckpoint, checkpointProblem } from './audit-checkpoint';
import { AUDIT_READ_BATCH, readAuditEvents } from './audit-event.reader';
import { GENESIS_HASH } from './audit-hash';
import { AuditSigningKey } from './audit-signing-key';

export type { AuditCheckpoint } from './audit-checkpoint';

export interface AuditVerification {
  intact: boolean;
  /** Events checked, up to and including the first broken one. */
  checked: number;
  /** The chain head as recorded in audit_chain_head (what verification compared against). */
  head: { sequence: number; hash: string };
  /** The first event that does not verify (gap, wrong link, wrong hash, differs from a checkpoint). */
  firstBrokenSequence?: number;
  problem?: string;
}

export interface ChainHead {
  sequence: number;
  hash: string;
}

/**
 * Reads an organization's chain back and checks it: every event from 1 in constant memory, the head
 * row, and signed checkpoints given from outside (which catch a history rewritten and re-hashed).
 */
@Injectable()
export class AuditChainService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly key: AuditSigningKey,
    private readonly clock: Clock,
  ) {}

  /** The recorded head: sequence 0 and 32 zero bytes before the first event. */
  async head(organizationId: string): Promise<ChainHead> {
    return (await this.headAndLastEvent(organizationId)).head;
  }

  /**
   * The head row and the highest stored event, read in ONE statement (one snapshot): an append
   * writes both in one transaction, so they agree unless someone moved or removed the head.
   */
  private async headAndLastEvent(
    organizationId: string,
  ): Promise<{ head: ChainHead; recorded: boolean; lastEvent: number }> {
    const { rows } = await this.prisma.pool.query<{
      sequence: string | null;
      hash: Buffer | null;
      last_event: string | null;
    }>(
      `SELECT h.sequence::text AS sequence, h.hash,
              (SELECT max(e.sequence) FROM audit_event e WHERE e.organization_id = $1::uuid)::text AS last_event
         FROM (SELECT $1::uuid AS id) o LEFT JOIN audit_chain_head h ON h.organization_id = o.id`,
      [organizationId],
    );
    const [row] = rows;
    const lastEvent = Number(row.last_event ?? 0);
    return row.sequence === null || row.hash === null
      ? { head: { sequence: 0, hash: GENESIS_HASH.toString('hex') }, recorded: false, lastEvent }
      : {
          head: { sequence: Number(row.sequence), hash: row.hash.toString('hex') },
          recorded: true,
          lastEvent,
        };
  }

  /** A fresh checkpoint of the current head, signed with the gateway's key. */
  async signedHead(organizationId: string): Promise<AuditCheckpoint> {
    const head = await this.head(organizationId);
    return this.key.sign({
      organization: organizationId,
      sequence: head.sequence,
      hash: head.hash,
      time: this.clock.now().toISOString(),
    });
  }

  /**
   * Walks the whole chain from event 1 against the head (and signed checkpoints given from outside).
   * `batchSize`: events per read (smaller ones give other requests more turns); `signal` stops the
   * walk between batches (a shutdown).
   */
  async verify(
    organizationId: string,
    checkpoints: AuditCheckpoint[] = [],
    options: { batchSize?: number; signal?: AbortSignal } = {},
  ): Promise<AuditVerification> {
    // The head is read first; events appended while we verify lie beyond it and are left for next time.
    // The last event is read in the same snapshot: any event beyond the head then is not an append
    // in flight but a head moved back or deleted, which would hide those events from verification.
    const { head, recorded, lastEvent } = await this.headAndLastEvent(organizationId);
    for (const checkpoint of checkpoints) {
      const problem =
        checkpointProblem(checkpoint, this.key.publicKey) ??
        (checkpoint.organization === organizationId
          ? undefined
          : `checkpoint at sequence ${checkpoint.sequence} is for another organization`);
      if (problem) return { intact: false, checked: 0, head, problem };
    }
    if (!recorded && lastEvent > 0) {
      return {
        intact: false,
        checked: 0,
        head,
        firstBrokenSequence: 1,
        problem: `the chain head is missing while events 1 to ${lastEvent} exist`,
      };
    }
    const verifier = new AuditChainVerifier('genesis', checkpoints);
    return this.walk(organizationId, { head, lastEvent }, verifier, options);
  }

  /**
   * Verifies only the events appended since `verified`, a link this process checked earlier (the
   * head a previous verification reached): the first new event must link to its hash, so a history
   * rewritten and re-hashed since is caught too. `checked` counts the new events. Work grows with
   * what was appended, not with the chain: what the console's dashboard runs on a page view.
   */
  async verifySince(
    organizationId: string,
    verified: ChainHead,
    batchSize = AUDIT_READ_BATCH,
  ): Promise<AuditVerification> {
    const { head, lastEvent } = await this.headAndLastEvent(organizationId);
    const broken = (sequence: number, problem: string): AuditVerification => ({
      intact: false,
      checked: 0,
      head,
      firstBrokenSequence: sequence,
      problem,
    });
    if (head.sequence < verified.sequence) {
      return broken(
        head.sequence + 1,
        `the chain head moved back from sequence ${verified.sequence}, verified earlier, to ${head.sequence}`,
      );
    }
    if (head.sequence === verified.sequence && head.hash !== verified.hash) {
      return broken(head.sequence, `the hash at sequence ${head.sequence} changed since it was verified`);
    }
    return this.walk(organizationId, { head, lastEvent }, new AuditChainVerifier(verified), { batchSize });
  }

  /** Feeds the verifier the events after its start up to the head, then judges the head and beyond. */
  private async walk(
    organizationId: string,
    { head, lastEvent }: { head: ChainHead; lastEvent: number },
    verifier: AuditChainVerifier,
    { batchSize = AUDIT_READ_BATCH, signal }: { batchSize?: number; signal?: AbortSignal },
  ): Promise<AuditVerification> {
    for await (const batch of readAuditEvents(
      this.prisma.pool,
      organizationId,
      { after: verifier.head.sequence, upTo: head.sequence },
      batchSize,
    )) {
      for (const event of batch) verifier.push(event);
      if (verifier.broken) break;
      // The next batch is often fetched already: let other requests run between batches.
      await yieldToOthers();
      signal?.throwIfAborted();
    }
    const result = (broken: { sequence: number; problem: string }): AuditVerification => ({
      intact: false,
      checked: verifier.checked,
      head,
      firstBrokenSequence: broken.sequence,
      problem: broken.problem,
    });
    if (verifier.broken) return result(verifier.broken);
    const reached = verifier.head;
    if (reached.sequence < head.sequence) {
      return result({
        sequence: reached.sequence + 1,
        problem: `event ${reached.sequence + 1} is missing (the head is at ${head.sequence})`,
      });
    }
    if (reached.hash !== head.hash) {
      return result({ sequence: head.sequence, problem: 'the chain head does not match the last event' });
    }
    if (lastEvent > head.sequence) {
      return result({
        sequence: head.sequence + 1,
        problem: `event ${head.sequence + 1} lies beyond the chain head at sequence ${head.sequence} (the last event is ${lastEvent})`,
      });
    }
    // Unlike an export (which may simply be older than a checkpoint), the database is the chain
    // itself and its head never moves back: a checkpoint beyond it means recorded events are gone.
    const beyond = verifier.checkpointsBeyondHead();
    if (beyond.length > 0) {
      return result({
        sequence: head.sequence + 1,
        problem:
          `a signed checkpoint saw sequence ${beyond[0]}, beyond the head ${head.sequence}: events were ` +
          'removed, or the database was restored from a backup older than the checkpoint',
      });
    }
    return { intact: true, checked: verifier.checked, head };
  }
}
