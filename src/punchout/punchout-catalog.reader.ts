import { Injectable } from '@nestjs/common';
import { AVAILABILITY_NAMES, deliveryIn, offerText, priceUnitText } from '../catalog/catalog.messages';
import { netAmount, netTaxLabel, rateText, vatRateOf } from '../catalog/vat';
import { formatMoney } from '../common/i18n/money';
import { AppConfig } from '../config/app-config';
import { evaluateProduct, GuidanceRuleSpec } from '../guidance/guidance-evaluator';
import { GuidanceRulesService } from '../guidance/guidance-rules.service';
import { OfferRepository, OfferWithProduct } from '../product/offer.repository';
import { ProductRepository, ProductRow } from '../product/product.repository';
import type { PageLanguage } from '../web/language';
import { quantityBounds, tierAt, tiersOf } from './offer-pricing';
import type { Tx } from './punchout-sessions.service';
import type { OfferView, ProductView, SearchHitView } from './views/shop-view.models';

/** The start page lists at most this many preferred products. */
const PREFERRED_SHOWN = 12;

export interface RuleWithNote extends GuidanceRuleSpec {
  note: string | null;
}

/**
 * The catalog as the punchout pages need it: a product with its offers judged by the organization's
 * guidance (the same evaluator as product details and search), and the notes of blocking rules.
 */
@Injectable()
export class PunchoutCatalogReader {
  constructor(
    private readonly products: ProductRepository,
    private readonly offers: OfferRepository,
    private readonly rules: GuidanceRulesService,
    private readonly config: AppConfig,
  ) {}

