import { HttpStatus, Injectable } from '@nestjs/common';
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
import { TransferredCartLinesReader } from './transferred-cart-lines.reader';

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
    private readonly cartLines: TransferredCartLinesReader,
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
    const keys = order.lines.flatMap((line) =>
      line.cartItemId && line.cartLineKey ? [line.cartLineKey] : [],
    );
    const cartLines = await this.cartLines.byKeys(organizationId, keys);
    const lines: OrderLineResponse[] = order.lines.map((line) => {
      const cartLine = line.cartItemId && line.cartLineKey ? cartLines.get(line.cartLineKey) : undefined;
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
        cartLine: cartLine
          ? {
              sessionId: cartLine.sessionId,
              sessionPublicId: cartLine.sessionPublicId,
              offerId: cartLine.offerId,
              label: cartLine.label,
              quantity: cartLine.quantity,
              unitPrice: cartLine.unitPrice,
              priceUnit: cartLine.priceUnitQuantity,
              currency: cartLine.currency,
              lineNet: cartLine.lineNet,
              transferredAt: cartLine.transferredAt.toISOString(),
            }
          : null,
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
