import { HttpStatus, Injectable } from '@nestjs/common';
import { Money } from '../catalog/vat';
import { currencyDigits } from '../common/currency-digits';
import { ApiError } from '../common/http/api-error';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';
import type { ListOrdersQuery } from './dto/list-orders.query';
import {
  DeliveryStatus,
  OrderDeliveryResponse,
  OrderLineResponse,
  OrderPageResponse,
  OrderResponse,
  OrderSummaryResponse,
} from './dto/order.response';
import { decodeOrderCursor, encodeOrderCursor } from './order-cursor';
import { TransferredCartLinesService } from '../punchout/core/transferred-cart-lines.service';
import { cartLineResponse } from './order-cart-line';

/** The dashboard's order figures (OrdersService.figures); every amount NET, decimal text. */
export interface OrderFigures {
  spend: Array<{ day: string; currency: string; net: string }>;
  totals: Array<{
    currency: string;
    net: string;
    notFromPunchoutNet: string;
    notFromPunchoutPercent: string;
  }>;
  orders: number;
  ordersWithFindings: number;
}

const SUMMARY_INCLUDE = {
  deliveries: { orderBy: { supplier: 'asc' } },
  lines: { select: { supplier: true } },
} satisfies Prisma.PurchaseOrderInclude;

type OrderWithDeliveries = Prisma.PurchaseOrderGetPayload<{ include: typeof SUMMARY_INCLUDE }>;