  findProduct(id: string): Promise<ProductRow | undefined> {
    return this.products.findWithOffers(id);
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

  /** The product an offer belongs to, or undefined for an unknown offer. */
  productIdOfOffer(offerId: string): Promise<string | undefined> {
    return this.offers.productIdOf(offerId);
  }

  /** The offers of some products, each with its product's facts (the OCI functions' lines). */
  offersWithProduct(productIds: string[]): Promise<OfferWithProduct[]> {
    return this.offers.ofProducts(productIds);
  }

  /** Offers by id with their products' facts (cart lines); inside the session's lock, pass its client. */
  /** Offers named by a cXML SupplierPartID: their SKU or their product's code. */
  offersBySupplierPartIds(partIds: string[]): Promise<OfferWithProduct[]> {
    return this.offers.bySupplierPartIds(partIds);
  }

  offersById(offerIds: string[], db?: Tx): Promise<Map<string, OfferWithProduct>> {
    return this.offers.byIds(offerIds, db);
  }

  /**
   * The organization's preferred products (rules preferring a product by id), each with the offer a
   * buyer sees first; products whose offers are all blocked are left out.
   */
  async preferredProducts(organizationId: string, lang: PageLanguage): Promise<SearchHitView[]> {
    const rules = await this.cachedRules(organizationId);
    const ids = [
      ...new Set(
        rules.filter((r) => r.effect === 'preferred' && r.matcher === 'product').map((r) => r.value),
      ),
    ].slice(0, PREFERRED_SHOWN);
    const products = await Promise.all(ids.map((id) => this.findProduct(id)));
    return products.flatMap((product): SearchHitView[] => {
      if (!product) return [];
      const { shown } = evaluateProduct(rules, product, product.offers, this.config.marketplaceCurrency);
      if (!shown) return [];
      const offer = shown.offer;
      return [
        {
          id: product.id,
          name: product.name,
          vendor: offer.vendor,
          priceText: formatMoney(Number(offer.price), offer.currency, lang),
          preferred: true,
          blocked: false,
          ...(offer.deliveryDays !== null ? { delivery: deliveryIn(offer.deliveryDays, lang) } : {}),
        },
      ];
    });
  }

  async productView(product: ProductRow, organizationId: string, lang: PageLanguage): Promise<ProductView> {
    const rules = await this.cachedRules(organizationId);
    // The same offer order as product details and search (marketplace currency first).
    const verdict = evaluateProduct(rules, product, product.offers, this.config.marketplaceCurrency);
    const notes = await this.blockingNotes([
      ...new Set(verdict.offers.filter((o) => o.verdict.blocked).flatMap((o) => o.verdict.ruleIds)),
    ]);
    const offers = verdict.offers.map(({ offer, verdict: flags }): OfferView => {
      const { min } = quantityBounds(offer);
      const tiers = tiersOf(offer);
      const applying = tierAt(offer, min);
      // The shop shows net prices, as the cart sums them; a gross quote is named beside them.
      const net = (amount: string | number) => netAmount(amount, offer).toNumber();
      const rate = vatRateOf(offer);
      const view: OfferView = {
        id: offer.id,
        vendor: offer.vendor,
        condition: offer.condition,
        priceText: formatMoney(net(offer.price), offer.currency, lang),
        priceUnitText: priceUnitText(offer.unit, offer.priceUnitQuantity, lang),
        tiers: tiers.map((tier) => ({
          minQuantity: tier.minQuantity,
          priceText: formatMoney(net(tier.price), offer.currency, lang),
          applies: tier === applying,
        })),
        priceAtDefaultText: formatMoney(net(applying?.price ?? offer.price), offer.currency, lang),
        min,
        max: offer.quantityMax ?? null,
        defaultQuantity: min,
        preferred: flags.preferred,
        blocked: flags.blocked,
        blockedNotes: flags.blocked
          ? flags.ruleIds.map((id) => notes.get(id)).filter((note): note is string => !!note)
          : [],
      };
      if (offer.deliveryDays !== null) view.delivery = deliveryIn(offer.deliveryDays, lang);
      view.availability = AVAILABILITY_NAMES[offer.availability]?.[lang] ?? offer.availability;
      if (offer.fulfillment) view.fulfillment = offerText(offer.fulfillment, lang);
      const label = netTaxLabel(offer, offer.priceTaxLabel, lang);
      if (label) view.priceTaxLabel = label;
      if (offer.priceIncludesVat && rate !== null) {
        view.quotedGross = {
          priceText: formatMoney(Number(offer.price), offer.currency, lang),
          rateText: rateText(rate, lang),
        };
      }
      if (offer.priceInfo) view.priceInfo = offerText(offer.priceInfo, lang);
      return view;
    });
    return {
      id: product.id,
      name: product.name,
      images: this.imagesOf(product),
      features: [...product.features],
      taxonomies: taxonomiesOf(product.taxonomies),
      offers,
      allBlocked: verdict.blocked,
    };
  }

  /**
   * Images the page's CSP lets the browser load (img-src 'self'): the gateway's own images as
   * relative paths; images on other hosts are left out, and the placeholder shown instead.
   */
  private imagesOf(product: ProductRow): Array<{ url: string; alt: string }> {
    const own = Array.isArray(product.images) ? (product.images as Array<Record<string, unknown>>) : [];
    const local = own
      .map((image) => ({
        url: typeof image.url === 'string' ? image.url : '',
        alt: String(image.altText ?? product.name),
      }))
      .map((image) => ({
        ...image,
        url: image.url.startsWith(`${this.config.publicUrl}/`)
          ? image.url.slice(this.config.publicUrl.length)
          : image.url,
      }))
      .filter((image) => image.url.startsWith('/') && !image.url.startsWith('//'))
      .slice(0, 4);
    if (local.length > 0) return local;
    return [{ url: `/images/products/${encodeURIComponent(product.id)}/medium.svg`, alt: product.name }];
  }
}

function taxonomiesOf(stored: unknown): Array<{ type: string; code: string; displayName?: string }> {
  if (!Array.isArray(stored)) return [];
  return (stored as Array<Record<string, unknown>>)
    .filter((t) => typeof t.type === 'string' && typeof t.code === 'string')
    .map((t) => ({
      type: t.type as string,
      code: t.code as string,
      ...(typeof t.displayName === 'string' ? { displayName: t.displayName } : {}),
    }));
}
