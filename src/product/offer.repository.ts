import { Injectable } from '@nestjs/common';
import { ContractCatalogs } from '../catalog/contract-catalogs.service';
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
      texts: true,
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

/** The pool, or the transaction of a caller that holds a lock (its reads then need no second connection). */
export type OfferReadClient = PrismaService | Prisma.TransactionClient;

/**
 * Offers by id or by product, for the features that put them in carts (punchout). The catalog's
 * offer table is read here, so the other features never query it themselves. Every read is for an
 * organization and returns the offers it sees (catalog/contract-view.ts): the marketplace's, and its
 * own contract offers where it has a contract catalog, each replacing the marketplace's offer of the
 * same supplier for the same product.
 */
@Injectable()
export class OfferRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly contracts: ContractCatalogs,
    private readonly clock: Clock,
  ) {}

  /** The product an offer belongs to, or undefined for an offer the organization does not see. */
  async productIdOf(offerId: string, organizationId: string): Promise<string | undefined> {
    const [offer] = await this.seen(organizationId, this.prisma, (scope) =>
      this.prisma.offer.findMany({
        where: { AND: [scope, { id: offerId }] },
        select: { productId: true, supplierId: true, organizationId: true },
      }),
    );
    return offer?.productId;
  }

  /**
   * Offers by id, each with its product's facts; ids no longer in the organization's catalog are
   * absent. Inside a transaction pass its client: every read then runs on it (none waits for the pool).
   */
  async byIds(
    offerIds: readonly string[],
    organizationId: string,
    db?: OfferReadClient,
  ): Promise<Map<string, OfferWithProduct>> {
    if (offerIds.length === 0) return new Map();
    const offers = await this.seen(organizationId, db, (scope) =>
      (db ?? this.prisma).offer.findMany({
        where: { AND: [scope, { id: { in: [...new Set(offerIds)] } }] },
        include: OFFER_WITH_PRODUCT,
      }),
    );
    return new Map(offers.map((offer) => [offer.id, offer]));
  }

  /** The offers of some products the organization sees, each with its product's facts, in offer id order. */
  ofProducts(productIds: readonly string[], organizationId: string): Promise<OfferWithProduct[]> {
    return this.seen(organizationId, this.prisma, (scope) =>
      this.prisma.offer.findMany({
        where: { AND: [scope, { productId: { in: [...productIds] } }] },
        include: OFFER_WITH_PRODUCT,
        orderBy: { id: 'asc' },
      }),
    );
  }

  /**
   * Offers a buyer's system names by its supplier part id (cXML SupplierPartID): the offer's SKU, the
   * product code or the product id of its product; each with its product's facts, in offer id order.
   */
  bySupplierPartIds(partIds: readonly string[], organizationId: string): Promise<OfferWithProduct[]> {
    if (partIds.length === 0) return Promise.resolve([]);
    const ids = [...new Set(partIds)];
    return this.seen(organizationId, this.prisma, (scope) =>
      this.prisma.offer.findMany({
        where: {
          AND: [
            scope,
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
      }),
    );
  }

  /**
   * The offers `find` returns under the organization's scope, as it sees them. An organization without
   * contract offers (known from the per-process set) reads the marketplace's offers only, as before.
   * Otherwise its contract offers are read too, and a marketplace offer is dropped where the
   * organization has a live contract offer of the same supplier for the same product. `db` (a
   * transaction's client) skips the per-process set, whose refresh would wait for the pool.
   */
  private async seen<T extends { productId: string; supplierId: string; organizationId: string | null }>(
    organizationId: string,
    db: OfferReadClient | undefined,
    find: (scope: Prisma.OfferWhereInput) => Promise<T[]>,
  ): Promise<T[]> {
    // Within its validity: an offer whose end has passed is not offered, also before the offer-validity
    // maintenance withdraws it.
    const live: Prisma.OfferWhereInput = { OR: [{ validTo: null }, { validTo: { gte: this.clock.now() } }] };
    if (db === undefined && !(await this.contracts.hasContractOffers(organizationId)))
      return find({ AND: [{ withdrawnAt: null, organizationId: null }, live] });
    const offers = await find({
      AND: [{ withdrawnAt: null, OR: [{ organizationId: null }, { organizationId }] }, live],
    });
    const marketplace = offers.filter((offer) => offer.organizationId === null);
    if (marketplace.length === 0) return offers;
    const contracts = await (db ?? this.prisma).offer.findMany({
      where: {
        organizationId,
        withdrawnAt: null,
        AND: [live],
        productId: { in: [...new Set(marketplace.map((offer) => offer.productId))] },
      },
      select: { productId: true, supplierId: true },
    });
    if (contracts.length === 0) return offers;
    const replaced = new Set(contracts.map((offer) => `${offer.productId} ${offer.supplierId}`));
    return offers.filter(
      (offer) => offer.organizationId !== null || !replaced.has(`${offer.productId} ${offer.supplierId}`),
    );
  }
}
