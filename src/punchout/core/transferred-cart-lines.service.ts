import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../database/prisma.service';
import type { Tx } from './punchout-sessions.service';

/** A transferred cart line a key names, with its session's facts. */
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
 * The transferred cart lines that order keys name, within one organization only: a key of another
 * organization's cart, or of a cart never transferred, finds nothing (and so reveals nothing). What
 * purchase orders are checked against, and what a cXML edit setup refills a cart from.
 */
@Injectable()
export class TransferredCartLinesService {
  constructor(private readonly prisma: PrismaService) {}

  async byKeys(
    organizationId: string,
    keys: readonly string[],
    tx?: Tx,
  ): Promise<Map<string, TransferredCartLine>> {
    if (keys.length === 0) return new Map();
    const rows = await (tx ?? this.prisma).cartItem.findMany({
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
