import { Injectable } from '@nestjs/common';
import type { AuditEventInput } from '../../audit/audit-event';
import { AuditService } from '../../audit/audit.service';
import { PrismaService } from '../../database/prisma.service';
import type { Prisma } from '../../generated/prisma/client';

/** A new session's row, as the one INSERT of a punchout session writes it. */
export interface NewSessionRow {
  id: string;
  publicId: string;
  /** The one-time start link's digest (a session the browser opens later), else null. */
  startTokenHash: Uint8Array | null;
  /** The session key's digest (a session opened at once), else null. */
  keyHash: Uint8Array | null;
  csrfToken: string;
  organizationId: string;
  userId: string;
  clientId: string;
  productId: string | null;
  callbackUrl: string;
  target: string;
  requesterName: string | null;
  shipTo: object | null;
  status: 'CREATED' | 'OPENED';
  protocol: string;
  readOnly: boolean;
  createdAt: Date;
  openedAt: Date | null;
  expiresAt: Date;
}

/**
 * An entry message's id (a cXML payloadID) that must be new for its client: seen within the window
 * (since `since`), the session is not inserted. Accepted ids are remembered; older ones are pruned
 * on the way, so the table holds one window of messages.
 */
export interface MessageIdGuard {
  clientId: string;
  messageId: string;
  since: Date;
  now: Date;
}

/** What the insert checks itself, in its own statement (no round trip before it on the hot path). */
export interface InsertConditions {
  /** Only when the row's product exists (the REST entry; the other entries look products up). */
  productExists?: boolean;
  /** Only when the row's client allows callbacks to this origin (or names no origins). */
  callbackOrigin?: string;
  /** Only when this message id is new for the client (remembered with the insert). */
  messageId?: MessageIdGuard;
}

/** A value of a companion row's column: text, a flag, a time, or JSON. */
export type ColumnValue = string | boolean | Date | { json: unknown } | null;

/**
 * An entry's own row written in the same statement as its session (a cXML session's facts): its
 * table and columns; `session_id` is the new session's id.
 */
export interface CompanionRow {
  table: string;
  columns: Record<string, ColumnValue>;
}

/** Lower-case SQL identifiers only: a companion row's names are code, never input, and checked anyway. */
const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

