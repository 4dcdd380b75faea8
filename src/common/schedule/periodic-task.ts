import { Logger } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';

export interface PeriodicTaskOptions<T> {
  /** Its name in the scheduler registry and in the logs, e.g. `punchout-expiry`. */
  name: string;
  /** The pause between the end of one run and the start of the next. */
  everyMs: number;
  /**
   * Each pause is `everyMs` plus or minus this share of it, drawn anew every time (default 0.1):
   * replicas started together drift apart instead of sweeping the same rows at the same moment.
   */
  jitter?: number;
  /**
   * One run. `stopping` is aborted when the application shuts down: a run that works in steps (a
   * sweep of many sessions) ends after the current step; the shutdown waits for it.
   */
  run(stopping: AbortSignal): Promise<T>;
}

/**
 * A task that runs every so often in the background: the one way the gateway schedules work.
 *
 * Its pending timer is registered in @nestjs/schedule's SchedulerRegistry (which lists every job
 * and clears them when the application closes). The timing itself is here because none of that
 * module's triggers fits: `@Interval` is a bare setInterval fixed when the class is declared (no
 * overlap guard, no jitter, not from the configuration) and `@Cron` fires on the wall clock's
 * seconds, the same second on every replica. So:
 * - **no overlap**: the next run is timed from the end of the previous one, and `runNow()` during a
 *   run joins it instead of starting another;
 * - **jitter** on every pause (above);
 * - **shutdown**: `stop()` clears the timer, aborts the run in progress and waits for it, so that no
 *   run outlives the database pool (call it from `onModuleDestroy`: feature modules are destroyed
 *   before the global database module);
 * - a failed run is logged and the next one comes as planned; the timer never keeps the process alive.
 */
export class PeriodicTask<T> {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T | undefined> | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly registry: SchedulerRegistry,
    private readonly options: PeriodicTaskOptions<T>,
    /** A number in [0, 1): tests make the jitter predictable. */
    private readonly random: () => number = Math.random,
  ) {
    this.logger = new Logger(options.name);
  }

  /** Plans the first run one (jittered) pause from now. */
  start(): void {
    if (this.stopping.signal.aborted || this.timer) return;
    this.planNext();
  }

  /** Runs now, or joins the run in progress; resolves to its result (undefined when it failed). */
  runNow(): Promise<T | undefined> {
    this.running ??= this.runOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Stops planning runs, asks the run in progress to end, and waits for it. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.clearTimer();
    await this.running;
  }

  /** The pause before the next run: `everyMs` ± jitter. */
  nextPauseMs(): number {
    const { everyMs, jitter = 0.1 } = this.options;
    return Math.round(everyMs * (1 + jitter * (2 * this.random() - 1)));
  }

  private planNext(): void {
    this.clearTimer();
    if (this.stopping.signal.aborted) return;
    const timer = setTimeout(() => {
      this.forgetTimer(timer);
      void this.runNow().finally(() => this.planNext());
    }, this.nextPauseMs());
    timer.unref();
    this.timer = timer;
    this.registry.addTimeout(this.options.name, timer);
  }

  private async runOnce(): Promise<T | undefined> {
    try {
      return await this.options.run(this.stopping.signal);
    } catch (error) {
      this.logger.warn(
        `${this.options.name} failed, retrying in about ${Math.round(this.options.everyMs / 1000)} s: ${(error as Error).message}`,
      );
      return undefined;
    }
  }

  private clearTimer(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.forgetTimer(this.timer);
    }
  }

  private forgetTimer(timer: NodeJS.Timeout): void {
    if (this.timer !== timer) return;
    this.timer = undefined;
    if (this.registry.doesExist('timeout', this.options.name)) this.registry.deleteTimeout(this.options.name);
  }
}
