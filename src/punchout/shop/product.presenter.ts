import { Injectable } from '@nestjs/common';
import { AVAILABILITY_NAMES, categoryName, deliveryIn, offerText } from '../../catalog/catalog.messages';
import { priceUnitText } from '../../catalog/units';
import { netTaxLabel, netUnitPrice, rateText, vatRateOf } from '../../catalog/vat';
import { formatMoney } from '../../common/i18n/money';
import { AppConfig } from '../../config/app-config';
import { evaluateProduct } from '../../guidance/guidance-evaluator';
import type { ProductRow } from '../../product/product.repository';
import { localizedName } from '../../catalog/product-texts';
import type { PageLanguage } from '../../web/language';
import { quantityBounds, tierAt, tiersOf } from '../core/offer-pricing';
import { PunchoutCatalogReader } from '../core/punchout-catalog.reader';
import { FACTS_READ, FACTS_SHOWN, factsIn } from '../../catalog/product-facts';
import { localImageUrl } from './local-image-url';
import { messagesFor } from './punchout.messages';
import type { OfferView, ProductView, SearchHitView, ShopPreferences } from './views/shop-view.models';

/** The start page lists at most this many preferred products. */
const PREFERRED_SHOWN = 12;

/**
 * Products as the shop's pages show them: a product with its offers judged by the organization's
 * guidance (the same evaluator as product details and search) and the notes of blocking rules, and
 * the start page's preferred products, in the page's language.
 */
@Injectable()
export class ProductPresenter {
  constructor(
    private readonly catalog: PunchoutCatalogReader,
    private readonly config: AppConfig,
  ) {}

  /**
   * What the organization's guidance prefers besides single products, for the start page: vendors and
   * brands as the rules name them, categories by their name in the page's language.
   */
  async preferences(organizationId: string, lang: PageLanguage): Promise<ShopPreferences> {
    const preferred = (await this.catalog.cachedRules(organizationId)).filter(
      (r) => r.effect === 'preferred',
    );
    const values = (matcher: string) => [
      ...new Set(preferred.filter((r) => r.matcher === matcher).map((r) => r.value)),
    ];
    return {
      vendors: values('vendor'),
      brands: values('brand'),
      categories: values('category').map((id) => categoryName(id, lang)),
    };
  }

  /**
   * The organization's preferred products (rules preferring a product by id), each with the offer a
   * buyer sees first; products whose offers are all blocked are left out.
   */
  async preferredProducts(organizationId: string, lang: PageLanguage): Promise<SearchHitView[]> {
    const rules = await this.catalog.cachedRules(organizationId);
    const ids = [
      ...new Set(
        rules.filter((r) => r.effect === 'preferred' && r.matcher === 'product').map((r) => r.value),
      ),
    ].slice(0, PREFERRED_SHOWN);
    const products = await Promise.all(ids.map((id) => this.catalog.findProduct(id, organizationId)));
    return products.flatMap((product): SearchHitView[] => {
      if (!product) return [];
      const { shown } = evaluateProduct(rules, product, product.offers, this.config.marketplaceCurrency);
      if (!shown) return [];
      const offer = shown.offer;
      // As search lists it: THE unit price (net), its tax hint, and a gross quote beside it.
      const label = netTaxLabel(offer, offer.priceTaxLabel, lang);
      const rate = vatRateOf(offer);
      return [
        {
          id: product.id,
          name: localizedName(product.texts, lang, product.name).text,
          vendor: offer.vendor,
          priceText: formatMoney(netUnitPrice(offer.price, offer, offer.currency), offer.currency, lang),
          ...(label ? { priceTaxLabel: label } : {}),
          ...(offer.priceIncludesVat && rate !== null
            ? { quotedGrossText: formatMoney(offer.price, offer.currency, lang) }
            : {}),
          preferred: true,
          blocked: false,
          ...(offer.deliveryDays !== null ? { delivery: deliveryIn(offer.deliveryDays, lang) } : {}),
        },
      ];
    });
  }

