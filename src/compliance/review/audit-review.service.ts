import { HttpStatus, Injectable } from '@nestjs/common';
import { ApiError } from '../../common/http/api-error';
import { minorUnitText, Money } from '../../catalog/vat';
import { insensitiveContains } from '../../database/like-pattern';
import { AuditEvent, Prisma } from '../../generated/prisma/client';
import { ComplianceQueries, SessionRow } from '../compliance.queries';
import {
  AuditCartItemResponse,
  AuditEventPage,
  AuditEventResponse,
  AuditSessionDetail,
  AuditSessionPage,
  AuditSessionSummary,
} from './dto/audit-review.response';
import { ListAuditEventsQuery } from './dto/list-audit-events.query';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './dto/audit-page.query';
import { ListAdministrationEventsQuery } from './dto/list-administration-events.query';
import { ADMINISTRATION_EVENT_TYPES } from './administration-events';
import { ListAuditSessionsQuery } from './dto/list-audit-sessions.query';
import {
  decodeEventCursor,
  decodeSessionCursor,
  encodeEventCursor,
  encodeSessionCursor,
} from './review-cursor';
import { normalizeOciFields, outcomeOf } from './session-record';
import { currencyTotalsOf, unitPriceText } from './cart-figures';
import { postedCartOf } from './posted-cart';
import type { TimelineContext } from './timeline-context';

/**
 * What auditors read: punchout sessions with their outcome, one session's whole timeline, and the
 * event stream. Every query is scoped to the caller's organization; an id of another organization
 * is indistinguishable from one that does not exist.
 */
@Injectable()
export class AuditReviewService {
  constructor(private readonly queries: ComplianceQueries) {}

  async listSessions(organizationId: string, query: ListAuditSessionsQuery): Promise<AuditSessionPage> {
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const filter = {
      createdAt: timeRange(query.from, query.to),
      status: query.status,
      email: query.email,
      reference: query.reference,
      protocol: query.protocol,
      product: query.product,
      productId: query.productId,
    };
    const after = query.cursor ? decodeSessionCursor(query.cursor) : undefined;
    const rows = await this.queries.sessions(organizationId, filter, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(summaryOf),
      nextCursor: rows.length > limit && last ? encodeSessionCursor(last) : null,
    };
  }

  /** Every session the filters match, newest first, a page at a time (exports). */
  allSessions(
    organizationId: string,
    query: Omit<ListAuditSessionsQuery, 'cursor' | 'limit'>,
  ): AsyncGenerator<AuditSessionSummary[]> {
    return allPages((cursor) =>
      this.listSessions(organizationId, { ...query, cursor, limit: MAX_PAGE_LIMIT }),
    );
  }

  async session(organizationId: string, id: string): Promise<AuditSessionDetail> {
    const row = await this.queries.session(organizationId, id);
    if (!row) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', 'No punchout session with this id.');
    const events = await this.queries.sessionEvents(organizationId, id);
    const eventResponses = await this.eventResponses(organizationId, events);
    return {
      ...summaryOf(row),
      callbackUrl: row.callbackUrl,
      target: row.target,
      requesterName: row.requesterName,
      shipTo: row.shipTo ?? null,
      expiresAt: row.expiresAt.toISOString(),
      closeReason: closeReasonOf(events),
      cartItems: row.cartItems.map(cartItemOf),
      transferred: transferredCart(row, events),
      events: eventResponses,
    };
  }

  async listEvents(organizationId: string, query: ListAuditEventsQuery): Promise<AuditEventPage> {
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const range = timeRange(query.from, query.to);
    const where: Prisma.AuditEventWhereInput = { organizationId };
    if (query.type) where.type = query.type;
    if (range) where.occurredAt = range;
    if (query.cursor) where.sequence = { gt: decodeEventCursor(query.cursor) };
    return this.eventPage(organizationId, where, 'asc', limit);
  }

  /**
   * What a session's timeline names but its events only reference: the product and vendor of each
   * offer id (from the cart line's label when the offer has left the catalog) and each guidance rule
   * id with its effect, matcher, value and note. Rules are never edited, only disabled, so a rule
   * read now is the rule as it was when it refused an offer.
   */
  async timelineContext(organizationId: string, session: AuditSessionDetail): Promise<TimelineContext> {
    const offerIds = new Set<string>();
    const ruleIds = new Set<string>();
    for (const event of session.events) {
      const payload = (event.payload ?? {}) as Record<string, unknown>;
      if (typeof payload.offerId === 'string') offerIds.add(payload.offerId);
      if (Array.isArray(payload.ruleIds))
        for (const id of payload.ruleIds) if (typeof id === 'string') ruleIds.add(id);
    }
    const [offers, rules] = await Promise.all([
      this.queries.offerNames([...offerIds]),
      this.queries.rules(organizationId, [...ruleIds]),
    ]);
    const offerNames: TimelineContext['offers'] = {};
    for (const item of session.cartItems)
      if (item.offerId) offerNames[item.offerId] = { name: item.productName, vendor: item.vendor };
    for (const offer of offers) offerNames[offer.id] = { name: offer.product.name, vendor: offer.vendor };
    const ruleFacts: TimelineContext['rules'] = {};
    for (const { id, ...rule } of rules) ruleFacts[id] = rule;
    return { offers: offerNames, rules: ruleFacts };
  }

  /**
   * Changes to rules, clients, users and tokens, newest first (the console's administration page):
   * by kind, by who made them (part of the user's e-mail or the operator's label) and by time.
   */
  async listAdministration(
    organizationId: string,
    query: ListAdministrationEventsQuery,
  ): Promise<AuditEventPage> {
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const where = await this.administrationWhere(organizationId, query);
    if (query.cursor) where.sequence = { lt: decodeEventCursor(query.cursor) };
    return this.eventPage(organizationId, where, 'desc', limit);
  }

