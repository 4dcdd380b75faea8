import type { Pool } from 'pg';
import { StoredAuditEvent } from './audit-chain-verifier';

export const AUDIT_READ_BATCH = 5_000;

interface EventRow {
  organization_id: string;
  sequence: string;
  occurred_at: Date;
  type: string;
  actor_user_id: string | null;
  actor_client_id: string | null;
  actor_label: string | null;
  session_id: string | null;
  payload: unknown;
  prev_hash: Buffer;
  hash: Buffer;
}

// Keyset paging on the (organization_id, sequence) unique index: every batch is one index range
// scan, however deep into the chain, and no cursor or transaction stays open between batches.
const BATCH_SQL = `
  SELECT organization_id, sequence::text AS sequence, occurred_at, type, actor_user_id, actor_client_id,
         actor_label, session_id, payload, prev_hash, hash
  FROM audit_event
  WHERE organization_id = $1::uuid AND sequence > $2::bigint AND sequence <= $3::bigint
  ORDER BY audit_event.sequence
  LIMIT $4`;

export function toStoredEvent(row: EventRow): StoredAuditEvent {
  return {
    organizationId: row.organization_id,
    sequence: Number(row.sequence),
    occurredAt: row.occurred_at.toISOString(),
    type: row.type,
    actorUserId: row.actor_user_id,
    actorClientId: row.actor_client_id,
    actorLabel: row.actor_label,
    sessionId: row.session_id,
    payload: row.payload,
    prevHash: row.prev_hash.toString('hex'),
    hash: row.hash.toString('hex'),
  };
}

/**
 * An organization's events with `after < sequence <= upTo`, in sequence order, as batches of at most
 * `batchSize`. The next batch is fetched while the caller works on the current one; memory holds two
 * batches at most, and a slow consumer (an HTTP download) simply delays the next query.
 */
export async function* readAuditEvents(
  pool: Pool,
  organizationId: string,
  range: { after: number; upTo: number },
  batchSize = AUDIT_READ_BATCH,
): AsyncGenerator<StoredAuditEvent[]> {
  const fetch = (after: number) =>
    after >= range.upTo
      ? Promise.resolve([] as EventRow[])
      : pool.query<EventRow>(BATCH_SQL, [organizationId, after, range.upTo, batchSize]).then((r) => r.rows);
  let pending = fetch(range.after);
  for (;;) {
    const rows = await pending;
    if (rows.length === 0) return;
    const last = Number(rows[rows.length - 1].sequence);
    pending = rows.length < batchSize ? Promise.resolve([]) : fetch(last);
    // A rejected prefetch must not go unhandled if the consumer stops early.
    pending.catch(() => undefined);
    yield rows.map(toStoredEvent);
  }
}
