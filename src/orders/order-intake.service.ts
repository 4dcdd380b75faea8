import { HttpStatus, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuditService } from '../audit/audit.service';
import { AuditEventTypes } from '../audit/audit-event';
import { Money } from '../catalog/vat';
import { Clock } from '../common/clock/clock';
import { currencyDigits } from '../common/currency-digits';
import { ApiError } from '../common/http/api-error';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';
import { evaluateOffer } from '../guidance/guidance-evaluator';
import { GuidanceRulesService } from '../guidance/guidance-rules.service';
import { OfferRepository, type OfferWithProduct } from '../product/offer.repository';
import type { OrderResponse } from './dto/order.response';
import { documentSha256, IncomingLine, IncomingOrder, orderContentHash } from './incoming-order';
import { OrderDeliveryTrigger } from './order-delivery.trigger';
import { orderInsert } from './order-insert.statement';
import { Finding, lineFindings, orderFindingCodes } from './order-findings';
import type { OrderSender } from './order-sender';
import {
  TransferredCartLinesService,
  type TransferredCartLine,
} from '../punchout/core/transferred-cart-lines.service';
import { cartLineResponse } from './order-cart-line';

/**
 * What became of an order: a new one stored (with the answer, built from what the intake holds, so
 * the order is not read back), or the same order sent again.
 */
export type IntakeOutcome =
  { kind: 'created'; orderId: string; order: OrderResponse } | { kind: 'same'; orderId: string };

/** A line with everything the intake found out about it, ready to store. */
interface CheckedLine {
  line: IncomingLine;
  transferred: TransferredCartLine | undefined;
  /** A cancelled line's cart line, as its version stored it (checked lines have `transferred`). */
  cartItemId?: string | null;
  sessionId?: string | null;
  offer: OfferWithProduct | undefined;
  supplier: string;
  description: string;
  lineNet: Money;
  findings: Finding[];
}

/** The newest stored version of an order id. */
interface StoredVersion {
  id: string;
  version: number;
  operation: string;
  contentHash: Uint8Array;
}

/** What the answer to a stored order may say (cXML's Status text). */
export interface AnswerFacts {
  version: number;
  operation: IncomingOrder['operation'];
  findings: readonly string[];
}

/** How many characters of a delivery's error are kept. */
const REFUSAL_REASON_MAX = 500;

/**
 * Orders in, from every door: each line matched to the transferred cart line its key names (within
 * the sender's organization), checked (order-findings.ts), and stored with its exact document, its
 * findings and one outbox row per supplier, in one transaction with the `order.received` event,
 * before the sender is answered. Delivery runs afterwards (order-delivery.worker.ts).
 */
