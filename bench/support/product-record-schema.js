// The catalog import record (src/catalog/import/product-record.validator.ts) as one zod schema with
// the same rules, defaults and messages, for `npm run bench -- import-validation`: the schema library
// the API's inputs use, measured beside the hand-written checker in the same run.
'use strict';
const { createHash } = require('node:crypto');
const { join } = require('node:path');
const { z } = require('zod');

const constants = require(join(__dirname, '../../dist/catalog/catalog.constants'));
const { AVAILABILITIES, CATALOG_ID_PATTERN, IMAGE_KINDS, OFFER_CONDITIONS } = constants;

// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const blank = (value) => value === undefined || value === null || value === '';
const digest = (text) =>
  createHash('sha256')
    .update(text)
    .digest('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 24);

/** A field read by `read(value, fail)` when given; absent or empty is null (or "is required"). */
function field(required, read) {
  return z
    .any()
    .optional()
    .transform((value, ctx) => {
      if (!blank(value)) return read(value, (message) => (ctx.addIssue({ code: 'custom', message }), null));
      if (required) ctx.addIssue({ code: 'custom', message: 'is required' });
      return null;
    });
}

/** Trimmed text up to `max`; absent or empty is null (or "is required"). */
function text(max, required = false) {
  return field(required, (value, fail) => {
    if (typeof value !== 'string') return fail('must be a string');
    const trimmed = value.trim();
    if (trimmed === '') return required ? fail('must not be blank') : null;
    if (trimmed.length > max) return fail(`at most ${max} characters`);
    if (CONTROL.test(trimmed)) return fail('contains control characters');
    return trimmed;
  });
}
const pattern = (schema, re, message) => schema.refine((value) => value === null || re.test(value), message);
/** A number (CSV text allowed) within bounds; absent is null. */
function number(min, max, { integer = false, required = false } = {}) {
  return field(required, (value, fail) => {
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n)) return fail('must be a number');
    if (n < min || n > max) return fail(`must be between ${min} and ${max}`);
    if (integer && !Number.isInteger(n)) return fail('must be a whole number');
    return n;
  });
}
const decimal = () =>
  z
    .union([z.string(), z.number().transform(String)], { error: 'is required' })
    .pipe(
      z.string().regex(/^\d{1,10}(\.\d{1,4})?$/, 'a non-negative amount with at most 4 decimals, e.g. 12.50'),
    );
const boolean = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true'), z.literal(''), z.null()], {
      error: 'must be true or false',
    })
    .transform((v) => (typeof v === 'boolean' ? v : null))
    .optional()
    .transform((v) => v ?? null);
const oneOf = (values, fallback) =>
  z
    .enum(values, { error: `one of ${values.join(', ')}` })
    .optional()
    .transform((v) => v ?? fallback);
const list = (item, max) =>
  z
    .array(item)
    .max(max, `at most ${max} items`)
    .nullish()
    .transform((v) => v ?? []);

const tier = z.strictObject({
  minQuantity: number(0, 1e9, { required: true }),
  price: decimal().transform(Number),
});
const taxonomy = z
  .strictObject({
    type: z.enum(['unspsc', 'eclass'], { error: 'one of unspsc, eclass' }),
    code: text(20, true),
    version: text(20).optional(),
    displayName: text(200).optional(),
  })
  .refine((t) => t.type !== 'unspsc' || t.code === null || /^\d{8}$/.test(t.code), {
    path: ['code'],
    message: 'UNSPSC codes have 8 digits',
  });
