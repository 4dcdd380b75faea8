import type { ImageInput, QuantityTierInput, TaxonomyInput } from '../catalog-product.input';
import type { ImageKind } from '../catalog.constants';
import { searchPartsOf } from '../search-terms';
import { compareDecimals, isPositiveDecimal } from '../formats/decimal-text';
import type {
  CatalogWarning,
  LocalizedText,
  SupplierItem,
  SupplierItemPrice,
  TextLanguage,
} from '../formats/supplier-item';
import { isKnownUnit } from '../units';
import type { ImportedContent, ImportedItem, ImportedOffer } from './imported-item';
import { manufacturerKeyOf, supplierItemKeyOf } from './product-match';

/*
 * One supplier item (any format) as the import writes it, or the reason it is rejected. Pure: the
 * validation every format shares, written once.
 */

/** The largest amount an offer stores (DECIMAL(14,4)). */
const MAX_AMOUNT = '9999999999.9999';
/** Facts a product keeps from one item (a page shows fewer; the rest is not read by buyers). */
export const MAX_FACTS = 200;
/** Facts shown in productOverview (name -> value). */
const MAX_OVERVIEW = 50;
const MAX_IMAGES = 20;
const MAX_LINKS = 20;
const MAX_KEYWORDS = 50;
const MAX_SEARCH_PARTS = 4_000;
/** BMEcat's picture purposes as the product's image kinds (IMAGE_KINDS). */
const IMAGE_KIND_OF: Record<string, ImageKind> = {
  thumbnail: 'thumbnail',
  normal: 'medium',
  detail: 'large',
};

/** The longest unit code kept (Rec. 20 codes have up to 3 characters; files also write "STUECK", "Rolle"). */
export const MAX_UNIT_LENGTH = 20;

/** An item ready to write with what the report should say about it, or the reason it is rejected. */
export type MappedItem =
  { ok: true; item: ImportedItem; warnings: CatalogWarning[] } | { ok: false; reason: string };

export interface MapContext {
  /** Prices valid at this moment are the offer's. */
  now: Date;
  /** The language a product's single name and description are shown in when it has both. */
  primaryLanguage: TextLanguage;
}

