import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Clock } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { AuditChainService, AuditVerification, ChainHead } from '../../audit/audit-chain.service';

/** Events read per batch by the tracker's walks: short turns on the event loop between reads. */
const WALK_BATCH = 1_000;
/** Organizations whose last verification a process remembers (the least recently viewed go first). */
const MAX_RECORDS = 10_000;

/** What is known about an organization's chain: the latest result, and how and when it was reached. */
export interface VerificationRecord {
  /** Intact up to `result.head`, or the first break found (which stays until the next whole walk). */
  result: AuditVerification;
  /** The last walk from event 1: when it ended and the head it reached. */
  whole: { at: Date; upTo: number };
  /** When the result was last brought up to the head (by that walk or by the events appended since). */
  checkedAt: Date;
}

/** The dashboard's view of a chain: a record, or the first walk still running (with the head it is after). */
export type TrackedVerification =
  | { kind: 'recorded'; record: VerificationRecord; wholeWalkRunning: boolean }
  | { kind: 'running'; head: ChainHead };

/**
 * The compliance console's verification of each organization's chain, kept in this process so that
 * no page view walks a whole chain: a view checks only the events appended since the last result
 * (AuditChainService.verifySince), shared by every view of the organization at that moment; the walk
 * from event 1 runs in the background when an organization has no result yet or its last walk is
 * older than AUDIT_VERIFY_WHOLE_CHAIN_EVERY_SECONDS, one organization at a time for the whole
 * process, in batches that leave the event loop to other requests in between.
 */
@Injectable()
export class ConsoleVerificationTracker implements OnModuleDestroy {
  private readonly logger = new Logger('AuditVerification');
  private readonly records = new LRUCache<string, VerificationRecord>({ max: MAX_RECORDS });
  /** Per organization, the update of its record in progress (joined by concurrent views). */
  private readonly updates = new Map<string, Promise<void>>();
  /** Per organization, its whole walk queued or running (joined, never started twice). */
  private readonly wholeWalks = new Map<string, Promise<VerificationRecord | undefined>>();
  /** The walks run one after the other: N organizations' auditors never put N walks on the CPU at once. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly stopping = new AbortController();

  constructor(
    private readonly chain: AuditChainService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /**
   * The organization's verification as of now, for a page view: the events appended since the last
   * result are checked (waiting at most `waitMs`, then the previous result is shown, which says up to
   * where and when it was checked); a whole walk is started in the background when due.
   */
  async latest(organizationId: string, waitMs: number): Promise<TrackedVerification> {
    const known = this.records.get(organizationId);
    if (!known || this.wholeWalkDue(known)) void this.wholeWalk(organizationId);
    if (!known) {
      const walked = await within(this.wholeWalks.get(organizationId), waitMs);
      if (walked) return this.recorded(organizationId, walked);
      return { kind: 'running', head: await this.chain.head(organizationId) };
    }
    if (known.result.intact) await within(this.update(organizationId, known), waitMs);
    return this.recorded(organizationId, this.records.get(organizationId) ?? known);
  }

  /** Walks the whole chain now (or joins the walk queued or running) and returns its record. */
  async verifyWhole(organizationId: string): Promise<VerificationRecord> {
    const record = await this.wholeWalk(organizationId, { rethrow: true });
    return record as VerificationRecord;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort(new Error('the application is shutting down'));
    await this.queue;
    await Promise.allSettled([...this.updates.values()]);
  }

  private recorded(organizationId: string, record: VerificationRecord): TrackedVerification {
    return { kind: 'recorded', record, wholeWalkRunning: this.wholeWalks.has(organizationId) };
  }

  private wholeWalkDue(record: VerificationRecord): boolean {
    const everyMs = this.config.audit.verifyWholeChainEverySeconds * 1000;
    return this.clock.now().getTime() - record.whole.at.getTime() >= everyMs;
  }

  /** Checks the events appended since `known`, once per organization at a time. */
  private update(organizationId: string, known: VerificationRecord): Promise<void> {
    let running = this.updates.get(organizationId);
    if (!running) {
      running = this.chain
        .verifySince(organizationId, known.result.head, WALK_BATCH)
        .then((since) => {
          // A whole walk that ended meanwhile wrote a newer record: keep it.
          if (this.records.get(organizationId) !== known) return;
          this.records.set(organizationId, {
            result: { ...since, checked: known.result.checked + since.checked },
            whole: known.whole,
            checkedAt: this.clock.now(),
          });
        })
        .catch((error: unknown) => this.failed('the events appended since the last check', error))
        .finally(() => this.updates.delete(organizationId));
      this.updates.set(organizationId, running);
    }
    return running;
  }

  /** Queues the organization's whole walk unless one is queued or running; its record, or undefined when it failed. */
  private wholeWalk(
    organizationId: string,
    { rethrow = false } = {},
  ): Promise<VerificationRecord | undefined> {
    let walk = this.wholeWalks.get(organizationId);
    if (!walk) {
      walk = this.queue.then(async () => {
        this.stopping.signal.throwIfAborted();
        const result = await this.chain.verify(organizationId, [], {
          batchSize: WALK_BATCH,
          signal: this.stopping.signal,
        });
        const now = this.clock.now();
        const record = { result, whole: { at: now, upTo: result.head.sequence }, checkedAt: now };
        this.records.set(organizationId, record);
        return record;
      });
      const settled = walk.finally(() => this.wholeWalks.delete(organizationId));
      this.queue = settled.catch(() => undefined);
      walk = settled;
      this.wholeWalks.set(organizationId, walk);
    }
    return rethrow ? walk : walk.catch((error: unknown) => this.failed('the whole chain', error));
  }

  private failed(what: string, error: unknown): undefined {
    if (!this.stopping.signal.aborted) {
      this.logger.warn(`Verifying ${what} failed; the next page view tries again: ${String(error)}`);
    }
    return undefined;
  }
}

/** The promise's value if it settles within `ms`, else undefined (it goes on; a rejection is the caller's). */
async function within<T>(promise: Promise<T> | undefined, ms: number): Promise<T | undefined> {
  if (!promise) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