  /** Every administration event the filters match, newest first, a page at a time (exports). */
  allAdministration(
    organizationId: string,
    query: Omit<ListAdministrationEventsQuery, 'cursor' | 'limit'>,
  ): AsyncGenerator<AuditEventResponse[]> {
    return allPages((cursor) =>
      this.listAdministration(organizationId, { ...query, cursor, limit: MAX_PAGE_LIMIT }),
    );
  }

  private async administrationWhere(
    organizationId: string,
    query: ListAdministrationEventsQuery,
  ): Promise<Prisma.AuditEventWhereInput> {
    const range = timeRange(query.from, query.to);
    const where: Prisma.AuditEventWhereInput = {
      organizationId,
      type: query.type ? query.type : { in: ADMINISTRATION_EVENT_TYPES },
    };
    if (range) where.occurredAt = range;
    if (query.actor) {
      const part = insensitiveContains(query.actor);
      const userIds = await this.queries.userIdsByEmail(organizationId, part);
      where.OR = [{ actorLabel: part }, { actorUserId: { in: userIds } }];
    }
    return where;
  }

  /** A page of events in chain order (`asc`) or newest first, with the cursor after its last one. */
  private async eventPage(
    organizationId: string,
    where: Prisma.AuditEventWhereInput,
    order: 'asc' | 'desc',
    limit: number,
  ): Promise<AuditEventPage> {
    const rows = await this.queries.events(where, order, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: await this.eventResponses(organizationId, page),
      nextCursor: rows.length > limit && last ? encodeEventCursor(last.sequence) : null,
    };
  }

  private async eventResponses(organizationId: string, events: AuditEvent[]): Promise<AuditEventResponse[]> {
    const userIds = [...new Set(events.map((e) => e.actorUserId).filter((id): id is string => id !== null))];
    const emails = await this.queries.emails(organizationId, userIds);
    return events.map((event) => ({
      sequence: Number(event.sequence),
      occurredAt: event.occurredAt.toISOString(),
      type: event.type,
      actor: {
        userId: event.actorUserId,
        email: event.actorUserId ? (emails.get(event.actorUserId) ?? null) : null,
        clientId: event.actorClientId,
        label: event.actorLabel,
      },
      sessionId: event.sessionId,
      payload: event.payload,
      prevHash: Buffer.from(event.prevHash).toString('hex'),
      hash: Buffer.from(event.hash).toString('hex'),
    }));
  }
}

/** Every page of a cursor-paged list, in order (exports hold one page in memory at a time). */
async function* allPages<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): AsyncGenerator<T[]> {
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    yield next.items;
    cursor = next.nextCursor ?? undefined;
  } while (cursor);
}

function timeRange(from?: string, to?: string): { gte?: Date; lt?: Date } | undefined {
  if (!from && !to) return undefined;
  const range = { gte: from ? new Date(from) : undefined, lt: to ? new Date(to) : undefined };
  if (range.gte && range.lt && range.gte >= range.lt) {
    throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', 'from must be before to');
  }
  return range;
}

function summaryOf(row: SessionRow): AuditSessionSummary {
  return {
    id: row.id,
    publicId: row.publicId,
    protocol: row.protocol,
    status: row.status,
    outcome: outcomeOf(row.status),
    userEmail: row.user.email,
    productId: row.productId,
    productName: row.product?.name ?? null,
    createdAt: row.createdAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    itemCount: row.cartItems.length,
    cartTotals: currencyTotalsOf(
      row.cartItems.map((item) => ({
        currency: item.currency,
        lineNet: item.lineNet.toString(),
        vatRate: item.vatRate?.toString() ?? null,
      })),
    ),
  };
}

function cartItemOf(item: SessionRow['cartItems'][number]): AuditCartItemResponse {
  // The punchout module keeps a line whose offer left the catalog (offer id null, its `label` kept);
  // read both shapes so the review never fails on such a line.
  const offer = item.offer as SessionRow['cartItems'][number]['offer'] | null;
  const label = (item as { label?: string }).label;
  return {
    offerId: (item.offerId as string | null) ?? null,
    productId: offer?.productId ?? null,
    productName: offer?.product.name ?? label ?? '',
    vendor: offer?.vendor ?? null,
    quantity: item.quantity,
    netUnitPrice: unitPriceText(item.unitPrice.toString(), item.currency),
    priceUnit: item.priceUnitQuantity,
    currency: item.currency,
    vatRate: item.vatRate === null ? null : new Money(item.vatRate.toString()).toString(),
    netLineTotal: minorUnitText(item.lineNet.toString(), item.currency),
  };
}

/**
 * The posted cart: the session's stored fields, or else those recorded by the transferred event,
 * with its lines (OCI NEW_ITEM-* fields, or a cXML order message's ItemIn).
 */
function transferredCart(row: SessionRow, events: AuditEvent[]): AuditSessionDetail['transferred'] {
  let fields = normalizeOciFields(row.returnedFields);
  if (fields.length === 0) {
    const transferred = [...events].reverse().find((event) => event.type === 'punchout.transferred');
    if (transferred) fields = normalizeOciFields(transferred.payload);
  }
  if (fields.length === 0 && row.returnedFields === null) return null;
  return { fields, lines: postedCartOf(fields).lines };
}

/** The `reason` of the session's last closing event (failed, expired), if it recorded one. */
function closeReasonOf(events: AuditEvent[]): string | null {
  for (const event of [...events].reverse()) {
    const payload = event.payload as Record<string, unknown> | null;
    if (payload && typeof payload === 'object' && typeof payload.reason === 'string') return payload.reason;
  }
  return null;
}
