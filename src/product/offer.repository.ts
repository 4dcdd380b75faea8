import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { PrismaService } from '../database/prisma.service';
import type { Prisma } from '../generated/prisma/client';

/**
 * A catalog offer with the product facts punchout needs (guidance, pricing, OCI and cXML lines), as
 * one Prisma include: the cart's lines and the OCI functions read offers the same way.
 */
export const OFFER_WITH_PRODUCT = {
  product: {
    select: {
      id: true,
      name: true,
      productCode: true,
      brand: true,
      categoryPath: true,
      unspsc: true,
      manufacturer: true,
      manufacturerPartNumber: true,
      features: true,
      taxonomies: true,
    },
  },
} as const;

export type OfferWithProduct = Prisma.OfferGetPayload<{ include: typeof OFFER_WITH_PRODUCT }>;

/**
 * The offers a buyer may put in a cart: not withdrawn, the marketplace's, and within their validity
 * (an offer whose validity ended is not offered, also before the maintenance withdraws it).
 */
function offered(now: Date): Prisma.OfferWhereInput {
  return { withdrawnAt: null, organizationId: null, OR: [{ validTo: null }, { validTo: { gte: now } }] };
}

/** The pool, or the transaction of a caller that holds a lock (its reads then need no second connection). */
export type OfferReadClient = PrismaService | Prisma.TransactionClient;

/**
 * Offers by id or by product, for the features that put them in carts (punchout). The catalog's
 * offer table is read here, so the other features never query it themselves.
 */
@Injectable()
export class OfferRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
  ) {}

  /** The product an offer belongs to, or undefined for an unknown offer. */
  async productIdOf(offerId: string): Promise<string | undefined> {
    const offer = await this.prisma.offer.findFirst({
      where: { id: offerId, ...offered(this.clock.now()) },
      select: { productId: true },
    });
    return offer?.productId;
  }

  /** Offers by id, each with its product's facts; ids no longer in the catalog are absent. */
  async byIds(
    offerIds: readonly string[],
    db: OfferReadClient = this.prisma,
  ): Promise<Map<string, OfferWithProduct>> {
    if (offerIds.length === 0) return new Map();
    const offers = await db.offer.findMany({
      where: { id: { in: [...new Set(offerIds)] }, ...offered(this.clock.now()) },
      include: OFFER_WITH_PRODUCT,
    });
    return new Map(offers.map((offer) => [offer.id, offer]));
  }

  /** The offers of some products, each with its product's facts, in offer id order. */
  ofProducts(productIds: readonly string[]): Promise<OfferWithProduct[]> {
    return this.prisma.offer.findMany({
      where: { productId: { in: [...productIds] }, ...offered(this.clock.now()) },
      include: OFFER_WITH_PRODUCT,
      orderBy: { id: 'asc' },
    });
  }

  /**
   * Offers a buyer's system names by its supplier part id (cXML SupplierPartID): the offer's SKU, the
   * product code or the product id of its product; each with its product's facts, in offer id order.
   */
  bySupplierPartIds(partIds: readonly string[]): Promise<OfferWithProduct[]> {
    if (partIds.length === 0) return Promise.resolve([]);
    const ids = [...new Set(partIds)];
    return this.prisma.offer.findMany({
      where: {
        ...offered(this.clock.now()),
        AND: [
          {
            OR: [
              { vendorSku: { in: ids } },
              { productId: { in: ids } },
              { product: { productCode: { in: ids } } },
            ],
          },
        ],
      },
      include: OFFER_WITH_PRODUCT,
      orderBy: { id: 'asc' },
      take: 1000,
    });
  }
}
