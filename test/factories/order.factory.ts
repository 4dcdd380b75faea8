import Decimal from 'decimal.js';
import { randomBytes } from 'node:crypto';
import { cartLineKey, newCartKey } from '../../src/common/cart-line-key';
import { PrismaService } from '../../src/database/prisma.service';
import { OAuthClient, User } from '../../src/generated/prisma/client';

export interface TransferredLineSpec {
  offerId: string;
  vendor: string;
  label?: string;
  quantity: number;
  unitPrice: string;
  priceUnitQuantity?: number;
  currency?: string;
}

export interface TransferredCart {
  sessionId: string;
  publicId: string;
  /** The lines' keys, in the order given. */
  keys: string[];
  cartItemIds: string[];
}

/**
 * A punchout session whose cart was transferred `transferredAt`, each line keyed as the transfer keys
 * it (src/common/cart-line-key.ts), written straight to the tables: the order tests start after the
 * punchout, which its own tests cover.
 */
export async function transferredCart(
  prisma: PrismaService,
  owner: { user: User; client: OAuthClient },
  lines: TransferredLineSpec[],
  transferredAt: Date = new Date(),
): Promise<TransferredCart> {
  const cart = newCartKey();
  const session = await prisma.punchoutSession.create({
    data: {
      publicId: `po_${randomBytes(6).toString('hex')}`,
      csrfToken: randomBytes(16).toString('hex'),
      organizationId: owner.user.organizationId,
      userId: owner.user.id,
      clientId: owner.client.id,
      callbackUrl: 'https://procurement.example/hook',
      status: 'TRANSFERRED',
      createdAt: new Date(transferredAt.getTime() - 60_000),
      openedAt: new Date(transferredAt.getTime() - 50_000),
      closedAt: transferredAt,
      expiresAt: transferredAt,
    },
  });
  const keys = lines.map((_, index) => cartLineKey(cart, index + 1));
  const cartItemIds: string[] = [];
  for (const [index, line] of lines.entries()) {
    const priceUnit = line.priceUnitQuantity ?? 1;
    const item = await prisma.cartItem.create({
      data: {
        sessionId: session.id,
        offerId: line.offerId,
        label: line.label ?? `${line.offerId}, ${line.vendor}`,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        currency: line.currency ?? 'EUR',
        priceUnitQuantity: priceUnit,
        lineNet: new Decimal(line.unitPrice).times(line.quantity).div(priceUnit).toFixed(2),
        vendor: line.vendor,
        orderKey: keys[index],
      },
    });
    cartItemIds.push(item.id);
  }
  return { sessionId: session.id, publicId: session.publicId, keys, cartItemIds };
}
