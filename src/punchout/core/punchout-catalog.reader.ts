import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { evaluateProduct, GuidanceRuleSpec } from '../../guidance/guidance-evaluator';
import { GuidanceRulesService } from '../../guidance/guidance-rules.service';
import { OfferRepository, OfferWithProduct } from '../../product/offer.repository';
import type { ProductRow } from '../../product/product.repository';
import { ProductService } from '../../product/product.service';
import type { Tx } from './punchout-sessions.service';

export interface RuleWithNote extends GuidanceRuleSpec {
  note: string | null;
}

/**
 * The catalog as punchout reads it: products with their offers, offers by id, SKU or product code,
 * and the organization's guidance rules (cached for pages, fresh for re-validation). What a page
 * shows of them is the shop's (ProductPresenter).
 */
@Injectable()
export class PunchoutCatalogReader {
  constructor(
    private readonly products: ProductService,
    private readonly offers: OfferRepository,
    private readonly rules: GuidanceRulesService,
    private readonly config: AppConfig,
  ) {}

  /**
   * From product details' row cache, with the offers the organization sees (its contract offers
   * included): shared and frozen, so views copy what they change.
   */
  findProduct(id: string, organizationId: string): Promise<Readonly<ProductRow> | undefined> {
    return this.products.row(id, organizationId);
  }

  /** Active rules from the per-process cache (page views and adds). */
  cachedRules(organizationId: string): Promise<GuidanceRuleSpec[]> {
    return this.rules.activeRules(organizationId);
  }

  /**
   * Active rules read now, bypassing the cache, with their notes (transfer's re-validation); inside a
   * transaction holding a row lock, pass its client (GuidanceRulesService.currentRules says why).
   */
  currentRules(organizationId: string, db?: Tx): Promise<RuleWithNote[]> {
    return this.rules.currentRules(organizationId, db);
  }

  blockingNotes(ruleIds: string[]): Promise<Map<string, string | null>> {
    return this.rules.blockingNotes(ruleIds);
  }

  /** The product an offer belongs to, or undefined for an offer the organization does not see. */
  productIdOfOffer(offerId: string, organizationId: string): Promise<string | undefined> {
    return this.offers.productIdOf(offerId, organizationId);
  }

  /** The offers the organization sees of some products, each with its product's facts (the OCI functions' lines). */
  offersWithProduct(productIds: string[], organizationId: string): Promise<OfferWithProduct[]> {
    return this.offers.ofProducts(productIds, organizationId);
  }

  /** Offers named by a cXML SupplierPartID: their SKU or their product's code. */
  offersBySupplierPartIds(partIds: string[], organizationId: string): Promise<OfferWithProduct[]> {
    return this.offers.bySupplierPartIds(partIds, organizationId);
  }

  /** Offers by id with their products' facts (cart lines); inside the session's lock, pass its client. */
  offersById(offerIds: string[], organizationId: string, db?: Tx): Promise<Map<string, OfferWithProduct>> {
    return this.offers.byIds(offerIds, organizationId, db);
  }

  /**
   * The offer a buyer sees first for a product (the search hit's price): the first in buyer order
   * that no rule blocks; when every offer is blocked, the first blocked one (adding it is refused and
   * recorded like any blocked offer). Undefined for an unknown product or one without offers.
   */
  async shownOfferId(productId: string, organizationId: string): Promise<string | undefined> {
    const product = await this.findProduct(productId, organizationId);
    if (!product) return undefined;
    const rules = await this.cachedRules(organizationId);
    const verdict = evaluateProduct(rules, product, product.offers, this.config.marketplaceCurrency);
    return (verdict.shown ?? verdict.offers[0])?.offer.id;
  }
}