/**
 * The orders of an organization as compliance reads them: the list with its filters and cursor, and
 * one order with its lines, their cart lines and findings, and the delivery tries. Every read is
 * scoped to the caller's organization (another's order is a 404).
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly cartLines: TransferredCartLinesService,
  ) {}

  async list(organizationId: string, query: ListOrdersQuery): Promise<OrderPageResponse> {
    const where: Prisma.PurchaseOrderWhereInput[] = [{ organizationId }];
    if (query.from) where.push({ receivedAt: { gte: query.from } });
    if (query.to) where.push({ receivedAt: { lt: query.to } });
    if (query.finding) where.push({ findings: { has: query.finding } });
    if (query.supplier) where.push({ lines: { some: { supplier: query.supplier } } });
    if (query.delivery) where.push({ deliveries: { some: { status: query.delivery } } });
    if (query.buyer) where.push({ buyerEmail: query.buyer });
    if (query.cursor) {
      const cursor = decodeOrderCursor(query.cursor);
      where.push({
        OR: [
          { receivedAt: { lt: cursor.receivedAt } },
          { receivedAt: cursor.receivedAt, id: { lt: cursor.id } },
        ],
      });
    }
    const rows = await this.prisma.purchaseOrder.findMany({
      where: { AND: where },
      include: SUMMARY_INCLUDE,
      orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }],
      take: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: page.map((row) => this.summary(row)),
      next: rows.length > query.limit && last ? encodeOrderCursor(last) : null,
    };
  }

  async detail(organizationId: string, id: string, withDocument: boolean): Promise<OrderResponse> {
    const order = await this.prisma.purchaseOrder.findFirst({
      where: { id, organizationId },
      include: {
        ...SUMMARY_INCLUDE,
        deliveries: { orderBy: { supplier: 'asc' }, include: { deliveryTries: { orderBy: { id: 'asc' } } } },
        lines: { orderBy: { lineNumber: 'asc' } },
        orderFindings: { orderBy: { id: 'asc' } },
      },
    });
    if (!order)
      throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', 'No order with this id in your organization.');
    // The lines the order was checked against (a key may since have moved on to an edited line).
    const cartLines = await this.cartLines.byIds(
      organizationId,
      order.lines.flatMap((line) => (line.cartItemId ? [line.cartItemId] : [])),
    );
    const lines: OrderLineResponse[] = order.lines.map((line) => {
      const cartLine = line.cartItemId ? cartLines.get(line.cartItemId) : undefined;
      return {
        lineNumber: line.lineNumber,
        cartLineKey: line.cartLineKey,
        offerId: line.offerId,
        supplier: line.supplier,
        supplierPartId: line.supplierPartId,
        description: line.description,
        quantity: line.quantity.toFixed(),
        unit: line.unit,
        unitPrice: line.unitPrice.toFixed(currencyDigits(line.currency)),
        priceUnit: line.priceUnitQuantity,
        currency: line.currency,
        lineNet: line.lineNet.toFixed(currencyDigits(line.currency)),
        adHoc: line.adHoc,
        findings: order.orderFindings
          .filter((finding) => finding.lineId === line.id)
          .map((finding) => ({ code: finding.code, detail: finding.detail as Record<string, unknown> })),
        cartLine: cartLine ? cartLineResponse(cartLine) : null,
      };
    });
    return {
      ...this.summary(order),
      deliveries: order.deliveries.map((delivery) => ({
        ...deliveryOf(delivery),
        tries: delivery.deliveryTries.map((attempt) => ({
          attemptedAt: attempt.attemptedAt.toISOString(),
          outcome: attempt.outcome,
          httpStatus: attempt.httpStatus,
          error: attempt.error,
          durationMs: attempt.durationMs,
        })),
      })),
      lines,
      document: withDocument ? order.document : null,
      documentSha256: Buffer.from(order.documentSha256).toString('hex'),
      mediaType: order.mediaType,
    };
  }

  /**
   * The dashboard's order figures over whole UTC days `[from, until)`: ordered NET spend per day and
   * currency (the stored lines' net amounts added up; of each order its newest version only, and
   * nothing of a cancelled one), the orders with
   * findings, and the share of spend not from a punchout (lines with no transferred cart line).
   */
  async figures(organizationId: string, from: Date, until: Date): Promise<OrderFigures> {
    const [spend, counts] = await Promise.all([
      this.prisma.$queryRaw<Array<{ day: string; currency: string; net: string; off_punchout: string }>>`
        SELECT to_char(o.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, l.currency,
               sum(l.line_net)::text AS net,
               coalesce(sum(l.line_net) FILTER (WHERE l.cart_item_id IS NULL), 0)::text AS off_punchout
          FROM purchase_order o JOIN order_line l ON l.order_id = o.id
         WHERE o.organization_id = ${organizationId}::uuid AND o.operation <> 'delete'
           AND o.received_at >= ${from} AND o.received_at < ${until}
           AND NOT EXISTS (SELECT 1 FROM purchase_order n WHERE n.organization_id = o.organization_id
                             AND n.buyer_order_id = o.buyer_order_id AND n.version > o.version)
         GROUP BY 1, 2 ORDER BY 1, 2`,
      this.prisma.$queryRaw<Array<{ orders: bigint; with_findings: bigint }>>`
        SELECT count(*) AS orders, count(*) FILTER (WHERE cardinality(findings) > 0) AS with_findings
          FROM purchase_order o
         WHERE o.organization_id = ${organizationId}::uuid AND o.operation <> 'delete'
           AND o.received_at >= ${from} AND o.received_at < ${until}
           AND NOT EXISTS (SELECT 1 FROM purchase_order n WHERE n.organization_id = o.organization_id
                             AND n.buyer_order_id = o.buyer_order_id AND n.version > o.version)`,
    ]);
    const byCurrency = new Map<string, { net: Money; offPunchout: Money }>();
    for (const row of spend) {
      const total = byCurrency.get(row.currency) ?? { net: new Money(0), offPunchout: new Money(0) };
      byCurrency.set(row.currency, {
        net: total.net.plus(row.net),
        offPunchout: total.offPunchout.plus(row.off_punchout),
      });
    }
    const digits = (currency: string) => currencyDigits(currency);
    return {
      spend: spend.map((row) => ({
        day: row.day,
        currency: row.currency,
        net: new Money(row.net).toFixed(digits(row.currency)),
      })),
      totals: [...byCurrency.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, total]) => ({
          currency,
          net: total.net.toFixed(digits(currency)),
          notFromPunchoutNet: total.offPunchout.toFixed(digits(currency)),
          notFromPunchoutPercent: total.net.isZero()
            ? '0.0'
            : total.offPunchout.div(total.net).times(100).toDecimalPlaces(1).toFixed(1),
        })),
      orders: Number(counts[0]?.orders ?? 0),
      ordersWithFindings: Number(counts[0]?.with_findings ?? 0),
    };
  }

  /** The orders with lines from one punchout session (the console links the session to them). */
  async ofSession(organizationId: string, sessionId: string): Promise<OrderSummaryResponse[]> {
    const rows = await this.prisma.purchaseOrder.findMany({
      where: { organizationId, lines: { some: { sessionId } } },
      include: SUMMARY_INCLUDE,
      orderBy: [{ receivedAt: 'asc' }, { id: 'asc' }],
      take: 100,
    });
    return rows.map((row) => this.summary(row));
  }

  private summary(order: OrderWithDeliveries): OrderSummaryResponse {
    return {
      id: order.id,
      orderId: order.buyerOrderId,
      version: order.version,
      operation: order.operation,
      channel: order.channel,
      status: order.operation === 'delete' ? 'cancelled' : 'accepted',
      receivedAt: order.receivedAt.toISOString(),
      orderDate: order.orderDate?.toISOString() ?? null,
      buyer: order.buyerEmail,
      findings: order.findings,
      suppliers: [...new Set(order.lines.map((line) => line.supplier))].sort(),
      totalNet:
        order.totalNet && order.currency ? order.totalNet.toFixed(currencyDigits(order.currency)) : null,
      currency: order.currency,
      deliveries: order.deliveries.map(deliveryOf),
    };
  }
}

function deliveryOf(delivery: {
  supplier: string;
  status: string;
  idempotencyKey: string;
  attempts: number;
  lastError: string | null;
  deliveredAt: Date | null;
}): OrderDeliveryResponse {
  return {
    supplier: delivery.supplier,
    status: delivery.status as DeliveryStatus,
    idempotencyKey: delivery.idempotencyKey,
    attempts: delivery.attempts,
    lastError: delivery.lastError,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
  };
}