export function mapSupplierItem(item: SupplierItem, context: MapContext): MappedItem {
  const supplierItemKey = supplierItemKeyOf(item.supplierPartId, item.supplierPartAuxiliaryId);
  const label = item.supplierPartAuxiliaryId
    ? `${item.supplierPartId} (${item.supplierPartAuxiliaryId})`
    : item.supplierPartId;
  if (item.supplierPartId.length > 100) return refuse('the supplier part id is longer than 100 characters');
  if ((item.supplierPartAuxiliaryId ?? '').length > 100)
    return refuse('the supplier part auxiliary id is longer than 100 characters');
  const base = {
    line: item.line,
    supplierItemKey,
    label,
    gtin: item.gtin,
    manufacturerKey: manufacturerKeyOf(item.manufacturerName, item.manufacturerPartId),
    searchIds: [item.supplierPartId, item.manufacturerPartId, item.gtin].filter((id): id is string => !!id),
  };
  const warnings: CatalogWarning[] = [];
  if (item.action === 'delete') return { ok: true, item: { ...base, action: 'delete' }, warnings };
  if (item.punchoutOnly)
    return refuse("PunchOut Enabled: the item is bought on the supplier's own site and cannot be imported");

  const priced = offerPrices(item.prices, context.now);
  if ('reason' in priced) return refuse(priced.reason);
  if (item.action === 'prices') {
    return {
      ok: true,
      item: { ...base, action: 'prices', offer: { ...emptyOffer(item), ...priced } },
      warnings,
    };
  }

  const name = pick(item.name, context.primaryLanguage);
  if (!name) return refuse('the item has no name (short description) in any language');
  const unit = unitCodeOf(item.ordering.orderUnit) ?? 'C62';
  if (unit.length > MAX_UNIT_LENGTH || !UNIT_PATTERN.test(unit))
    return refuse(
      `order unit "${item.ordering.orderUnit}" is not a unit code (up to ${MAX_UNIT_LENGTH} letters or digits)`,
    );
  let contentUnit = unitCodeOf(item.ordering.contentUnit);
  if (contentUnit !== null && (contentUnit.length > MAX_UNIT_LENGTH || !UNIT_PATTERN.test(contentUnit))) {
    warnings.push({
      kind: 'unit-unreadable',
      message: `line ${item.line}: content unit "${contentUnit}" is not a unit code: left out`,
      line: item.line,
    });
    contentUnit = null;
  }
  // Codes the gateway cannot name are kept as the file writes them (sent on in OCI and cXML).
  for (const code of new Set([unit, contentUnit])) {
    if (code !== null && !isKnownUnit(code))
      warnings.push({
        kind: 'unit-unknown',
        message: `line ${item.line}: unit "${code}" is not a UN/ECE Rec. 20 code the gateway names: kept as written`,
        line: item.line,
      });
  }
  const priceQuantity = wholeNumber(item.ordering.priceQuantity);
  if (priceQuantity === null || priceQuantity < 1)
    return refuse(`price quantity "${item.ordering.priceQuantity}" is not a whole number of at least 1`);
  const quantityMin = item.ordering.quantityMin === null ? null : wholeNumber(item.ordering.quantityMin);
  if (item.ordering.quantityMin !== null && (quantityMin === null || quantityMin < 1))
    return refuse(`minimum quantity "${item.ordering.quantityMin}" is not a whole number of at least 1`);
  const interval =
    item.ordering.quantityInterval === null ? null : wholeNumber(item.ordering.quantityInterval);
  if (item.ordering.quantityInterval !== null && (interval === null || interval < 1))
    return refuse(
      `quantity interval "${item.ordering.quantityInterval}" is not a whole number of at least 1`,
    );

  const offer: ImportedOffer = {
    ...emptyOffer(item),
    ...priced,
    unit,
    priceUnitQuantity: priceQuantity,
    quantityMin,
    quantityInterval: interval,
    contentUnit,
    contentPerOrderUnit:
      item.ordering.contentPerOrderUnit !== null && isPositiveDecimal(item.ordering.contentPerOrderUnit)
        ? item.ordering.contentPerOrderUnit
        : null,
    deliveryDays:
      item.deliveryDays !== null && item.deliveryDays >= 0 && item.deliveryDays <= 32_767
        ? item.deliveryDays
        : null,
    statuses: item.statuses.slice(0, 20).map((s) => s.slice(0, 100)),
    specialTreatment: item.specialTreatment.slice(0, 20).map((s) => s.slice(0, 200)),
  };
  const content = contentOf(item, name, context.primaryLanguage);
  return { ok: true, item: { ...base, action: 'upsert', content, offer }, warnings };

  function refuse(reason: string): MappedItem {
    return { ok: false, reason };
  }
}

/** The offer fields a `prices` item leaves to the stored offer (the write keeps those). */
function emptyOffer(item: SupplierItem): ImportedOffer {
  return {
    supplierItemKey: supplierItemKeyOf(item.supplierPartId, item.supplierPartAuxiliaryId),
    vendorSku: item.supplierPartId,
    supplierPartAuxId: item.supplierPartAuxiliaryId,
    price: '0',
    currency: 'EUR',
    quantityTiers: [],
    vatRate: null,
    priceIncludesVat: false,
    unit: 'C62',
    priceUnitQuantity: 1,
    quantityMin: null,
    quantityInterval: null,
    contentUnit: null,
    contentPerOrderUnit: null,
    deliveryDays: null,
    validFrom: null,
    validTo: null,
    statuses: [],
    specialTreatment: [],
  };
}

type PriceFields = Pick<
  ImportedOffer,
  'price' | 'currency' | 'quantityTiers' | 'vatRate' | 'priceIncludesVat' | 'validFrom' | 'validTo'
>;

