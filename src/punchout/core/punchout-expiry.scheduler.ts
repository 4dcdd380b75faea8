import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AuditEventTypes } from '../../audit/audit-event';
import { PeriodicTask } from '../../common/schedule/periodic-task';
import { PunchoutStatus } from '../../generated/prisma/client';
import { PunchoutSessionsService } from './punchout-sessions.service';

/** How often lapsed sessions are swept (± 10%), and how many are read at a time (a sweep reads until none is left). */
export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;
export const EXPIRY_SWEEP_BATCH = 200;

/**
 * Ends sessions nobody comes back to: start links never opened in time, opened sessions idle past
 * PUNCHOUT_IDLE_TTL_SECONDS. Each becomes EXPIRED with its `punchout.expired` audit event, so the
 * record of every punchout has an end even when the buyer closed the window. (A buyer who does come
 * back finds the same outcome: pages expire a lapsed session on the spot too.) A periodic task
 * (jittered, never overlapping; a shutdown ends it after the session at hand); replicas may sweep
 * concurrently, each state change happens once.
 */
@Injectable()
export class PunchoutExpiryScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PunchoutExpiry');
  private readonly task: PeriodicTask<number>;

  constructor(
    private readonly sessions: PunchoutSessionsService,
    registry: SchedulerRegistry,
  ) {
    this.task = new PeriodicTask(registry, {
      name: 'punchout-expiry',
      everyMs: EXPIRY_SWEEP_INTERVAL_MS,
      run: (stopping) => this.sweep(stopping),
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** One sweep now (or the one in progress); how many sessions it ended. Failures wait for the next. */
  async runOnce(): Promise<number> {
    return (await this.task.runNow()) ?? 0;
  }

  /**
   * Batch after batch until nothing lapsed is left: a fixed batch per sweep (200 a minute) fell
   * behind as soon as sessions were created faster, however briefly, and unopened start links stayed
   * CREATED long past their expiry. Stops when a batch ends nothing (the others were ended elsewhere)
   * or the application stops.
   */
  private async sweep(stopping: AbortSignal): Promise<number> {
    let ended = 0;
    for (;;) {
      const lapsed = await this.sessions.lapsed(EXPIRY_SWEEP_BATCH);
      let endedNow = 0;
      for (const session of lapsed) {
        if (stopping.aborted) break;
        const reason = session.status === PunchoutStatus.CREATED ? 'start link not opened in time' : 'idle';
        const closed = await this.sessions.close(
          session,
          PunchoutStatus.EXPIRED,
          AuditEventTypes.punchoutExpired,
          {
            reason,
          },
        );
        if (closed) endedNow++;
      }
      ended += endedNow;
      if (lapsed.length < EXPIRY_SWEEP_BATCH || endedNow === 0 || stopping.aborted) break;
    }
    if (ended > 0) this.logger.log(`Expired ${ended} punchout session(s)`);
    return ended;
  }
}