/** The values of one statement and their placeholders, in one place (no offsets to keep in step). */
class Parameters {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The punchout session's one INSERT, and the message-id guard that may go with it. Two ways to run
 * it: as ONE autocommitted statement with its audit event (AuditService.appendWithChange: the
 * organization's chain is locked for that statement's commit only; the REST entry's and the cXML
 * setup's hot paths), or inside a transaction for work that must commit with the session (an opened
 * session's events, a cart handed over). The conditions are part of the statement; a refused
 * insert writes nothing. It reads the product and client tables (the only SQL of punchout that
 * does): saves two round trips on the path every punchout takes (bench/punchout.bench.js).
 */
@Injectable()
export class PunchoutSessionRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  /** Inserts the session (and its companion row) with its event in one statement; false when refused. */
  insertWithEvent(
    row: NewSessionRow,
    conditions: InsertConditions,
    companion: CompanionRow | null,
    event: AuditEventInput,
  ): Promise<boolean> {
    const params = new Parameters();
    const { ctes, insert } = sessionInsert(params, row, conditions);
    const change = companion
      ? {
          with: [...ctes, `session AS (${insert} RETURNING id)`].join(', '),
          text: companionInsert(params, companion),
        }
      : { with: ctes.length > 0 ? ctes.join(', ') : undefined, text: insert };
    return this.audit.appendWithChange(this.prisma.pool, { ...change, values: params.values }, event);
  }

  /** Inserts the session (and its companion row) in the caller's transaction; false when refused. */
  async insertIn(
    tx: Prisma.TransactionClient,
    row: NewSessionRow,
    conditions: InsertConditions,
    companion: CompanionRow | null,
  ): Promise<boolean> {
    const params = new Parameters();
    const { ctes, insert } = sessionInsert(params, row, conditions);
    const steps = companion
      ? [
          `session AS (${insert} RETURNING id)`,
          `inserted AS (${companionInsert(params, companion)} RETURNING 1)`,
        ]
      : [`inserted AS (${insert} RETURNING 1)`];
    const [result] = await tx.$queryRawUnsafe<Array<{ inserted: number }>>(
      `WITH ${[...ctes, ...steps].join(', ')} SELECT count(*)::int AS inserted FROM inserted`,
      ...params.values,
    );
    return result?.inserted === 1;
  }
}

/** The session INSERT ... SELECT with its conditions, and the CTEs (the message-id guard) it reads. */
function sessionInsert(
  params: Parameters,
  row: NewSessionRow,
  conditions: InsertConditions,
): { ctes: string[]; insert: string } {
  const p = (value: unknown) => params.add(value);
  const ctes: string[] = [];
  const guards: string[] = [];
  if (conditions.messageId) {
    ctes.push(...messageIdCtes(params, conditions.messageId));
    guards.push('EXISTS (SELECT 1 FROM fresh_message)');
  }
  const productId = p(row.productId);
  const clientId = p(row.clientId);
  // A product offered only in other organizations' contract catalogs does not exist for this one (404,
  // as an unknown id): it has no marketplace offer and some other organization's contract offer.
  if (conditions.productExists)
    guards.push(`EXISTS (SELECT 1 FROM product pr WHERE pr.id = ${productId}::text
                  AND (pr.offer_count > 0 OR NOT EXISTS (
                        SELECT 1 FROM offer o WHERE o.product_id = pr.id AND o.organization_id <> ${p(row.organizationId)}::uuid)))`);
  if (conditions.callbackOrigin !== undefined)
    guards.push(`EXISTS (SELECT 1 FROM oauth_client c
                  WHERE c.id = ${clientId}::uuid
                    AND (cardinality(c.callback_origins) = 0
                         OR ${p(conditions.callbackOrigin)}::text = ANY (SELECT lower(o) FROM unnest(c.callback_origins) AS o)))`);
  const bytes = (value: Uint8Array | null) => (value === null ? null : Buffer.from(value));
  const insert = `INSERT INTO punchout_session (id, public_id, start_token_hash, key_hash, csrf_token, organization_id,
           user_id, client_id, product_id, callback_url, target, requester_name, ship_to, status, protocol,
           read_only, created_at, opened_at, expires_at)
    SELECT ${p(row.id)}::uuid, ${p(row.publicId)}, ${p(bytes(row.startTokenHash))}::bytea, ${p(bytes(row.keyHash))}::bytea,
           ${p(row.csrfToken)}, ${p(row.organizationId)}::uuid, ${p(row.userId)}::uuid, ${clientId}::uuid,
           ${productId}::text, ${p(row.callbackUrl)}, ${p(row.target)}, ${p(row.requesterName)},
           ${p(row.shipTo === null ? null : JSON.stringify(row.shipTo))}::jsonb, ${p(row.status)}::punchout_status,
           ${p(row.protocol)}, ${p(row.readOnly)}::boolean, ${p(row.createdAt)}::timestamptz,
           ${p(row.openedAt)}::timestamptz, ${p(row.expiresAt)}::timestamptz
     ${guards.length > 0 ? `WHERE ${guards.join(' AND ')}` : ''}`;
  return { ctes, insert };
}

/**
 * The message-id guard as CTEs: `fresh_message` returns a row when the client's id is new (or last
 * seen before `since`), remembering it; entries older than that are pruned on the way. Two requests
 * with the same id at once: the second waits for the first's transaction on the key, then sees it.
 */
function messageIdCtes(params: Parameters, guard: MessageIdGuard): string[] {
  const since = params.add(guard.since);
  const client = params.add(guard.clientId);
  const id = params.add(guard.messageId);
  return [
    `pruned_messages AS (
      DELETE FROM cxml_payload
       WHERE received_at < ${since}::timestamptz AND NOT (client_id = ${client}::uuid AND payload_id = ${id}))`,
    `fresh_message AS (
      INSERT INTO cxml_payload (client_id, payload_id, received_at)
      VALUES (${client}::uuid, ${id}, ${params.add(guard.now)}::timestamptz)
      ON CONFLICT (client_id, payload_id) DO UPDATE SET received_at = EXCLUDED.received_at
        WHERE cxml_payload.received_at < ${since}::timestamptz
      RETURNING 1)`,
  ];
}

/** The companion row as INSERT ... SELECT from the CTE `session` (the new session's id). */
function companionInsert(params: Parameters, companion: CompanionRow): string {
  const names = Object.keys(companion.columns);
  for (const name of [companion.table, ...names])
    if (!IDENTIFIER.test(name)) throw new Error(`not an SQL identifier: ${name}`);
  const values = names.map((name) => {
    const value = companion.columns[name] ?? null;
    if (value === null) return 'NULL';
    if (typeof value === 'boolean') return `${params.add(value)}::boolean`;
    if (value instanceof Date) return `${params.add(value)}::timestamptz`;
    if (typeof value === 'object') return `${params.add(JSON.stringify(value.json))}::jsonb`;
    return `${params.add(value)}::text`;
  });
  return `INSERT INTO ${companion.table} (session_id, ${names.join(', ')})
          SELECT id, ${values.join(', ')} FROM session`;
}
