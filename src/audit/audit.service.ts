import { Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { Clock } from '../common/clock/clock';
import { Prisma } from '../generated/prisma/client';
import { AuditEventInput } from './audit-event';
import { canonicalEventParts, GENESIS_HASH } from './audit-hash';

/** A transaction to append in: Prisma's interactive transaction, or a pg client inside BEGIN/COMMIT. */
export type AuditTransaction = Prisma.TransactionClient | PoolClient;

export interface AppendedAuditEvent {
  sequence: bigint;
  hash: Buffer;
}

/** One parameterized SQL statement that changes something (it must end without RETURNING). */
export interface SqlChange {
  text: string;
  values: unknown[];
  /**
   * Common table expressions the change reads (`name AS (...), ...`), run in the same statement
   * before it: a change of several rows (a session and its protocol's own row) stays one statement.
   */
  with?: string;
}

/**
 * Advances the organization's chain head and inserts the event linked to it, in ONE statement.
 *
 * The upsert takes the head's row lock (creating the head at sequence 1 on first use); concurrent
 * appends for one organization queue there until the holder commits, other organizations do not
 * wait. The new hash is computed right there, SHA-256(prev || canonical), splicing the locked head's
 * hash (hex) and sequence into the event's canonical JSON, whose other parts (RFC 8785, by
 * json-canonicalize) this process computed beforehand. So the lock is held for this statement and the
 * commit only, never across a round trip to a busy Node process: that round trip had capped appends
 * to one organization at ~750/s on two cores (bench/audit-append.bench.js). Verification recomputes
 * every hash in TypeScript from the stored fields (audit-hash.ts), so both must and do agree
 * (test/integration/audit/audit-append.e2e-spec.ts).
 *
 * `$n` placeholders start after `offset`, so the statement can follow a change in one query.
 */
function appendStatement(offset: number, onlyIf: string): string {
  const p = (n: number) => `$${offset + n}`;
  const canonical = (prev: string, sequence: string) =>
    `convert_to(${p(9)}::text || encode(${prev}, 'hex') || '","sequence":' || (${sequence})::text || ',' || ${p(10)}::text, 'UTF8')`;
  return `
  head AS (
    INSERT INTO audit_chain_head AS h (organization_id, sequence, prev_hash, hash)
    SELECT ${p(1)}::uuid, 1, ${p(11)}::bytea, sha256(${p(11)}::bytea || ${canonical(`${p(11)}::bytea`, '1')})
    ${onlyIf}
    ON CONFLICT (organization_id) DO UPDATE
      SET sequence = h.sequence + 1,
          prev_hash = h.hash,
          hash = sha256(h.hash || ${canonical('h.hash', 'h.sequence + 1')})
    RETURNING sequence, prev_hash, hash),
  appended AS (
    INSERT INTO audit_event (organization_id, sequence, occurred_at, type, actor_user_id,
      actor_client_id, actor_label, session_id, payload, prev_hash, hash)
    SELECT ${p(1)}::uuid, head.sequence, ${p(2)}::timestamptz, ${p(3)}, ${p(4)}::uuid, ${p(5)}::uuid, ${p(6)},
           ${p(7)}::uuid, ${p(8)}::jsonb, head.prev_hash, head.hash
      FROM head
    RETURNING sequence, hash)`;
}

const APPEND_SQL = `WITH ${appendStatement(0, '')}
  SELECT sequence::text AS sequence, hash FROM appended`;

/**
 * The one way events enter the audit trail: `append` in the same transaction as the change it
 * records, so a change whose event cannot be written rolls back with it.
 */
@Injectable()
export class AuditService {
  constructor(private readonly clock: Clock) {}

  async append(tx: AuditTransaction, input: AuditEventInput): Promise<AppendedAuditEvent> {
    const [row] = await query<{ sequence: string; hash: Uint8Array }>(tx, APPEND_SQL, this.parameters(input));
    return { sequence: BigInt(row.sequence), hash: Buffer.from(row.hash) };
  }

  /**
   * `append` for a change that is one SQL statement (the punchout creation, the hot path): the change
   * and its event run as ONE autocommitted statement, so the chain's lock is held only while
   * PostgreSQL finishes the statement and commits. The event is written only if the change touched a
   * row; both or neither are stored. Answers whether the change happened.
   */
  async appendWithChange(pool: Pool, change: SqlChange, input: AuditEventInput): Promise<boolean> {
    const offset = change.values.length;
    const { rows } = await pool.query<{ changed: boolean }>(
      `WITH ${change.with ? `${change.with}, ` : ''}change AS (${change.text} RETURNING 1), ${appendStatement(offset, 'WHERE EXISTS (SELECT 1 FROM change)')}
       SELECT EXISTS (SELECT 1 FROM appended) AS changed`,
      [...change.values, ...this.parameters(input)],
    );
    return rows[0].changed;
  }

  private parameters(input: AuditEventInput): unknown[] {
    const event = {
      organizationId: input.organizationId,
      occurredAt: this.clock.now().toISOString(),
      type: input.type,
      actorUserId: input.actor.userId ?? null,
      actorClientId: input.actor.clientId ?? null,
      actorLabel: input.actor.label ?? null,
      sessionId: input.sessionId ?? null,
      // Exactly what jsonb will give back when the chain is verified (undefined dropped, Dates as text).
      payload: JSON.parse(JSON.stringify(input.payload)) as unknown,
    };
    const { before, after } = canonicalEventParts(event);
    // $1..$11 of appendStatement, in order.
    return [
      event.organizationId,
      event.occurredAt,
      event.type,
      event.actorUserId,
      event.actorClientId,
      event.actorLabel,
      event.sessionId,
      JSON.stringify(event.payload),
      before,
      after,
      GENESIS_HASH,
    ];
  }
}

async function query<T>(tx: AuditTransaction, sql: string, params: unknown[]): Promise<T[]> {
  if ('$queryRawUnsafe' in tx) return tx.$queryRawUnsafe<T[]>(sql, ...params);
  return (await tx.query(sql, params)).rows as T[];
}
