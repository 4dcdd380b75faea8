import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { createHash } from 'node:crypto';
import { CATALOG_ID_PATTERN } from '../catalog.constants';
import { OfferInput, ProductInput, TaxonomyInput } from '../catalog-product.input';
import { OfferRecord, ProductRecord } from './product-record.dto';

export type RecordResult = { ok: true; product: ProductInput } | { ok: false; errors: string[] };

/*
 * Checked with class-validator (the DTOs in product-record.dto.ts). Measured with
 * `npm run bench -- import-validation 20000` (2 offers per record): the hand-written checker this
 * replaced did 39,580 records/s, class-validator does the numbers in README "Code layout"; either
 * way validation is a few percent of an import, whose writing runs at ~900 records/s.
 */

/**
 * Checks one import record (the documented product+offers schema) and returns the product to
 * write or every problem found, named by field (`offers[1].currency: ...`). Pure: the categories
 * known to exist are passed in.
 */
export function validateProductRecord(raw: unknown, knownCategories: ReadonlySet<string>): RecordResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, errors: ['the record must be a JSON object'] };
  }
  const record = plainToInstance(ProductRecord, raw);
  const errors = validateSync(record, {
    whitelist: true,
    forbidNonWhitelisted: true,
    stopAtFirstError: true,
  }).flatMap((error) => messages(error, ''));
  if (errors.length === 0) {
    if (!knownCategories.has(record.category)) errors.push(`category: unknown category "${record.category}"`);
    record.offers.forEach((offer, i) => {
      if (
        offer.quantityMin !== undefined &&
        offer.quantityMax !== undefined &&
        offer.quantityMin > offer.quantityMax
      )
        errors.push(`offers[${i}].quantityMax: must not be below quantityMin`);
    });
    (record.taxonomies ?? []).forEach((taxonomy, i) => {
      if (taxonomy.type === 'unspsc' && !/^\d{8}$/.test(taxonomy.code))
        errors.push(`taxonomies[${i}].code: UNSPSC codes have 8 digits`);
    });
  }
  if (errors.length > 0) return { ok: false, errors };

  const product = toProduct(record);
  const offerIds = product.offers.map((offer) => offer.id);
  if (new Set(offerIds).size !== offerIds.length)
    return { ok: false, errors: ['offers: offer ids must be unique'] };
  return { ok: true, product };
}

/** `path: message` for each broken constraint, nested paths as `offers[0].price`. */
function messages(error: ValidationError, prefix: string): string[] {
  const path = /^\d+$/.test(error.property)
    ? `${prefix}[${error.property}]`
    : `${prefix}${prefix ? '.' : ''}${error.property}`;
  const own = Object.entries(error.constraints ?? {}).map(([constraint, message]) =>
    constraint === 'whitelistValidation'
      ? `${path}: is not a field of the import schema`
      : `${path}: ${message}`,
  );
  return [...own, ...(error.children ?? []).flatMap((child) => messages(child, path))];
}

function toProduct(record: ProductRecord): ProductInput {
  const taxonomies: TaxonomyInput[] = (record.taxonomies ?? []).map((t) => ({
    type: t.type,
    code: t.code,
    ...(t.version ? { version: t.version } : {}),
    ...(t.displayName ? { displayName: t.displayName } : {}),
  }));
  return {
    id:
      record.id ??
      (CATALOG_ID_PATTERN.test(record.productCode) ? record.productCode : `p${digest(record.productCode)}`),
    productCode: record.productCode,
    name: record.name,
    brand: record.brand ?? null,
    manufacturer: record.manufacturer ?? null,
    manufacturerPartNumber: record.manufacturerPartNumber ?? null,
    description: record.description ?? null,
    features: (record.features ?? []).map((feature) => feature.trim()),
    overview: record.overview ?? {},
    images: (record.images ?? []).map((image) => ({
      url: image.url,
      ...(image.width ? { width: image.width } : {}),
      ...(image.height ? { height: image.height } : {}),
      ...(image.altText ? { altText: image.altText } : {}),
      ...(image.kind ? { kind: image.kind } : {}),
    })),
    taxonomies,
    book: record.book
      ? {
          ...(record.book.isbn10 ? { isbn10: record.book.isbn10 } : {}),
          ...(record.book.isbn13 ? { isbn13: record.book.isbn13 } : {}),
          ...(record.book.publicationDate ? { publicationDate: record.book.publicationDate } : {}),
          ...(record.book.publishedLanguage ? { publishedLanguage: record.book.publishedLanguage } : {}),
        }
      : null,
    starRating: record.starRating ?? null,
    reviewCount: record.reviewCount ?? null,
    categoryId: record.category,
    unspsc: taxonomies.find((t) => t.type === 'unspsc')?.code ?? null,
    cpfEligible: record.cpfEligible ?? false,
    offers: record.offers.map((offer, i) => toOffer(offer, i, record.productCode)),
  };
}

function toOffer(offer: OfferRecord, index: number, productCode: string): OfferInput {
  return {
    id: offer.id ?? `o${digest(`${productCode}#${index}`)}`,
    vendor: offer.vendor,
    vendorSku: offer.vendorSku ?? null,
    price: offer.price,
    currency: offer.currency,
    quantityTiers: (offer.quantityTiers ?? []).map((tier) => ({
      minQuantity: tier.minQuantity,
      price: Number(tier.price),
    })),
    quantityMin: offer.quantityMin ?? null,
    quantityMax: offer.quantityMax ?? null,
    condition: offer.condition ?? 'new',
    fulfillment: offer.fulfillment ?? null,
    deliveryDays: offer.deliveryDays ?? null,
    availability: offer.availability ?? 'in_stock',
    isPrime: offer.isPrime ?? false,
    priceTaxLabel: offer.priceTaxLabel ?? null,
    priceInfo: offer.priceInfo ?? null,
    unit: offer.unit ?? 'PCE',
    priceUnitQuantity: offer.priceUnitQuantity ?? 1,
  };
}

function digest(text: string): string {
  return createHash('sha256')
    .update(text)
    .digest('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 24);
}