const image = z.strictObject({
  url: pattern(text(2048, true), /^https?:\/\/[^\s]+$/, 'an absolute http(s) URL'),
  width: number(1, 10_000, { integer: true }).optional(),
  height: number(1, 10_000, { integer: true }).optional(),
  altText: text(300).optional(),
  kind: z.enum(Object.keys(IMAGE_KINDS)).optional(),
});
const book = z
  .strictObject({
    isbn10: pattern(text(10), /^\d{9}[\dX]$/, '9 digits and a check digit or X').optional(),
    isbn13: pattern(text(13), /^97[89]\d{10}$/, '13 digits starting 978 or 979').optional(),
    publicationDate: pattern(text(10), /^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD').optional(),
    publishedLanguage: text(35).optional(),
  })
  .nullish();
const offer = z
  .strictObject({
    id: pattern(text(64), CATALOG_ID_PATTERN, `must match ${CATALOG_ID_PATTERN.source}`).optional(),
    price: decimal(),
    quantityMin: number(1, 1e9, { integer: true }).optional(),
    quantityMax: number(1, 1e9, { integer: true }).optional(),
    currency: pattern(text(3, true), /^[A-Z]{3}$/, 'three upper-case letters (ISO 4217)'),
    unit: pattern(text(3), /^[A-Z0-9]{1,3}$/, '1-3 upper-case letters or digits (UN/ECE Rec. 20)')
      .optional()
      .transform((v) => v ?? 'PCE'),
    vendor: text(200, true),
    vendorSku: text(100).optional(),
    quantityTiers: list(tier, 20),
    condition: oneOf(OFFER_CONDITIONS, 'new'),
    fulfillment: text(200).optional(),
    deliveryDays: number(0, 365, { integer: true }).optional(),
    availability: oneOf(AVAILABILITIES, 'in_stock'),
    isPrime: boolean().transform((v) => v ?? false),
    vatRate: z
      .any()
      .optional()
      .transform((raw, ctx) => {
        if (blank(raw)) return null;
        const t = typeof raw === 'number' ? String(raw) : raw;
        if (typeof t === 'string' && /^\d{1,2}(\.\d{1,2})?$/.test(t.trim())) return String(Number(t.trim()));
        ctx.addIssue({
          code: 'custom',
          message: 'a percentage from 0 to 99.99 with at most 2 decimals, e.g. 19 or 5.5',
        });
        return null;
      }),
    priceIncludesVat: boolean(),
    priceTaxLabel: text(100).optional(),
    priceInfo: text(500).optional(),
    priceUnitQuantity: number(1, 1e6, { integer: true })
      .optional()
      .transform((v) => v ?? 1),
  })
  .check((ctx) => {
    const o = ctx.value;
    if (o.quantityMin != null && o.quantityMax != null && o.quantityMin > o.quantityMax)
      ctx.issues.push({
        code: 'custom',
        input: o,
        path: ['quantityMax'],
        message: 'must not be below quantityMin',
      });
    if (o.priceIncludesVat === true && o.vatRate === null)
      ctx.issues.push({
        code: 'custom',
        input: o,
        path: ['vatRate'],
        message: 'is required when priceIncludesVat is true',
      });
  });

/** The record schema; known categories are checked by the caller's refinement below. */
function recordSchema(knownCategories) {
  return z
    .strictObject({
      productCode: pattern(
        text(64, true),
        /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$/,
        'letters, digits and ._:/- only',
      ),
      id: pattern(text(64), CATALOG_ID_PATTERN, `must match ${CATALOG_ID_PATTERN.source}`).optional(),
      name: text(500, true),
      category: text(64, true).refine((c) => c === null || knownCategories.has(c), 'unknown category'),
      features: list(text(500, true), 50),
      starRating: number(0, 5).optional(),
      reviewCount: number(0, 100_000_000, { integer: true }).optional(),
      taxonomies: list(taxonomy, 10),
      offers: z.array(offer, { error: 'must be an array' }).min(1, 'at least one offer is required'),
      brand: text(200).optional(),
      manufacturer: text(200).optional(),
      manufacturerPartNumber: text(100).optional(),
      description: text(20_000).optional(),
      overview: z
        .record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean()]))
        .refine((o) => Object.keys(o).length <= 50, 'an object of at most 50 keys')
        .nullish()
        .transform((v) => v ?? {}),
      images: list(image, 20),
      book,
      cpfEligible: boolean().transform((v) => v ?? false),
    })
    .transform((r, ctx) => {
      const offers = r.offers.map((o, i) => ({
        ...o,
        id: o.id ?? `o${digest(`${r.productCode}#${i}`)}`,
        vendorSku: o.vendorSku ?? null,
        quantityMin: o.quantityMin ?? null,
        quantityMax: o.quantityMax ?? null,
        fulfillment: o.fulfillment ?? null,
        deliveryDays: o.deliveryDays ?? null,
        priceIncludesVat: o.priceIncludesVat ?? false,
        priceTaxLabel: o.priceTaxLabel ?? null,
        priceInfo: o.priceInfo ?? null,
      }));
      if (new Set(offers.map((o) => o.id)).size !== offers.length)
        ctx.addIssue({ code: 'custom', path: ['offers'], message: 'offer ids must be unique' });
      const id =
        r.id ?? (CATALOG_ID_PATTERN.test(r.productCode) ? r.productCode : `p${digest(r.productCode)}`);
      return {
        id,
        productCode: r.productCode,
        name: r.name,
        brand: r.brand ?? null,
        manufacturer: r.manufacturer ?? null,
        manufacturerPartNumber: r.manufacturerPartNumber ?? null,
        description: r.description ?? null,
        features: r.features,
        overview: r.overview,
        images: r.images,
        taxonomies: r.taxonomies,
        book: r.book ?? null,
        starRating: r.starRating ?? null,
        reviewCount: r.reviewCount ?? null,
        categoryId: r.category,
        unspsc: r.taxonomies.find((t) => t.type === 'unspsc')?.code ?? null,
        cpfEligible: r.cpfEligible,
        offers,
      };
    });
}

/** Same contract as validateProductRecord: the product, or every problem as "path: message". */
function schemaValidator(knownCategories) {
  const schema = recordSchema(knownCategories);
  return (raw) => {
    const result = schema.safeParse(raw);
    if (result.success) return { ok: true, product: result.data };
    return { ok: false, errors: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  };
}

module.exports = { schemaValidator };
