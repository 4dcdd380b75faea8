import type { OfferWithProduct } from '../../product/offer.repository';
import type { OfferRow } from '../../product/product.repository';
import { minorUnitText, vatRateOf } from '../../catalog/vat';
import type { CartLine } from './cart-line';
import { unitPriceAt } from './offer-pricing';

/** An offer row of the catalog in the shape the guidance evaluator and pricing take. */
export function offerFacts(offer: Omit<OfferWithProduct, 'product'>): OfferRow {
  return {
    id: offer.id,
    vendor: offer.vendor,
    supplierId: offer.supplierId,
    importId: offer.importId,
    price: offer.price.toString(),
    currency: offer.currency,
    quantityTiers: (Array.isArray(offer.quantityTiers)
      ? offer.quantityTiers
      : []) as unknown as OfferRow['quantityTiers'],
    quantityMin: offer.quantityMin,
    quantityMax: offer.quantityMax,
    condition: offer.condition,
    fulfillment: offer.fulfillment,
    deliveryDays: offer.deliveryDays,
    availability: offer.availability,
    vatRate: offer.vatRate?.toString() ?? null,
    priceIncludesVat: offer.priceIncludesVat,
    netPrice: (offer.netPrice ?? offer.price).toString(),
    priceTaxLabel: offer.priceTaxLabel,
    priceInfo: offer.priceInfo,
    unit: offer.unit,
    contentUnit: offer.contentUnit,
    contentPerOrderUnit: offer.contentPerOrderUnit?.toString() ?? null,
    quantityInterval: offer.quantityInterval,
    priceUnitQuantity: offer.priceUnitQuantity,
  };
}

/**
 * One OCI line of `quantity` of an offer: what a transfer sends for a cart line, and what VALIDATE
 * and BACKGROUND_SEARCH send for a catalog item. OCI PRICE is THE unit price (docs/punchout.md,
 * "Money"): the net price after tiers in the currency's minor unit, also for a vendor quoting gross;
 * the VAT rate goes in CUST_FIELD1. Priced here, once for every protocol function.
 */
export function cartLineOf(offer: OfferWithProduct, quantity: number, defaultUnit: string): CartLine {
  const product = offer.product;
  const facts = offerFacts(offer);
  return {
    name: product.name,
    texts: product.texts,
    quantity,
    unit: offer.unit || defaultUnit,
    price: minorUnitText(unitPriceAt(facts, quantity), offer.currency),
    vatRate: vatRateOf(facts)?.toString() ?? null,
    priceUnit: offer.priceUnitQuantity,
    currency: offer.currency,
    leadTimeDays: offer.deliveryDays,
    vendorMaterial: offer.vendorSku,
    manufacturerCode: product.manufacturer,
    manufacturerPartNumber: product.manufacturerPartNumber,
    materialGroup: product.unspsc,
    productId: product.id,
    productCode: product.productCode,
    eclass: taxonomyCodeOf(product.taxonomies, 'eclass') ?? null,
    category: categoryOf(product.taxonomies, product.unspsc),
    vendor: offer.vendor,
    condition: offer.condition,
    features: product.features,
    offerId: offer.id,
    orderKey: null,
  };
}

/** A product's taxonomy code of one type (`unspsc`, `eclass`), when its taxonomies list one. */
export function taxonomyCodeOf(taxonomies: unknown, type: 'unspsc' | 'eclass'): string | undefined {
  const list = Array.isArray(taxonomies) ? (taxonomies as Array<{ type?: unknown; code?: unknown }>) : [];
  return list.find(
    (t) => typeof t.type === 'string' && t.type.toLowerCase() === type && typeof t.code === 'string',
  )?.code as string | undefined;
}

/** The classification a line carries (OCI sends one): UNSPSC first, else eCl@ss. */
export function categoryOf(
  taxonomies: unknown,
  unspsc: string | null,
): { schema: 'UNSPSC' | 'ECLASS'; id: string } | null {
  const un = taxonomyCodeOf(taxonomies, 'unspsc') ?? unspsc ?? undefined;
  if (un) return { schema: 'UNSPSC', id: un };
  const eclass = taxonomyCodeOf(taxonomies, 'eclass');
  return eclass ? { schema: 'ECLASS', id: eclass } : null;
}
