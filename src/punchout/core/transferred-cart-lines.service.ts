import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../database/prisma.service';
import type { CartItem } from '../../generated/prisma/client';
import type { Tx } from './punchout-sessions.service';

/** A transferred cart line, with its session's facts. */
export interface TransferredCartLine {
  cartItemId: string;
  /** Null once a later transfer (a cXML edit of the requisition) took the key over. */
  orderKey: string | null;
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

const WITH_SESSION = { session: { select: { publicId: true, closedAt: true, createdAt: true } } } as const;

/**
 * The transferred cart lines of one organization only, for purchase orders (matched to the lines
 * their keys name, and shown beside them) and for a cXML edit setup (a cart refilled from its keys).
 * A key or id of another organization's cart, or of a cart never transferred, finds nothing (and so
 * reveals nothing).
 */
@Injectable()
export class TransferredCartLinesService {
  constructor(private readonly prisma: PrismaService) {}

  /** The lines that hold these keys now, by key. */
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
      include: WITH_SESSION,
    });
    return new Map(rows.map((row) => [row.orderKey as string, lineOf(row)]));
  }

  /**
   * The lines an order matched, by their id: an order shows the line it was checked against, also
   * after a later edit of the requisition moved the key on.
   */
  async byIds(
    organizationId: string,
    cartItemIds: readonly string[],
  ): Promise<Map<string, TransferredCartLine>> {
    if (cartItemIds.length === 0) return new Map();
    const rows = await this.prisma.cartItem.findMany({
      where: { id: { in: [...new Set(cartItemIds)] }, session: { organizationId, status: 'TRANSFERRED' } },
      include: WITH_SESSION,
    });
    return new Map(rows.map((row) => [row.id, lineOf(row)]));
  }
}

function lineOf(
  row: CartItem & { session: { publicId: string; closedAt: Date | null; createdAt: Date } },
): TransferredCartLine {
  return {
    cartItemId: row.id,
    orderKey: row.orderKey,
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
  };
}