@Injectable()
export class OrderIntakeService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly cartLines: TransferredCartLinesService,
    private readonly offers: OfferRepository,
    private readonly guidance: GuidanceRulesService,
    private readonly delivery: OrderDeliveryTrigger,
  ) {}

  /**
   * Checks and stores an order (a new one, or a new version: an update replaces the lines, a delete
   * cancels). `answer` builds the document a replay of the same cXML payloadID gets again; it is
   * stored with the order.
   */
  async receive(
    sender: OrderSender,
    order: IncomingOrder,
    answer?: (stored: AnswerFacts) => string,
  ): Promise<IntakeOutcome> {
    // A new order is version 1 (its replay or conflict is found by sameOrder); a change needs the newest.
    const previous =
      order.operation === 'new' ? null : await this.latestVersion(sender.organizationId, order.buyerOrderId);
    const resolved = this.versionOf(order, previous);
    if ('same' in resolved) return resolved.same;
    const { version } = resolved;
    const contentHash = orderContentHash(order, version);
    const receivedAt = this.clock.now();
    // Whether it was stored before, and its lines checked, in one round: a replay is rare, the wait not.
    // A cancellation carries the cancelled version's lines (each supplier is told which of its lines
    // are off); an update is checked as a new order is.
    const [earlier, lines] = await Promise.all([
      this.sameOrder(sender.organizationId, order, version, contentHash),
      order.operation === 'delete' && previous
        ? this.cancelledLines(previous.id)
        : this.check(sender.organizationId, order, receivedAt),
    ]);
    if (earlier) return earlier;
    if (previous && version <= previous.version)
      throw new ApiError(
        HttpStatus.CONFLICT,
        'conflict',
        `Order ${order.buyerOrderId} version ${version} is older than its newest version ${previous.version}.`,
      );
    const blocked = lines.filter((checked) => checked.findings.some((finding) => finding.code === 'blocked'));
    if (blocked.length > 0 && this.config.orders.blocked === 'refuse') {
      await this.refuse(sender, order, HttpStatus.FORBIDDEN, blockedReason(blocked), {
        blockedLines: blocked.map((checked) => order.lines.indexOf(checked.line) + 1),
      });
      throw new ApiError(HttpStatus.FORBIDDEN, 'offer_blocked', blockedReason(blocked));
    }
    // An update also reaches the suppliers it no longer orders from (their lines are cancelled).
    const formerSuppliers =
      order.operation === 'update' && previous ? await this.suppliersOf(previous.id) : [];

    try {
      const stored = await this.store(sender, order, version, contentHash, lines, receivedAt, {
        formerSuppliers,
        answer,
      });
      this.delivery.kick();
      return { kind: 'created', orderId: stored.id, order: stored };
    } catch (error) {
      // The same order id arrived twice at once: the other request stored it first.
      if (isUniqueViolation(error)) {
        const stored = await this.sameOrder(sender.organizationId, order, version, contentHash);
        if (stored) return stored;
      }
      throw error;
    }
  }

  /**
   * The answer stored with the order a cXML payloadID brought, within the sender's organization:
   * the same document sent again gets it again, and makes no second order.
   */
  async answerTo(organizationId: string, payloadId: string): Promise<string | null> {
    const stored = await this.prisma.purchaseOrder.findFirst({
      where: { organizationId, payloadId, answer: { not: null } },
      select: { answer: true },
      orderBy: { receivedAt: 'asc' },
    });
    return stored?.answer ?? null;
  }

  /** The newest stored version of an order id in the organization, if any. */
  private latestVersion(organizationId: string, buyerOrderId: string): Promise<StoredVersion | null> {
    return this.prisma.purchaseOrder.findFirst({
      where: { organizationId, buyerOrderId },
      orderBy: { version: 'desc' },
      select: { id: true, version: true, operation: true, contentHash: true },
    });
  }

  /**
   * Which version an order is: a new one is 1; an update or delete names its orderVersion or is the
   * next one (and, naming none, the newest version's content again is that version again). A change
   * needs an order to change, newer than the newest stored and not cancelled.
   */
  private versionOf(
    order: IncomingOrder,
    previous: StoredVersion | null,
  ): { version: number } | { same: IntakeOutcome } {
    if (order.operation === 'new') return { version: 1 };
    const what = order.operation === 'delete' ? 'A cancellation' : 'An update';
    if (!previous)
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        'invalid_request',
        `${what} of order ${order.buyerOrderId}, which was never received.`,
      );
    if (order.version === null) {
      const again = orderContentHash(order, previous.version);
      if (Buffer.from(previous.contentHash).equals(Buffer.from(again)))
        return { same: { kind: 'same', orderId: previous.id } };
    }
    const version = order.version ?? previous.version + 1;
    // The version named was stored before: the same again, or a conflict (sameOrder says which).
    if (version <= previous.version) return { version };
    if (previous.operation === 'delete')
      throw new ApiError(
        HttpStatus.CONFLICT,
        'conflict',
        `Order ${order.buyerOrderId} was cancelled (version ${previous.version}); it cannot change any more.`,
      );
    return { version };
  }

  /** The lines of the version a cancellation cancels, as they were stored (no findings: nothing is ordered). */
  private async cancelledLines(orderId: string): Promise<CheckedLine[]> {
    const rows = await this.prisma.orderLine.findMany({ where: { orderId }, orderBy: { lineNumber: 'asc' } });
    return rows.map((row) => ({
      line: {
        lineNumber: row.lineNumber,
        cartLineKey: row.cartLineKey,
        offerId: row.offerId,
        supplierPartId: row.supplierPartId,
        adHoc: row.adHoc,
        description: row.description,
        quantity: row.quantity.toFixed(),
        unitPrice: row.unitPrice.toFixed(),
        priceUnitQuantity: row.priceUnitQuantity,
        currency: row.currency,
        unit: row.unit,
      },
      transferred: undefined,
      cartItemId: row.cartItemId,
      sessionId: row.sessionId,
      offer: undefined,
      supplier: row.supplier,
      description: row.description,
      lineNet: new Money(row.lineNet.toFixed()),
      findings: [],
    }));
  }

  /** The suppliers of a stored version's lines. */
  private async suppliersOf(orderId: string): Promise<string[]> {
    const rows = await this.prisma.orderLine.findMany({
      where: { orderId },
      distinct: ['supplier'],
      select: { supplier: true },
    });
    return rows.map((row) => row.supplier);
  }

  /**
   * Records a refused order: a bounded summary and the document's SHA-256, never the document, with
   * its `order.refused` event when the sender's organization is known.
   */
  async refuse(
    sender: OrderSender | null,
    order: Pick<IncomingOrder, 'channel' | 'document'> & { buyerOrderId?: string | null; lines?: unknown[] },
    status: number,
    reason: string,
    summary: Record<string, unknown> = {},
  ): Promise<void> {
    const digest = documentSha256(order.document);
    const boundedReason = reason.slice(0, REFUSAL_REASON_MAX);
    const buyerOrderId = order.buyerOrderId?.slice(0, 100) ?? null;
    await this.prisma.$transaction(async (tx) => {
      const refusal = await tx.orderRefusal.create({
        data: {
          id: randomUUID(),
          organizationId: sender?.organizationId ?? null,
          channel: order.channel,
          buyerOrderId,
          status,
          reason: boundedReason,
          documentSha256: digest,
          documentBytes: Buffer.byteLength(order.document, 'utf8'),
          summary: { lines: order.lines?.length ?? null, ...summary } as Prisma.InputJsonObject,
          receivedAt: this.clock.now(),
        },
      });
      if (!sender) return;
      await this.audit.append(tx, {
        organizationId: sender.organizationId,
        type: AuditEventTypes.orderRefused,
        actor: sender.actor,
        payload: {
          refusalId: refusal.id,
          channel: order.channel,
          buyerOrderId,
          status,
          reason: boundedReason,
          documentSha256: Buffer.from(digest).toString('hex'),
          ...summary,
        },
      });
    });
  }

  /** The stored order with this id and version: the same one again, or a conflict. */
  private async sameOrder(
    organizationId: string,
    order: IncomingOrder,
    version: number,
    contentHash: Uint8Array,
  ): Promise<IntakeOutcome | undefined> {
    const stored = await this.prisma.purchaseOrder.findUnique({
      where: {
        organizationId_buyerOrderId_version: {
          organizationId,
          buyerOrderId: order.buyerOrderId,
          version,
        },
      },
      select: { id: true, contentHash: true },
    });
    if (!stored) return undefined;
    if (Buffer.from(stored.contentHash).equals(Buffer.from(contentHash)))
      return { kind: 'same', orderId: stored.id };
    throw new ApiError(
      HttpStatus.CONFLICT,
      'conflict',
      `Order ${order.buyerOrderId}${version > 1 ? ` version ${version}` : ''} was received before with different content.`,
    );
  }

  private async check(
    organizationId: string,
    order: IncomingOrder,
    receivedAt: Date,
  ): Promise<CheckedLine[]> {
    const keys = order.lines.flatMap((line) => (line.cartLineKey ? [line.cartLineKey] : []));
    // The cart lines, their earlier orders (by the same keys) and the rules in one round; the offers
    // (named by the cart lines) in a second.
    const [transferred, orderedBefore, rules] = await Promise.all([
      this.cartLines.byKeys(organizationId, keys),
      this.orderedBefore(organizationId, order.buyerOrderId, keys),
      this.guidance.activeRules(organizationId),
    ]);
    const offerIds = order.lines.flatMap((line) => {
      const id = line.cartLineKey ? transferred.get(line.cartLineKey)?.offerId : line.offerId;
      return id ? [id] : [];
    });
    const offers = await this.offers.byIds(offerIds, organizationId);
    const findingRules = {
      priceTolerancePercent: this.config.orders.priceTolerancePercent,
      cartMaxAgeDays: this.config.orders.cartMaxAgeDays,
      receivedAt,
    };
    return order.lines.map((line) => {
      const cartLine = line.cartLineKey ? transferred.get(line.cartLineKey) : undefined;
      const offerId = cartLine ? cartLine.offerId : line.offerId;
      const offer = offerId ? offers.get(offerId) : undefined;
      const blockedNow = offer
        ? evaluateOffer(rules, offer.product, {
            id: offer.id,
            vendor: offer.vendor,
            condition: offer.condition,
            price: offer.price.toFixed(),
            netPrice: (offer.netPrice ?? offer.price).toFixed(),
            currency: offer.currency,
          }).blocked
        : false;
      const findings = lineFindings(
        {
          ordered: {
            cartLineKey: line.cartLineKey,
            adHoc: line.adHoc,
            quantity: line.quantity,
            unitPrice: line.unitPrice,
            priceUnitQuantity: line.priceUnitQuantity,
            currency: line.currency,
            unit: line.unit,
          },
          transferred: cartLine && {
            quantity: cartLine.quantity,
            unitPrice: cartLine.unitPrice,
            priceUnitQuantity: cartLine.priceUnitQuantity,
            currency: cartLine.currency,
            unit: offer ? transferredUnit(order.channel, offer.unit, this.config.cxml.defaultUnit) : null,
            transferredAt: cartLine.transferredAt,
          },
          blockedNow,
          orderedBefore: cartLine?.orderKey ? orderedBefore.has(cartLine.orderKey) : false,
        },
        findingRules,
      );
      return {
        line,
        transferred: cartLine,
        offer,
        supplier: (offer?.vendor ?? cartLine?.vendor ?? '').slice(0, 200),
        description: (
          line.description ??
          cartLine?.label ??
          offer?.product.name ??
          line.supplierPartId ??
          ''
        ).slice(0, 500),
        lineNet: new Money(line.unitPrice)
          .times(line.quantity)
          .dividedBy(line.priceUnitQuantity)
          .toDecimalPlaces(currencyDigits(line.currency)),
        findings,
      };
    });
  }

  /**
   * The keys among these whose cart line an order with another order id contains already (a key
   * names one cart line; only lines matched within this organization carry a cart line).
   */
  private async orderedBefore(
    organizationId: string,
    buyerOrderId: string,
    keys: string[],
  ): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.prisma.orderLine.findMany({
      where: {
        cartLineKey: { in: keys },
        cartItemId: { not: null },
        order: { organizationId, buyerOrderId: { not: buyerOrderId } },
      },
      select: { cartLineKey: true },
    });
    return new Set(rows.map((row) => row.cartLineKey as string));
  }

  private async store(
    sender: OrderSender,
    order: IncomingOrder,
    version: number,
    contentHash: Uint8Array<ArrayBuffer>,
    lines: CheckedLine[],
    receivedAt: Date,
    options: { formerSuppliers: string[]; answer?: (stored: AnswerFacts) => string },
  ): Promise<OrderResponse> {
    const orderId = randomUUID();
    const digest = documentSha256(order.document);
    const currencies = new Set(lines.map((checked) => checked.line.currency));
    const currency = currencies.size === 1 ? [...currencies][0] : null;
    const totalNet = currency
      ? lines
          .reduce((sum, checked) => sum.plus(checked.lineNet), new Money(0))
          .toFixed(currencyDigits(currency))
      : null;
    const findings = orderFindingCodes(lines.map((checked) => checked.findings));
    const suppliers = [...new Set([...lines.map((checked) => checked.supplier), ...options.formerSuppliers])];
    const sessionIds = [
      ...new Set(
        lines.flatMap((checked) => {
          const sessionId = checked.transferred?.sessionId ?? checked.sessionId;
          return sessionId ? [sessionId] : [];
        }),
      ),
    ];
    // The buyer's line numbers when every line has one (cXML lineNumber), else the positions.
    const numbered = lines.every((checked) => checked.line.lineNumber !== null);
    const lineNumberOf = (checked: CheckedLine, index: number) =>
      numbered ? (checked.line.lineNumber as number) : index + 1;
    const answer = options.answer?.({ version, operation: order.operation, findings }) ?? null;

    const lineIds = lines.map(() => randomUUID());
    const retryUntil = new Date(receivedAt.getTime() + this.config.orders.delivery.horizonSeconds * 1000);
    const outbox = suppliers.map((supplier, index) => ({
      id: randomUUID(),
      supplier,
      idempotency_key: `${orderId}.${index + 1}`,
    }));
    const change = orderInsert(
      {
        id: orderId,
        organizationId: sender.organizationId,
        buyerOrderId: order.buyerOrderId,
        version,
        operation: order.operation,
        channel: order.channel,
        userId: sender.userId,
        buyerEmail: sender.buyerEmail ?? order.buyerEmail ?? null,
        clientId: sender.clientId,
        contentHash,
        document: order.document,
        documentSha256: digest,
        mediaType: order.mediaType,
        payloadId: order.payloadId,
        answer,
        findings,
        totalNet,
        currency,
        orderDate: order.orderDate,
        receivedAt,
        retryUntil,
      },
      lines.map((checked, index) => ({
        id: lineIds[index],
        line_number: lineNumberOf(checked, index),
        cart_line_key: checked.line.cartLineKey,
        cart_item_id: checked.transferred?.cartItemId ?? checked.cartItemId ?? null,
        session_id: checked.transferred?.sessionId ?? checked.sessionId ?? null,
        offer_id: checked.offer?.id ?? checked.transferred?.offerId ?? checked.line.offerId,
        supplier: checked.supplier,
        supplier_part_id: checked.line.supplierPartId ?? checked.offer?.vendorSku ?? null,
        description: checked.description,
        quantity: checked.line.quantity,
        unit: checked.line.unit ?? checked.offer?.unit ?? null,
        unit_price: checked.line.unitPrice,
        price_unit_quantity: checked.line.priceUnitQuantity,
        currency: checked.line.currency,
        line_net: checked.lineNet.toFixed(currencyDigits(checked.line.currency)),
        ad_hoc: checked.line.adHoc,
        findings: checked.findings.map((finding) => finding.code),
      })),
      lines.flatMap((checked, index) =>
        checked.findings.map((finding) => ({
          line_id: lineIds[index],
          code: finding.code,
          detail: finding.detail,
        })),
      ),
      outbox,
    );
    // The order and its event in one statement; which suppliers have an endpoint (the statement
    // queues their deliveries) is read beside it, for the answer.
    const [, endpoints] = await Promise.all([
      this.audit.appendWithChange(this.prisma.pool, change, {
        organizationId: sender.organizationId,
        type: AuditEventTypes.orderReceived,
        actor: sender.actor,
        sessionId: sessionIds.length === 1 ? sessionIds[0] : null,
        payload: {
          orderId,
          buyerOrderId: order.buyerOrderId,
          version,
          operation: order.operation,
          channel: order.channel,
          lines: lines.length,
          findings,
          totalNet,
          currency,
          suppliers,
          sessionIds,
          documentSha256: Buffer.from(digest).toString('hex'),
        },
      }),
      this.prisma.orderEndpoint.findMany({
        where: { supplier: { in: suppliers } },
        select: { supplier: true },
      }),
    ]);
    const reachable = new Set(endpoints.map((endpoint) => endpoint.supplier));
    const deliveries = outbox.map((delivery) => ({
      supplier: delivery.supplier,
      status: reachable.has(delivery.supplier) ? ('queued' as const) : ('pending' as const),
      idempotencyKey: delivery.idempotency_key,
    }));
    // The answer, as GET /api/v1/orders/{id} gives it (a test compares the two).
    return {
      id: orderId,
      orderId: order.buyerOrderId,
      version,
      operation: order.operation,
      channel: order.channel,
      status: order.operation === 'delete' ? 'cancelled' : 'accepted',
      receivedAt: receivedAt.toISOString(),
      orderDate: order.orderDate?.toISOString() ?? null,
      buyer: sender.buyerEmail ?? order.buyerEmail ?? null,
      findings,
      suppliers: [...suppliers].sort(),
      totalNet,
      currency,
      deliveries: [...deliveries]
        .sort((a, b) => (a.supplier < b.supplier ? -1 : a.supplier > b.supplier ? 1 : 0))
        .map((delivery) => ({
          supplier: delivery.supplier,
          status: delivery.status,
          idempotencyKey: delivery.idempotencyKey,
          attempts: 0,
          lastError: null,
          deliveredAt: null,
          tries: [],
        })),
      lines: lines.map((checked, index) => {
        const digits = currencyDigits(checked.line.currency);
        const cartLine = checked.transferred;
        return {
          lineNumber: lineNumberOf(checked, index),
          cartLineKey: checked.line.cartLineKey,
          offerId: checked.offer?.id ?? cartLine?.offerId ?? checked.line.offerId,
          supplier: checked.supplier,
          supplierPartId: checked.line.supplierPartId ?? checked.offer?.vendorSku ?? null,
          description: checked.description,
          quantity: new Money(checked.line.quantity).toFixed(),
          unit: checked.line.unit ?? checked.offer?.unit ?? null,
          unitPrice: new Money(checked.line.unitPrice).toFixed(digits),
          priceUnit: checked.line.priceUnitQuantity,
          currency: checked.line.currency,
          lineNet: checked.lineNet.toFixed(digits),
          adHoc: checked.line.adHoc,
          findings: checked.findings.map((finding) => ({ code: finding.code, detail: finding.detail })),
          cartLine: cartLine ? cartLineResponse(cartLine) : null,
        };
      }),
      document: null,
      documentSha256: Buffer.from(digest).toString('hex'),
      mediaType: order.mediaType,
    };
  }
}

function blockedReason(blocked: CheckedLine[]): string {
  const vendors = [...new Set(blocked.map((checked) => checked.supplier))].join(', ');
  return `The order contains offers blocked for your organization (${vendors}).`;
}

/** The same order id and version stored by another request in between (PostgreSQL unique_violation). */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * The unit a cart line was transferred with, as the order's door spells it: a cXML cart sends the
 * catalog's piece unit (PCE), and any unit that is no UN/ECE code, as CXML_DEFAULT_UNIT (EA by
 * default; cxml-order-message.builder.ts), so a cXML order echoing it has not changed the unit.
 */
function transferredUnit(
  channel: IncomingOrder['channel'],
  unit: string | null,
  cxmlDefault: string,
): string | null {
  if (unit === null || channel !== 'cxml') return unit;
  const code = unit.trim().toUpperCase();
  return /^[A-Z0-9]{1,3}$/.test(code) && code !== 'PCE' ? code : cxmlDefault;
}
