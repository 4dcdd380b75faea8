import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { OrderCartLineResponse } from './dto/order.response';

/** A transferred cart line an order names by its key, with its session's facts. */
export interface TransferredCartLine {
  cartItemId: string;
  orderKey: string;
  sessionId: string;
  sessionPublicId: string;
  offerId: string | null;
  label: string;
  vendor: string;
  quantity: number;
  unitPrice: string;
  priceUnitQuantity: number;
  currency: string;
  lineNet: string;
  transferredAt: Date;
}

/**
 * The transferred cart lines that keys name, within one organization only: a key of another
 * organization's cart, or of a cart never transferred, finds nothing (and so reveals nothing).
 *
 * The one place the orders feature reads the punchout's cart tables; it moves behind the punchout
 * service's surface once the punchout core offers it.
 */
@Injectable()
export class TransferredCartLinesReader {
  constructor(private readonly prisma: PrismaService) {}

  async byKeys(organizationId: string, keys: readonly string[]): Promise<Map<string, TransferredCartLine>> {
    if (keys.length === 0) return new Map();
    const rows = await this.prisma.cartItem.findMany({
      where: {
        orderKey: { in: [...new Set(keys)] },
        session: { organizationId, status: 'TRANSFERRED' },
      },
      include: { session: { select: { publicId: true, closedAt: true, createdAt: true } } },
    });
    return new Map(
      rows.map((row) => [
        row.orderKey as string,
        {
          cartItemId: row.id,
          orderKey: row.orderKey as string,
          sessionId: row.sessionId,
          sessionPublicId: row.session.publicId,
          offerId: row.offerId,
          label: row.label,
          vendor: row.vendor,
          quantity: row.quantity,
          unitPrice: row.unitPrice.toFixed(),
          priceUnitQuantity: row.priceUnitQuantity,
          currency: row.currency,
          lineNet: row.lineNet.toFixed(),
          transferredAt: row.session.closedAt ?? row.session.createdAt,
        },
      ]),
    );
  }
}

/** A transferred cart line as an order's answer shows it beside the ordered line. */
export function cartLineResponse(line: TransferredCartLine): OrderCartLineResponse {
  return {
    sessionId: line.sessionId,
    sessionPublicId: line.sessionPublicId,
    offerId: line.offerId,
    label: line.label,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    priceUnit: line.priceUnitQuantity,
    currency: line.currency,
    lineNet: line.lineNet,
    transferredAt: line.transferredAt.toISOString(),
  };
}
