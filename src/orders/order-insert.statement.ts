import type { SqlChange } from '../audit/audit.service';

/** A stored order's row, as the intake decided it (amounts as decimal text, exact). */
export interface OrderRow {
  id: string;
  organizationId: string;
  buyerOrderId: string;
  version: number;
  operation: string;
  channel: string;
  userId: string | null;
  buyerEmail: string | null;
  clientId: string | null;
  contentHash: Uint8Array;
  document: string;
  documentSha256: Uint8Array;
  mediaType: string;
  payloadId: string | null;
  answer: string | null;
  findings: string[];
  totalNet: string | null;
  currency: string | null;
  orderDate: Date | null;
  receivedAt: Date;
  retryUntil: Date;
}

export interface OrderLineRow {
  id: string;
  line_number: number;
  cart_line_key: string | null;
  cart_item_id: string | null;
  session_id: string | null;
  offer_id: string | null;
  supplier: string;
  supplier_part_id: string | null;
  description: string;
  quantity: string;
  unit: string | null;
  unit_price: string;
  price_unit_quantity: number;
  currency: string;
  line_net: string;
  ad_hoc: boolean;
  findings: string[];
}

export interface OrderFindingRow {
  line_id: string;
  code: string;
  detail: Record<string, unknown>;
}

/** One outbox row per supplier; its status (`queued` when the supplier has an endpoint) is the statement's. */
export interface OrderDeliveryRow {
  id: string;
  supplier: string;
  idempotency_key: string;
}

/**
 * The order, its lines, their findings and its outbox rows as ONE statement (common table
 * expressions; the lines, findings and deliveries as JSON arrays), for AuditService.appendWithChange
 * to run with the `order.received` event: one round trip and an autocommitted statement instead of an
 * interactive transaction of six. The chain head's lock is held only while PostgreSQL finishes it.
 * Each delivery is `queued` when its supplier has an order endpoint now, else `pending`.
 */
export function orderInsert(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  findings: readonly OrderFindingRow[],
  deliveries: readonly OrderDeliveryRow[],
): SqlChange {
  const values: unknown[] = [
    order.id,
    order.organizationId,
    order.buyerOrderId,
    order.version,
    order.operation,
    order.channel,
    order.userId,
    order.buyerEmail,
    order.clientId,
    Buffer.from(order.contentHash),
    order.document,
    Buffer.from(order.documentSha256),
    order.mediaType,
    order.payloadId,
    order.answer,
    order.findings,
    order.totalNet,
    order.currency,
    order.orderDate,
    order.receivedAt,
    JSON.stringify(lines),
    JSON.stringify(findings),
    order.retryUntil,
    JSON.stringify(deliveries),
  ];
  return {
    values,
    with: `
  new_order AS (
    INSERT INTO purchase_order (id, organization_id, buyer_order_id, version, operation, channel, user_id,
      buyer_email, client_id, content_hash, document, document_sha256, media_type, payload_id, answer,
      findings, total_net, currency, order_date, received_at)
    VALUES ($1::uuid, $2::uuid, $3, $4::int, $5, $6, $7::uuid, $8, $9::uuid, $10::bytea, $11, $12::bytea,
      $13, $14, $15, $16::varchar[], $17::numeric, $18, $19::timestamptz, $20::timestamptz)),
  new_lines AS (
    INSERT INTO order_line (id, order_id, line_number, cart_line_key, cart_item_id, session_id, offer_id,
      supplier, supplier_part_id, description, quantity, unit, unit_price, price_unit_quantity, currency,
      line_net, ad_hoc, findings)
    SELECT l.id, $1::uuid, l.line_number, l.cart_line_key, l.cart_item_id, l.session_id, l.offer_id,
           l.supplier, l.supplier_part_id, l.description, l.quantity, l.unit, l.unit_price,
           l.price_unit_quantity, l.currency, l.line_net, l.ad_hoc, l.findings
      FROM jsonb_to_recordset($21::jsonb) AS l(id uuid, line_number int, cart_line_key varchar,
        cart_item_id uuid, session_id uuid, offer_id varchar, supplier varchar, supplier_part_id varchar,
        description varchar, quantity numeric, unit varchar, unit_price numeric, price_unit_quantity int,
        currency varchar, line_net numeric, ad_hoc boolean, findings varchar[])),
  new_findings AS (
    INSERT INTO order_finding (order_id, line_id, code, detail)
    SELECT $1::uuid, f.line_id, f.code, f.detail
      FROM jsonb_to_recordset($22::jsonb) AS f(line_id uuid, code varchar, detail jsonb))`,
    text: `
    INSERT INTO order_delivery (id, order_id, organization_id, supplier, status, idempotency_key,
      next_attempt_at, retry_until)
    SELECT d.id, $1::uuid, $2::uuid, d.supplier,
           CASE WHEN EXISTS (SELECT 1 FROM order_endpoint e WHERE e.supplier = d.supplier)
                THEN 'queued' ELSE 'pending' END,
           d.idempotency_key, $20::timestamptz, $23::timestamptz
      FROM jsonb_to_recordset($24::jsonb) AS d(id uuid, supplier varchar, idempotency_key varchar)`,
  };
}
