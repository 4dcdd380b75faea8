import { randomBytes, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { AuditEventType, AuditEventTypes } from '../../src/audit/audit-event';
import { AuditService } from '../../src/audit/audit.service';
import { sha256 } from '../../src/common/crypto/secrets';
import { PrismaService } from '../../src/database/prisma.service';
import { OAuthClient, Organization, User } from '../../src/generated/prisma/client';

export type PunchoutStatusName = 'CREATED' | 'OPENED' | 'TRANSFERRED' | 'CANCELLED' | 'EXPIRED' | 'FAILED';

export interface CartLineSpec {
  offerId: string;
  quantity: number;
  /** THE unit price (net), as the cart stores it; older transferred lines may carry four decimals. */
  unitPrice: string;
  currency?: string;
  /** The VAT rate the line was sent with (OCI CUST_FIELD1); default none stated. */
  vatRate?: string;
  priceUnitQuantity?: number;
  /** The line's net amount; default quantity x unit price / price unit, rounded half-up to cents (JPY: yen). */
  lineNet?: string;
  /** The vendor and guidance flag the cart records for the console's figures. */
  vendor?: string;
  preferred?: boolean;
}

export interface PunchoutSessionSpec {
  organization: Organization;
  user: User;
  client: OAuthClient;
  productId: string;
  status: PunchoutStatusName;
  createdAt?: Date;
  callbackUrl?: string;
  cart?: CartLineSpec[];
  /** The OCI fields posted back, stored as given (pairs or an object) in returned_fields. */
  returnedFields?: unknown;
  /** Write the session's audit events (created, opened, cart changes, the end); default true. */
  events?: boolean;
}

export interface CreatedPunchoutSession {
  id: string;
  publicId: string;
}

/** The OCI fields of a cart as the punchout transfer posts them ([name, value] pairs in posted order). */
export function ociFieldsOf(lines: Array<CartLineSpec & { description: string }>): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  lines.forEach((line, i) => {
    const n = i + 1;
    fields.push(
      [`NEW_ITEM-DESCRIPTION[${n}]`, line.description],
      [`NEW_ITEM-QUANTITY[${n}]`, String(line.quantity)],
      [`NEW_ITEM-UNIT[${n}]`, 'PCE'],
      [`NEW_ITEM-PRICE[${n}]`, line.unitPrice],
      [`NEW_ITEM-PRICEUNIT[${n}]`, '1'],
      [`NEW_ITEM-CURRENCY[${n}]`, line.currency ?? 'EUR'],
      [`NEW_ITEM-VENDORMAT[${n}]`, line.offerId],
      [`NEW_ITEM-LONGTEXT_${n}:132[]`, `${line.description}, Test Vendor, new`],
    );
  });
  return fields;
}

const END_EVENT: Partial<Record<PunchoutStatusName, AuditEventType>> = {
  TRANSFERRED: AuditEventTypes.punchoutTransferred,
  CANCELLED: AuditEventTypes.punchoutCancelled,
  EXPIRED: AuditEventTypes.punchoutExpired,
  FAILED: AuditEventTypes.punchoutFailed,
};

/**
 * A punchout session as the punchout module leaves it, written directly: the session row, its cart
 * and its audit events through the real append seam. The row is inserted with SQL naming only the
 * columns every schema version has, plus the punchout pages' key and CSRF columns where they exist,
 * so the factory works before and after the punchout migration.
 */