/**
 * The prices valid at `now`: the lowest bound is the offer's price, higher bounds its quantity tiers.
 * No usable price (none, none valid now, zero, mixed currencies, gross without VAT) is a rejection:
 * an item is never imported at 0.
 */
export function offerPrices(prices: SupplierItemPrice[], now: Date): PriceFields | { reason: string } {
  if (prices.length === 0) return { reason: 'no usable price' };
  let valid = prices.filter((p) => within(p, now));
  if (valid.length === 0) {
    // Not yet valid: the offer is imported with the first period to come and offered from its start
    // (the offer-validity maintenance brings it in); only a price list whose time has passed is refused.
    const starts = prices
      .map((p) => (p.validFrom ? Date.parse(p.validFrom) : NaN))
      .filter((start) => start > now.getTime());
    if (starts.length > 0) valid = prices.filter((p) => within(p, new Date(Math.min(...starts))));
  }
  if (valid.length === 0) return { reason: 'no usable price: none of its prices is valid today or later' };
  const sorted = [...valid].sort((a, b) => compareDecimals(a.lowerBound, b.lowerBound));
  const base = sorted[0];
  if (!isPositiveDecimal(base.amount)) return { reason: `no usable price: the price is ${base.amount}` };
  if (sorted.some((p) => p.currency !== base.currency))
    return { reason: 'no usable price: its prices are in different currencies' };
  if (sorted.some((p) => p.includesVat !== base.includesVat || p.vatRate !== base.vatRate))
    return { reason: 'no usable price: its tiers differ in whether VAT is included' };
  if (base.includesVat && base.vatRate === null)
    return { reason: 'no usable price: a gross price without its VAT rate' };
  if (sorted.some((p) => compareDecimals(p.amount, MAX_AMOUNT) > 0 || !/^\d+(\.\d{1,4})?$/.test(p.amount)))
    return {
      reason: `no usable price: amounts must be positive with at most 4 decimals and below ${MAX_AMOUNT}`,
    };
  const tiers: QuantityTierInput[] = [];
  for (const tier of sorted.slice(1)) {
    const bound = wholeNumber(tier.lowerBound);
    if (bound === null || bound <= 1 || tiers.some((t) => t.minQuantity === bound)) continue;
    if (!isPositiveDecimal(tier.amount)) continue;
    tiers.push({ minQuantity: bound, price: Number(tier.amount) });
  }
  return {
    price: base.amount,
    currency: base.currency,
    quantityTiers: tiers.slice(0, 20),
    vatRate: base.vatRate,
    priceIncludesVat: base.includesVat,
    validFrom: base.validFrom,
    validTo: base.validTo === null ? null : endOf(base.validTo),
  };
}

/** A date-only end is valid through that day (as `within` reads it): stored as its last moment. */
function endOf(validTo: string): string {
  return validTo.length === 10 ? `${validTo}T23:59:59.999Z` : validTo;
}

function within(price: SupplierItemPrice, now: Date): boolean {
  const from = price.validFrom ? Date.parse(price.validFrom) : NaN;
  const to = price.validTo ? Date.parse(endOf(price.validTo)) : NaN;
  return !(from > now.getTime()) && !(to < now.getTime());
}

/** Letters (any script), digits and a few marks files use in unit codes; no spaces or controls. */
const UNIT_PATTERN = /^[\p{L}\p{N}_./-]+$/u;

/** A unit code as stored: a known one in its canonical capitals ("pce" is PCE), another as written. */
function unitCodeOf(raw: string | null): string | null {
  const code = raw?.trim() ?? '';
  if (!code) return null;
  return isKnownUnit(code) ? code.toUpperCase() : code;
}

function wholeNumber(text: string): number | null {
  return /^\d{1,9}(\.0*)?$/.test(text.trim()) ? Number.parseInt(text, 10) : null;
}

function pick(text: LocalizedText, primary: TextLanguage): string | null {
  const other: TextLanguage = primary === 'de' ? 'en' : 'de';
  return text[primary] ?? text[other] ?? null;
}