  async productView(product: ProductRow, organizationId: string, lang: PageLanguage): Promise<ProductView> {
    const rules = await this.catalog.cachedRules(organizationId);
    // The same offer order as product details and search (marketplace currency first).
    const verdict = evaluateProduct(rules, product, product.offers, this.config.marketplaceCurrency);
    const notes = await this.catalog.blockingNotes([
      ...new Set(verdict.offers.filter((o) => o.verdict.blocked).flatMap((o) => o.verdict.ruleIds)),
    ]);
    const offers = verdict.offers.map(({ offer, verdict: flags }): OfferView => {
      const { min, max, step } = quantityBounds(offer);
      const tiers = tiersOf(offer);
      const applying = tierAt(offer, min);
      // The shop shows THE unit prices (net, minor unit), as the cart stores them; a gross quote is
      // named beside them.
      const net = (amount: string | number) => netUnitPrice(amount, offer, offer.currency);
      const rate = vatRateOf(offer);
      const view: OfferView = {
        id: offer.id,
        vendor: offer.vendor,
        condition: offer.condition,
        priceText: formatMoney(net(offer.price), offer.currency, lang),
        priceUnitText: priceUnitText(offer, offer.priceUnitQuantity, lang),
        tiers: tiers.map((tier) => ({
          minQuantity: tier.minQuantity,
          priceText: formatMoney(net(tier.price), offer.currency, lang),
          applies: tier === applying,
        })),
        priceAtDefaultText: formatMoney(net(applying?.price ?? offer.price), offer.currency, lang),
        min,
        max: offer.quantityMax === null ? null : max,
        step,
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
          priceText: formatMoney(offer.price, offer.currency, lang),
          rateText: rateText(rate, lang),
        };
      }
      if (offer.priceInfo) view.priceInfo = offerText(offer.priceInfo, lang);
      return view;
    });
    const name = localizedName(product.texts, lang, product.name).text;
    return {
      id: product.id,
      name,
      images: this.imagesOf(product, name),
      ...describedFacts(product, lang),
      ...(product.starRating !== null ? { starRating: product.starRating } : {}),
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
  private imagesOf(product: ProductRow, name: string): Array<{ url: string; alt: string }> {
    const own = Array.isArray(product.images) ? (product.images as Array<Record<string, unknown>>) : [];
    // A product listing each picture in several sizes shows each picture once, in the medium size.
    const medium = own.filter((image) => image.kind === 'medium');
    const local = (medium.length > 0 ? medium : own)
      .flatMap((image) => {
        const url =
          typeof image.url === 'string' ? localImageUrl(image.url, this.config.publicUrl) : undefined;
        return url ? [{ url, alt: String(image.altText ?? name) }] : [];
      })
      .slice(0, 4);
    if (local.length > 0) return local;
    return [{ url: `/images/products/${encodeURIComponent(product.id)}/medium.svg`, alt: name }];
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

/** Overview keys shown among the facts instead of the overview table. */
const FACT_KEYS = new Set(['manufacturer', 'ean', 'gtin']);

/**
 * A product's identification (brand, maker, part number, EAN/GTIN, our product code) and its open
 * characteristics, labelled in the page language; what the catalog does not know is left out.
 */
function describedFacts(
  product: ProductRow,
  lang: PageLanguage,
): Pick<ProductView, 'facts' | 'overview' | 'moreOverview' | 'overviewNotShown'> {
  const t = messagesFor(lang);
  const overview = product.overview ?? {};
  const text = (value: unknown): string | null =>
    typeof value === 'string' || typeof value === 'number' ? String(value).trim() || null : null;
  const gtin = text(overview.ean) ?? text(overview.gtin);
  const manufacturer = product.manufacturer ?? text(overview.manufacturer);
  const facts = [
    { label: t.brand, value: product.brand },
    { label: t.manufacturer, value: manufacturer },
    { label: t.manufacturerPartNumber, value: product.manufacturerPartNumber, identifier: true },
    { label: t.gtin, value: gtin, identifier: true },
    { label: t.productCode, value: product.productCode, identifier: true },
  ].filter((fact): fact is { label: string; value: string; identifier?: boolean } => !!fact.value);
  // A catalog's facts (features) in the page's language where the product has them: the first
  // FACTS_SHOWN at once, the rest of those read behind "n more", and how many were not read at all.
  const catalogFacts = factsIn(product.facts, lang).map((fact) => ({ label: fact.name, value: fact.value }));
  if (catalogFacts.length > 0) {
    const read = Math.min(product.factCount ?? 0, FACTS_READ);
    return {
      facts,
      overview: catalogFacts.slice(0, FACTS_SHOWN),
      moreOverview: catalogFacts.slice(FACTS_SHOWN),
      overviewNotShown: Math.max(0, (product.factCount ?? 0) - read),
    };
  }
  const rest = Object.entries(overview).flatMap(([key, value]) => {
    const shown = text(value);
    if (!shown || FACT_KEYS.has(key.toLowerCase())) return [];
    return [{ label: t.overviewLabels[key.toLowerCase()] ?? key, value: shown }];
  });
  return { facts, overview: rest, moreOverview: [], overviewNotShown: 0 };
}
