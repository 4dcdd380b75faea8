import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { Clock } from '../common/clock/clock';
import { Prisma } from '../generated/prisma/client';
import { AuditEventInput, HashedAuditEvent } from './audit-event';
import { chainHash, GENESIS_HASH } from './audit-hash';

/** A transaction to append in: Prisma's interactive transaction, or a pg client inside BEGIN/COMMIT. */
export type AuditTransaction = Prisma.TransactionClient | PoolClient;

export interface AppendedAuditEvent {
  sequence: bigint;
  hash: Buffer;
}

// Locks the organization's chain head (creating it at sequence 0 on first use) and returns it. The
// no-op DO UPDATE takes the row lock even when the row exists, in one round trip: concurrent appends
// for one organization queue here until the holder commits; other organizations do not wait.
const LOCK_HEAD_SQL = `
  INSERT INTO audit_chain_head (organization_id, sequence, hash) VALUES ($1::uuid, 0, $2)
  ON CONFLICT (organization_id) DO UPDATE SET sequence = audit_chain_head.sequence
  RETURNING sequence::text AS sequence, hash`;

const INSERT_EVENT_SQL = `
  WITH appended AS (
    INSERT INTO audit_event (organization_id, sequence, occurred_at, type, actor_user_id,
      actor_client_id, actor_label, session_id, payload, prev_hash, hash)
    VALUES ($1::uuid, $2::bigint, $3::timestamptz, $4, $5::uuid, $6::uuid, $7, $8::uuid, $9::jsonb, $10, $11)
    RETURNING organization_id)
  UPDATE audit_chain_head SET sequence = $2::bigint, hash = $11
  WHERE organization_id = (SELECT organization_id FROM appended)`;

/**
 * The one way events enter the audit trail: `append` in the same transaction as the change it
 * records, so a change whose event cannot be written rolls back with it.
 */
@Injectable()
export class AuditService {
  constructor(private readonly clock: Clock) {}

  async append(tx: AuditTransaction, input: AuditEventInput): Promise<AppendedAuditEvent> {
    const [head] = await query<{ sequence: string; hash: Uint8Array }>(tx, LOCK_HEAD_SQL, [
      input.organizationId,
      GENESIS_HASH,
    ]);
    const sequence = BigInt(head.sequence) + 1n;
    const event: HashedAuditEvent = {
      organizationId: input.organizationId,
      sequence: Number(sequence),
      occurredAt: this.clock.now().toISOString(),
      type: input.type,
      actorUserId: input.actor.userId ?? null,
      actorClientId: input.actor.clientId ?? null,
      actorLabel: input.actor.label ?? null,
      sessionId: input.sessionId ?? null,
      // Exactly what jsonb will give back when the chain is verified (undefined dropped, Dates as text).
      payload: JSON.parse(JSON.stringify(input.payload)) as unknown,
      prevHash: Buffer.from(head.hash).toString('hex'),
    };
    const hash = chainHash(event);
    await query(tx, INSERT_EVENT_SQL, [
      event.organizationId,
      event.sequence,
      event.occurredAt,
      event.type,
      event.actorUserId,
      event.actorClientId,
      event.actorLabel,
      event.sessionId,
      JSON.stringify(event.payload),
      Buffer.from(head.hash),
      hash,
    ]);
    return { sequence, hash };
  }
}

async function query<T>(tx: AuditTransaction, sql: string, params: unknown[]): Promise<T[]> {
  if ('$queryRawUnsafe' in tx) return tx.$queryRawUnsafe<T[]>(sql, ...params);
  return (await tx.query(sql, params)).rows as T[];
}