/**
 * The completeness rule (docs/catalogs.md, "Most complete source"): a description counts 4 per
 * language, a name 2 per language, a picture 2, a feature 1 (at most 100), a classification 1. A
 * product's texts and facts come from the offer whose item scores highest; a tie keeps what is there.
 */
export function completenessOf(item: SupplierItem): number {
  const languages = (text: LocalizedText) => Object.values(text).filter(Boolean).length;
  const pictures = item.media.filter((m) => ['normal', 'detail', 'thumbnail'].includes(m.purpose)).length;
  return (
    4 * languages(item.description) +
    2 * languages(item.name) +
    2 * Math.min(pictures, 10) +
    Math.min(item.features.length, 100) +
    Math.min(item.classifications.length, 5)
  );
}

function contentOf(item: SupplierItem, name: string, primary: TextLanguage): ImportedContent {
  const texts: ImportedContent['texts'] = {};
  for (const language of ['de', 'en'] as const) {
    const entry: { name?: string; description?: string } = {};
    if (item.name[language]) entry.name = item.name[language];
    if (item.description[language]) entry.description = item.description[language];
    if (entry.name || entry.description) texts[language] = entry;
  }
  const facts = item.features.slice(0, MAX_FACTS);
  const overview: Record<string, string> = {};
  for (const fact of facts) {
    if (Object.keys(overview).length >= MAX_OVERVIEW) break;
    const key = pick(fact.name, primary);
    const values = fact.values.map((value) => pick(value, primary)).filter(Boolean);
    if (!key || values.length === 0 || key in overview) continue;
    overview[key.slice(0, 200)] = `${values.join(', ')}${fact.unit ? ` ${fact.unit}` : ''}`.slice(0, 500);
  }
  const pictures = item.media.filter((m) => ['normal', 'detail', 'thumbnail'].includes(m.purpose));
  const images: ImageInput[] = pictures.slice(0, MAX_IMAGES).map((m) => ({
    url: m.url,
    kind: IMAGE_KIND_OF[m.purpose],
    ...(pick(m.description, primary) ? { altText: pick(m.description, primary) as string } : {}),
  }));
  const links = item.media
    .filter((m) => !pictures.includes(m))
    .slice(0, MAX_LINKS)
    .map((m) => ({ url: m.url, purpose: m.purpose, mimeType: m.mimeType, description: m.description }));
  const taxonomies: TaxonomyInput[] = [];
  for (const c of item.classifications) {
    if (c.type === 'unspsc' && /^\d{2,8}$/.test(c.code))
      taxonomies.push({ type: 'unspsc', code: c.code, ...(c.version ? { version: c.version } : {}) });
    if (c.type === 'eclass' || c.type === 'etim')
      taxonomies.push({ type: c.type, code: c.code, ...(c.version ? { version: c.version } : {}) });
  }
  const unspsc = taxonomies.find((t) => t.type === 'unspsc')?.code.padEnd(8, '0') ?? null;
  const description = pick(item.description, primary);
  const other: TextLanguage = primary === 'de' ? 'en' : 'de';
  // Words of the other language and the supplier's keywords are searchable too (weight D).
  const searchParts = [
    searchPartsOf([item.name.de, item.name.en, item.description.de, item.description.en]),
    name === item.name[primary] ? item.name[other] : item.name[primary],
    ...item.keywords.slice(0, MAX_KEYWORDS),
  ]
    .filter(Boolean)
    .join(' ')
    .slice(0, MAX_SEARCH_PARTS);
  return {
    name: name.slice(0, 500),
    description,
    texts,
    manufacturer: item.manufacturerName?.slice(0, 200) ?? null,
    manufacturerPartNumber: item.manufacturerPartId?.slice(0, 100) ?? null,
    brand: item.manufacturerName?.slice(0, 200) ?? null,
    overview,
    facts,
    images,
    links,
    keywords: item.keywords.slice(0, MAX_KEYWORDS),
    taxonomies,
    unspsc,
    score: completenessOf(item),
    searchParts,
  };
}
