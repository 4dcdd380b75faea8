/**
 * The product details response as a Fastify response schema, so Fastify serializes it with
 * fast-json-stringify (compiled once) instead of JSON.stringify: serialization was a large share of
 * a cached request's CPU. The output must stay byte-identical to JSON.stringify of the mapper's
 * object (product.response-schema.spec.ts compares them), hence:
 * - properties in exactly the order product.mapper.ts creates them (fast-json-stringify writes the
 *   schema's order; absent optional properties are skipped);
 * - typed only where the mapper itself builds the value from NOT NULL columns or computes it;
 *   values passed through from stored JSON (images, taxonomies, features, overview, book, tier
 *   quantities) stay untyped, which fast-json-stringify hands to JSON.stringify as they are;
 * - no `required`: a missing property is left out as JSON.stringify would, never an error.
 * A property the mapper gains must be added here too, or it is dropped from the response (the spec
 * test fails first).
 */
const string = { type: 'string' } as const;
const number = { type: 'number' } as const;
const boolean = { type: 'boolean' } as const;
const passThrough = {} as const;

const money = {
  type: 'object',
  properties: { amount: number, currency: string, formatted: string },
} as const;

const offer = {
  type: 'object',
  properties: {
    id: string,
    productId: string,
    provider: string,
    vendor: string,
    price: money,
    quantityDiscountsAvailable: boolean,
    availability: string,
    priceUnit: string,
    preferred: boolean,
    blocked: boolean,
    condition: string,
    quantityPrice: {
      type: 'array',
      items: { type: 'object', properties: { minQuantity: passThrough, price: money } },
    },
    delivery: string,
    priceTaxLabel: string,
    priceInfo: string,
    quantityMin: number,
    quantityMax: number,
    fulfillment: string,
  },
} as const;

export const PRODUCT_RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    id: string,
    provider: string,
    name: string,
    offersCount: number,
    offers: { type: 'array', items: offer },
    images: passThrough,
    productCode: string,
    taxonomies: passThrough,
    features: passThrough,
    starRating: number,
    reviewCount: number,
    productOverview: passThrough,
    book: passThrough,
  },
} as const;
