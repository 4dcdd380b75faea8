import type { Pool } from 'pg';
import { StoredAuditEvent } from '../../src/audit/audit-chain-verifier';
import { AuditEventTypes } from '../../src/audit/audit-event';
import { readAuditEvents } from '../../src/audit/audit-event.reader';
import { chainHash } from '../../src/audit/audit-hash';
import { AuditService } from '../../src/audit/audit.service';
import { inPoolTransaction } from '../../src/database/pool-transaction';
import { PrismaService } from '../../src/database/prisma.service';
import { Organization } from '../../src/generated/prisma/client';
import { createOrganization } from '../factories/identity.factory';

/** Appends `count` events to an organization's chain through the real seam, one transaction each. */
export async function appendTestEvents(
  prisma: PrismaService,
  audit: AuditService,
  organizationId: string,
  count: number,
): Promise<void> {
  for (let i = 1; i <= count; i += 1) {
    await prisma.$transaction((tx) =>
      audit.append(tx, {
        organizationId,
        type: AuditEventTypes.guidanceRuleAdded,
        actor: { label: 'cli:test' },
        payload: { note: `event ${i}`, amount: i * 1.5 },
      }),
    );
  }
}

/** A new organization whose chain holds `count` events appended through the real seam. */
export async function createOrganizationWithEvents(
  prisma: PrismaService,
  audit: AuditService,
  count: number,
): Promise<Organization> {
  const organization = await createOrganization(prisma);
  await appendTestEvents(prisma, audit, organization.id, count);
  return organization;
}

/**
 * Runs SQL as the superuser with the append-only trigger off (one transaction, so nothing else sees
 * the window): what a database administrator could do behind the application's back.
 */
export async function behindTheTrigger(
  pool: Pool,
  work: (sql: (text: string, params?: unknown[]) => Promise<unknown>) => Promise<void>,
) {
  await inPoolTransaction(pool, async (client) => {
    await client.query('ALTER TABLE audit_event DISABLE TRIGGER audit_event_no_update_delete');
    await client.query('ALTER TABLE audit_chain_head DISABLE TRIGGER USER');
    await work((text, params) => client.query(text, params));
    await client.query('ALTER TABLE audit_chain_head ENABLE TRIGGER USER');
    await client.query('ALTER TABLE audit_event ENABLE TRIGGER audit_event_no_update_delete');
  });
}

/**
 * Rewrites an organization's history from `fromSequence` on and re-hashes every later event and the
 * head, so the chain is consistent in itself: only a checkpoint signed earlier can tell.
 */
export async function rewriteHistory(
  pool: Pool,
  organizationId: string,
  fromSequence: number,
  change: (event: StoredAuditEvent) => void,
): Promise<void> {
  const events: StoredAuditEvent[] = [];
  for await (const batch of readAuditEvents(pool, organizationId, {
    after: 0,
    upTo: Number.MAX_SAFE_INTEGER,
  })) {
    events.push(...batch);
  }
  await behindTheTrigger(pool, async (sql) => {
    let prevHash = events[fromSequence - 2]?.hash ?? '0'.repeat(64);
    for (const event of events.slice(fromSequence - 1)) {
      if (event.sequence === fromSequence) change(event);
      event.prevHash = prevHash;
      const { hash: _old, ...hashed } = event;
      event.hash = chainHash(hashed).toString('hex');
      await sql(
        'UPDATE audit_event SET payload = $3::jsonb, prev_hash = $4, hash = $5 WHERE organization_id = $1 AND sequence = $2',
        [
          organizationId,
          event.sequence,
          JSON.stringify(event.payload),
          Buffer.from(prevHash, 'hex'),
          Buffer.from(event.hash, 'hex'),
        ],
      );
      prevHash = event.hash;
    }
    await sql('UPDATE audit_chain_head SET hash = $2 WHERE organization_id = $1', [
      organizationId,
      Buffer.from(prevHash, 'hex'),
    ]);
  });
}

/**
 * Writes a valid chain of `count` events straight into the tables, many rows per statement (far
 * faster than appending one by one), and sets the head: for tests of long chains.
 */
export async function insertValidChain(pool: Pool, organizationId: string, count: number): Promise<void> {
  let prevHash = '0'.repeat(64);
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  for (let from = 1; from <= count; from += 5_000) {
    const columns: unknown[][] = [[], [], [], [], [], []];
    for (let sequence = from; sequence < Math.min(from + 5_000, count + 1); sequence += 1) {
      const event = {
        organizationId,
        sequence,
        occurredAt: new Date(start + sequence * 1000).toISOString(),
        type: AuditEventTypes.guidanceRuleAdded,
        actorUserId: null,
        actorClientId: null,
        actorLabel: 'cli:bulk',
        sessionId: null,
        payload: { note: `event ${sequence}` },
        prevHash,
      };
      const hash = chainHash(event).toString('hex');
      [
        sequence,
        event.occurredAt,
        JSON.stringify(event.payload),
        `\\x${prevHash}`,
        `\\x${hash}`,
        event.type,
      ].forEach((value, i) => columns[i].push(value));
      prevHash = hash;
    }
    await pool.query(
      `INSERT INTO audit_event (organization_id, sequence, occurred_at, payload, prev_hash, hash, type, actor_label)
       SELECT $1::uuid, s, o, p, ph, h, ty, 'cli:bulk'
       FROM unnest($2::bigint[], $3::timestamptz[], $4::jsonb[], $5::bytea[], $6::bytea[], $7::text[]) AS u(s, o, p, ph, h, ty)`,
      [organizationId, ...columns],
    );
  }
  // The head's guard lets it only advance one event at a time, so a bulk head is set behind it.
  await behindTheTrigger(pool, async (sql) => {
    await sql(
      `INSERT INTO audit_chain_head (organization_id, sequence, hash) VALUES ($1::uuid, $2, $3)
       ON CONFLICT (organization_id) DO UPDATE SET sequence = EXCLUDED.sequence, hash = EXCLUDED.hash`,
      [organizationId, count, Buffer.from(prevHash, 'hex')],
    );
  });
}
