import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AuditEventTypes } from '../audit/audit-event';
import { PunchoutStatus } from '../generated/prisma/client';
import { PunchoutSessionsService } from './punchout-sessions.service';

/** How often lapsed sessions are swept, and how many per sweep at most (the next sweep takes the rest). */
export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;
export const EXPIRY_SWEEP_BATCH = 200;

/**
 * Ends sessions nobody comes back to: start links never opened in time, opened sessions idle past
 * PUNCHOUT_IDLE_TTL_SECONDS. Each becomes EXPIRED with its `punchout.expired` audit event, so the
 * record of every punchout has an end even when the buyer closed the window. (A buyer who does come
 * back finds the same outcome: pages expire a lapsed session on the spot too.) A plain unref'd timer
 * that never overlaps itself; replicas may sweep concurrently, each state change happens once.
 */
@Injectable()
export class PunchoutExpiryScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PunchoutExpiry');
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(private readonly sessions: PunchoutSessionsService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.runOnce(), EXPIRY_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One sweep; returns how many sessions it ended. Failures are logged and retried next time. */
  async runOnce(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const lapsed = await this.sessions.lapsed(EXPIRY_SWEEP_BATCH);
      let ended = 0;
      for (const session of lapsed) {
        const reason = session.status === PunchoutStatus.CREATED ? 'start link not opened in time' : 'idle';
        const closed = await this.sessions.close(
          session,
          PunchoutStatus.EXPIRED,
          AuditEventTypes.punchoutExpired,
          {
            reason,
          },
        );
        if (closed) ended++;
      }
      if (ended > 0) this.logger.log(`Expired ${ended} punchout session(s)`);
      return ended;
    } catch (error) {
      this.logger.warn(`Punchout expiry sweep failed, retrying next interval: ${(error as Error).message}`);
      return 0;
    } finally {
      this.running = false;
    }
  }
}
