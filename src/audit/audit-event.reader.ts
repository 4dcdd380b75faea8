import type { Pool } from 'pg';
import { StoredAuditEvent } from './audit-chain-verifier';

export const AUDIT_READ_BATCH = 5_000;

// Columns in this order; rows come back as arrays (no per-row object with named keys to build).
type EventRow = [
  sequence: string,
  occurredAt: string,
  type: string,
  actorUserId: string | null,
  actorClientId: string | null,
  actorLabel: string | null,
  sessionId: string | null,
  payload: unknown,
  prevHash: string,
  hash: string,
];

// Keyset paging on the (organization_id, sequence) unique index: every batch is one index range
// scan, however deep into the chain, and no cursor or transaction stays open between batches.
// PostgreSQL formats the time (ISO 8601 UTC, milliseconds: the column's precision, exactly what
// Date.toISOString gave at append) and the hex of the hashes, off this process's event loop.
// organization_id is not read back: every row matched it.
const BATCH_SQL = `
  SELECT sequence::text,
         to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         type, actor_user_id, actor_client_id, actor_label, session_id, payload,
         encode(prev_hash, 'hex'), encode(hash, 'hex')
  FROM audit_event
  WHERE organization_id = $1::uuid AND sequence > $2::bigint AND sequence <= $3::bigint
  ORDER BY audit_event.sequence
  LIMIT $4`;

function toStoredEvent(organizationId: string, row: EventRow): StoredAuditEvent {
  return {
    organizationId,
    sequence: Number(row[0]),
    occurredAt: row[1],
    type: row[2],
    actorUserId: row[3],
    actorClientId: row[4],
    actorLabel: row[5],
    sessionId: row[6],
    payload: row[7],
    prevHash: row[8],
    hash: row[9],
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
      : pool
          .query<EventRow>({
            text: BATCH_SQL,
            values: [organizationId, after, range.upTo, batchSize],
            rowMode: 'array',
          })
          .then((r) => r.rows);
  let pending = fetch(range.after);
  for (;;) {
    const rows = await pending;
    if (rows.length === 0) return;
    const last = Number(rows[rows.length - 1][0]);
    pending = rows.length < batchSize ? Promise.resolve([]) : fetch(last);
    // A rejected prefetch must not go unhandled if the consumer stops early.
    pending.catch(() => undefined);
    yield rows.map((row) => toStoredEvent(organizationId, row));
  }
}
