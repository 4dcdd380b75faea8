/**
 * A replica's lag in time, measured without trusting its clock or its last transaction's timestamp
 * (`pg_last_xact_replay_timestamp()` stands still on an idle primary, so an idle replica would look
 * ever more behind). Every check first samples the primary's flushed WAL position; a replica that has
 * replayed up to a sample taken at time t holds everything the primary had committed at t, so it is
 * at most `now - t` behind. The bound is exact to within one check interval.
 */

/** A WAL position ("16/B374D848") as a number that orders like PostgreSQL's pg_lsn. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  if (!match) throw new Error(`Not a WAL position: ${JSON.stringify(text)}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

interface Sample {
  at: number;
  lsn: bigint;
}

/** The primary's WAL positions over the last `windowMs`, oldest first. */
export class PrimaryWalSamples {
  private readonly samples: Sample[] = [];

  constructor(private readonly windowMs: number) {}

  record(at: number, lsn: bigint): void {
    // A clock that went backwards starts the history again: older samples would claim the future.
    const last = this.samples.at(-1);
    if (last !== undefined && at < last.at) this.samples.length = 0;
    this.samples.push({ at, lsn });
    // The newest sample older than the window is kept: it still bounds a replica behind all the others.
    while (this.samples.length > 2 && this.samples[1].at < at - this.windowMs) this.samples.shift();
  }

  /**
   * How far behind (ms) a replica that has replayed up to `replayed` is at most, at time `now`; or
   * undefined when it is behind every sample kept (more than the window) or nothing was sampled yet.
   */
  lagMs(replayed: bigint, now: number): number | undefined {
    for (let i = this.samples.length - 1; i >= 0; i--) {
      const sample = this.samples[i];
      if (sample.lsn <= replayed) return Math.max(0, now - sample.at);
    }
    return undefined;
  }
}