export async function createPunchoutSession(
  prisma: PrismaService,
  audit: AuditService,
  spec: PunchoutSessionSpec,
): Promise<CreatedPunchoutSession> {
  const id = randomUUID();
  const publicId = `ps_${randomBytes(8).toString('hex')}`;
  const createdAt = spec.createdAt ?? new Date();
  const opened = spec.status !== 'CREATED';
  const closed = spec.status in END_EVENT;
  const callbackUrl = spec.callbackUrl ?? 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?~TARGET=_top';
  const columns = await sessionColumns(prisma);

  await prisma.$transaction(async (tx) => {
    const values: Record<string, unknown> = {
      id,
      public_id: publicId,
      start_token_hash: Buffer.from(sha256(randomBytes(32).toString('hex'))),
      organization_id: spec.organization.id,
      user_id: spec.user.id,
      client_id: spec.client.id,
      product_id: spec.productId,
      callback_url: callbackUrl,
      status: spec.status,
      created_at: createdAt,
      opened_at: opened ? new Date(createdAt.getTime() + 5_000) : null,
      closed_at: closed ? new Date(createdAt.getTime() + 60_000) : null,
      expires_at: new Date(createdAt.getTime() + 3_600_000),
      returned_fields: spec.returnedFields === undefined ? null : JSON.stringify(spec.returnedFields),
    };
    if (columns.has('key_hash')) values.key_hash = Buffer.from(sha256(randomBytes(32).toString('hex')));
    if (columns.has('csrf_token')) values.csrf_token = randomBytes(16).toString('hex');
    const names = Object.keys(values);
    const casts: Record<string, string> = {
      id: '::uuid',
      organization_id: '::uuid',
      user_id: '::uuid',
      client_id: '::uuid',
      status: '::punchout_status',
      returned_fields: '::jsonb',
    };
    await tx.$executeRawUnsafe(
      `INSERT INTO punchout_session (${names.map((n) => `"${n}"`).join(', ')})
       VALUES (${names.map((n, i) => `$${i + 1}${casts[n] ?? ''}`).join(', ')})`,
      ...names.map((n) => values[n]),
    );
    for (const line of spec.cart ?? []) {
      await tx.cartItem.create({
        data: {
          sessionId: id,
          offerId: line.offerId,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          currency: line.currency ?? 'EUR',
          vatRate: line.vatRate ?? null,
          priceUnitQuantity: line.priceUnitQuantity ?? 1,
          lineNet: line.lineNet ?? lineNetOf(line),
          ...(line.vendor !== undefined ? { vendor: line.vendor } : {}),
          ...(line.preferred !== undefined ? { preferred: line.preferred } : {}),
        },
      });
    }
    if (spec.events === false) return;
    const base = { organizationId: spec.organization.id, sessionId: id };
    const buyer = { userId: spec.user.id, clientId: spec.client.id };
    await audit.append(tx, {
      ...base,
      type: AuditEventTypes.punchoutCreated,
      actor: buyer,
      payload: { publicId, productId: spec.productId, callbackUrl, name: null, shipTo: null },
    });
    if (opened) {
      await audit.append(tx, {
        ...base,
        type: AuditEventTypes.punchoutOpened,
        actor: buyer,
        payload: { ip: '192.0.2.10', userAgent: 'Mozilla/5.0 (test)' },
      });
    }
    for (const line of spec.cart ?? []) {
      await audit.append(tx, {
        ...base,
        type: AuditEventTypes.punchoutCartChanged,
        actor: buyer,
        payload: { action: 'add', offerId: line.offerId, quantity: line.quantity, unitPrice: line.unitPrice },
      });
    }
    const end = END_EVENT[spec.status];
    if (end) {
      const payload =
        end === AuditEventTypes.punchoutTransferred
          ? { fields: pairsOf(spec.returnedFields) }
          : end === AuditEventTypes.punchoutFailed
            ? { reason: 'callback unreachable', fields: [] }
            : { fields: [] };
      await audit.append(tx, { ...base, type: end, actor: buyer, payload });
    }
  });
  return { id, publicId };
}

/** The factory's own arithmetic for a line's net amount (not the gateway's). */
function lineNetOf(line: CartLineSpec): string {
  const digits = line.currency === 'JPY' ? 0 : 2;
  return new Decimal(line.unitPrice)
    .times(line.quantity)
    .dividedBy(line.priceUnitQuantity ?? 1)
    .toDecimalPlaces(digits, Decimal.ROUND_HALF_UP)
    .toFixed(digits);
}

async function sessionColumns(prisma: PrismaService): Promise<Set<string>> {
  const rows = await prisma.$queryRaw<Array<{ column_name: string }>>`
    SELECT column_name FROM information_schema.columns WHERE table_name = 'punchout_session'`;
  return new Set(rows.map((row) => row.column_name));
}

function pairsOf(fields: unknown): unknown {
  if (fields === undefined || fields === null) return [];
  if (Array.isArray(fields)) return fields;
  return Object.entries(fields as Record<string, unknown>);
}
