import { IMAGE_KINDS, ImageKind } from '../catalog/catalog.constants';
import type { JudgedOffer, ProductVerdict } from '../guidance/guidance-evaluator';
import { AVAILABILITY_NAMES, deliveryIn, offerText } from '../catalog/catalog.messages';
import { priceUnitText } from '../catalog/units';
import { factsIn } from '../catalog/product-facts';
import { taxLabel } from '../catalog/vat';
import { placeholderImage } from '../catalog/placeholder-image';
import { absoluteImageUrl } from '../catalog/image-url';
import { Language } from '../common/i18n/language';
import { localizedName } from '../catalog/product-texts';
import { formatMoney } from '../common/i18n/money';
import {
  BookResponse,
  ImageResponse,
  MoneyResponse,
  OfferResponse,
  ProductResponse,
  TaxonomyResponse,
} from './dto/product.response';
import type { OfferRow, ProductRow } from './product.repository';

/**
 * Product details as spec 2.3 shapes them, in the caller's language. Pure: the offers come
 * already judged and ordered by the guidance evaluator. Optional fields without a value are
 * omitted, never null.
 */
export function toProductResponse(
  product: ProductRow,
  verdict: ProductVerdict<OfferRow>,
  language: Language,
  publicUrl: string,
): ProductResponse {
  const name = localizedName(product.texts, language, product.name).text;
  const response: ProductResponse = {
    id: product.id,
    provider: 'marketplace',
    name,
    offersCount: verdict.offers.length,
    offers: verdict.offers.map((judged) => toOffer(product.id, judged, language)),
    images: imagesOf(product, name, publicUrl),
    productCode: product.productCode,
  };
  const taxonomies = taxonomiesOf(product.taxonomies);
  if (taxonomies.length > 0) response.taxonomies = taxonomies;
  if (product.features.length > 0) response.features = [...product.features];
  if (product.starRating !== null) response.starRating = Math.round(product.starRating * 10) / 10;
  if (product.reviewCount !== null) response.reviewCount = product.reviewCount;
  const overview = overviewOf(product, language);
  if (Object.keys(overview).length > 0) response.productOverview = overview;
  const book = bookOf(product.book);
  if (book) response.book = book;
  return response;
}

export function money(amount: number, currency: string, language: Language): MoneyResponse {
  return { amount, currency, formatted: formatMoney(amount, currency, language) };
}

function toOffer(
  productId: string,
  { offer, verdict }: JudgedOffer<OfferRow>,
  language: Language,
): OfferResponse {
  const tiers = Array.isArray(offer.quantityTiers) ? offer.quantityTiers : [];
  const result: OfferResponse = {
    id: offer.id,
    productId,
    provider: 'marketplace',
    vendor: offer.vendor,
    price: money(Number(offer.price), offer.currency, language),
    quantityDiscountsAvailable: tiers.length > 0,
    availability: AVAILABILITY_NAMES[offer.availability]?.[language] ?? offer.availability,
    priceUnit: priceUnitText(offer, offer.priceUnitQuantity, language),
    preferred: verdict.preferred,
    blocked: verdict.blocked,
    condition: offer.condition,
  };
  if (tiers.length > 0) {
    result.quantityPrice = [...tiers]
      .sort((a, b) => a.minQuantity - b.minQuantity)
      .map((tier) => ({
        minQuantity: tier.minQuantity,
        price: money(Number(tier.price), offer.currency, language),
      }));
  }
  if (offer.deliveryDays !== null) result.delivery = deliveryIn(offer.deliveryDays, language);
  const label = taxLabel(offer, offer.priceTaxLabel, language);
  if (label) result.priceTaxLabel = label;
  if (offer.priceInfo) result.priceInfo = offerText(offer.priceInfo, language);
  if (offer.quantityMin !== null) result.quantityMin = offer.quantityMin;
  if (offer.quantityMax !== null) result.quantityMax = offer.quantityMax;
  if (offer.fulfillment) result.fulfillment = offerText(offer.fulfillment, language);
  return result;
}

/** The product's own images (absolute) when it has any, else the gateway's placeholder in all four sizes. */
function imagesOf(product: ProductRow, name: string, publicUrl: string): ImageResponse[] {
  const own = Array.isArray(product.images) ? (product.images as Array<Record<string, unknown>>) : [];
  if (own.length === 0) {
    return (Object.keys(IMAGE_KINDS) as ImageKind[]).map((kind) =>
      placeholderImage(publicUrl, product.id, kind, name),
    );
  }
  return own
    .filter((image) => typeof image.url === 'string')
    .map((image) => pick<ImageResponse>(image, ['url', 'width', 'height', 'altText', 'kind']))
    .map((image) => ({ ...image, url: absoluteImageUrl(image.url, publicUrl) }));
}

function taxonomiesOf(stored: unknown): TaxonomyResponse[] {
  if (!Array.isArray(stored)) return [];
  return (stored as Array<Record<string, unknown>>)
    .filter((t) => typeof t.type === 'string' && typeof t.code === 'string')
    .map((t) => pick<TaxonomyResponse>(t, ['type', 'code', 'version', 'displayName']));
}

/**
 * Brand, manufacturer and part number join the open characteristics: a catalog's facts (features) in
 * the caller's language where the product has them (the stored overview then holds the same facts
 * in the catalog's language only), else the stored overview; stored keys win over the three.
 */
function overviewOf(product: ProductRow, language: Language): Record<string, unknown> {
  const overview: Record<string, unknown> = {};
  if (product.brand) overview.brand = product.brand;
  if (product.manufacturer) overview.manufacturer = product.manufacturer;
  if (product.manufacturerPartNumber) overview.manufacturerPartNumber = product.manufacturerPartNumber;
  const facts = factsIn(product.facts, language);
  if (facts.length > 0) {
    for (const fact of facts) overview[fact.name] = fact.value;
    return overview;
  }
  const stored = product.overview;
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    for (const [key, value] of Object.entries(stored)) if (value !== null) overview[key] = value;
  }
  return overview;
}

function bookOf(stored: Record<string, unknown> | null): BookResponse | undefined {
  if (!stored || typeof stored !== 'object') return undefined;
  const book = pick<BookResponse>(stored, ['isbn10', 'isbn13', 'publicationDate', 'publishedLanguage']);
  return Object.keys(book).length > 0 ? book : undefined;
}

/** The named fields that have a value (null and undefined are left out). */
function pick<T>(source: Record<string, unknown>, keys: Array<keyof T & string>): T {
  const result: Record<string, unknown> = {};
  for (const key of keys) if (source[key] !== undefined && source[key] !== null) result[key] = source[key];
  return result as T;
}
