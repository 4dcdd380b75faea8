import { Pool } from 'pg';
import { ReplicaState } from './replica-choice';
import { parseLsn, PrimaryWalSamples } from './wal-lag';

/** Bound on each check's connect and query (ms): a replica that does not answer in time is skipped. */
export const REPLICA_CHECK_TIMEOUT_MS = 2_000;

export interface ReplicaMonitorOptions {
  primaryUrl: string;
  replicaUrls: string[];
  labels: string[];
  maxLagMs: number;
  checkMs: number;
  now: () => number;
  log: (message: string) => void;
}

/** One replica's state as /readyz shows it (no host names: those are for the logs). */
export interface ReplicaStatus {
  usable: boolean;
  /** At most this far behind the primary (ms) at the last check; null when unknown or beyond the window. */
  lagMs: number | null;
  catalogVersion: string | null;
  /** Why it is skipped (absent when usable). */
  reason?: string;
}

interface Watched extends ReplicaState {
  pool: Pool;
  label: string;
  lagMs: number | undefined;
  reason: string | undefined;
}

const REPLICA_CHECK = `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed,
                              (SELECT version::text FROM catalog_version) AS catalog_version`;
const PRIMARY_CHECK = 'SELECT pg_current_wal_flush_lsn()::text AS lsn';

/** A pool of one connection for checks only: a busy read pool must not make a replica look down. */
function checkPool(url: string): Pool {
  const pool = new Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: REPLICA_CHECK_TIMEOUT_MS,
    query_timeout: REPLICA_CHECK_TIMEOUT_MS,
    statement_timeout: REPLICA_CHECK_TIMEOUT_MS,
    application_name: 'marketplace-gateway-replica-check',
    keepAlive: true,
  });
  // A lost idle connection is replaced on the next check; the check itself reports the outage.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * The per-process replica monitor: every `checkMs` it samples the primary's WAL position, then asks
 * each replica whether it is a standby, how far it has replayed and which catalog version it holds;
 * a replica is usable when it answers, is a standby and is within `maxLagMs` (wal-lag.ts). Changes
 * are logged once. A read that fails on a replica marks it unusable at once (`markFailed`), until the
 * next check finds it well.
 */
export class ReplicaMonitor {
  private readonly primary: Pool;
  private readonly watched: Watched[];
  private readonly samples: PrimaryWalSamples;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: ReplicaMonitorOptions) {
    this.primary = checkPool(options.primaryUrl);
    // Samples up to twice the bound back: enough to tell "behind by more than the bound".
    this.samples = new PrimaryWalSamples(2 * options.maxLagMs);
    this.watched = options.replicaUrls.map((url, index) => ({
      pool: checkPool(url),
      label: options.labels[index],
      usable: false,
      catalogVersion: undefined,
      lagMs: undefined,
      reason: 'not checked yet',
    }));
  }

  /** The states in configuration order (the objects change in place; read, never keep). */
  get states(): readonly ReplicaState[] {
    return this.watched;
  }

  start(): void {
    const loop = (): void => {
      this.running = this.check().finally(() => {
        this.running = undefined;
        if (!this.stopped) this.timer = setTimeout(loop, this.options.checkMs).unref();
      });
    };
    loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await Promise.all(
      [this.primary, ...this.watched.map((replica) => replica.pool)].map((pool) => pool.end()),
    );
  }

  /** One round of checks (start() repeats it). */
  async check(): Promise<void> {
    const startedAt = this.options.now();
    try {
      const { rows } = await this.primary.query<{ lsn: string }>(PRIMARY_CHECK);
      // Stamped with the time before asking: the position then was at most this (the lag is overstated, never under).
      this.samples.record(startedAt, parseLsn(rows[0].lsn));
    } catch {
      // No sample: the replicas' lag, measured against older samples, grows until the primary answers.
    }
    await Promise.all(this.watched.map((replica) => this.checkReplica(replica)));
  }

  /** A read on this replica failed because of the replica: skip it until a check finds it well. */
  markFailed(index: number, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.set(this.watched[index], false, `a read failed: ${message}`);
  }

  status(): ReplicaStatus[] {
    return this.watched.map((replica) => ({
      usable: replica.usable,
      lagMs: replica.lagMs ?? null,
      catalogVersion: replica.catalogVersion ?? null,
      ...(replica.usable ? {} : { reason: replica.reason }),
    }));
  }

  private async checkReplica(replica: Watched): Promise<void> {
    try {
      const { rows } = await replica.pool.query<{
        standby: boolean;
        replayed: string | null;
        catalog_version: string | null;
      }>(REPLICA_CHECK);
      const row = rows[0];
      replica.catalogVersion = row.catalog_version ?? undefined;
      if (!row.standby || row.replayed === null) {
        // Promoted, or a primary: it no longer follows our writes.
        replica.lagMs = undefined;
        this.set(replica, false, 'not a standby');
        return;
      }
      replica.lagMs = this.samples.lagMs(parseLsn(row.replayed), this.options.now());
      if (replica.lagMs === undefined || replica.lagMs > this.options.maxLagMs) {
        this.set(replica, false, `more than ${this.options.maxLagMs} ms behind the primary`);
      } else {
        this.set(replica, true, undefined);
      }
    } catch (error) {
      replica.lagMs = undefined;
      this.set(replica, false, `unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Logged when usability or the kind of reason changes, not on every check. */
  private set(replica: Watched, usable: boolean, reason: string | undefined): void {
    const kind = (text: string | undefined) => text?.split(':')[0];
    const changed = replica.usable !== usable || kind(replica.reason) !== kind(reason);
    replica.usable = usable;
    replica.reason = reason;
    if (!changed) return;
    this.options.log(
      usable
        ? `Read replica ${replica.label} is usable: reads go there`
        : `Read replica ${replica.label} is skipped (${reason}): its reads go to the others or the primary`,
    );
  }
}
