import { types } from 'node:util';
import { DatabaseError } from 'pg';

/** What the monitor last found out about one replica. */
export interface ReplicaState {
  /** Whether reads may go there: a standby, answering, within the lag bound. */
  usable: boolean;
  /** The catalog version it has replayed (catalog_version), as text; undefined before the first check. */
  catalogVersion: string | undefined;
}

/**
 * Which replica serves the next read, round-robin from `cursor` among the usable ones that have
 * replayed at least `minCatalogVersion` (when given); undefined: the primary serves it. A cache keyed
 * by catalog version V must only be filled from data of version V or later, and a standby replays
 * the primary's commits in order, so one that has shown V once holds V (or later) from then on.
 */
export function chooseReplica(
  states: readonly ReplicaState[],
  cursor: number,
  minCatalogVersion?: string,
): number | undefined {
  for (let step = 0; step < states.length; step++) {
    const index = (cursor + step) % states.length;
    const state = states[index];
    if (!state.usable) continue;
    if (minCatalogVersion !== undefined && !hasReplayed(state.catalogVersion, minCatalogVersion)) continue;
    return index;
  }
  return undefined;
}

/** Whether catalog version `seen` is `wanted` or later (both integers as text). */
export function hasReplayed(seen: string | undefined, wanted: string): boolean {
  if (seen === undefined || !/^\d+$/.test(seen) || !/^\d+$/.test(wanted)) return false;
  return BigInt(seen) >= BigInt(wanted);
}

/**
 * SQLSTATEs that say the replica, not the read, is the problem: connection failures (class 08), a
 * server shutting down or starting (57P01-57P03), and a read cancelled by a conflict with WAL replay
 * (40001, 40P01 on a standby). A statement timeout (57014) or any other error is the read's own.
 */
const REPLICA_FAILURES = /^(08...|57P0[123]|40001|40P01)$/;

/**
 * Whether a read failed because of the replica it ran on, so it may be run again on the primary. Errors
 * without a server answer (refused or lost connections, the client-side read timeout) are the replica's.
 */
export function isReplicaFailure(error: unknown): boolean {
  if (error instanceof DatabaseError) return REPLICA_FAILURES.test(error.code ?? '');
  // isNativeError: Node's socket errors may come from another realm (a test VM), where instanceof fails.
  return error instanceof Error || types.isNativeError(error);
}
