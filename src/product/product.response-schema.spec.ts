import Fastify from 'fastify';
import { generateDemoProduct } from '../catalog/demo/demo-catalog.generator';
import { LANGUAGES } from '../common/i18n/language';
import { evaluateProduct, GuidanceRuleSpec } from '../guidance/guidance-evaluator';
import { toProductResponse } from './product.mapper';
import type { ProductRow } from './product.repository';
import { PRODUCT_RESPONSE_SCHEMA } from './product.response-schema';

/** A demo product as the product query returns it. */
function rowOf(index: number): ProductRow {
  const { offers, ...product } = generateDemoProduct(1, index);
  return {
    ...product,
    categoryPath: `/${product.categoryId}/`,
    offers: offers.map((offer) => ({ ...offer, price: String(offer.price) })),
  } as unknown as ProductRow;
}

/** Every optional field set, with texts JSON must escape and stored values of unusual types. */
const EDGE: ProductRow = {
  id: 'edge-1',
  productCode: 'E"1\\x',
  name: 'Quote " backslash \\ tab \t line\n emoji 😀 lone \ud800 ü – long '.repeat(3),
  brand: 'Brand',
  manufacturer: 'Maker',
  manufacturerPartNumber: 'MPN-1',
  features: ['a', 'b "c"'],
  overview: { model: 'M', weight: 1.5, nested: { deep: [1, null, 'x'] }, gone: null, flag: false },
  images: [{ url: 'https://img.example/1.jpg', width: '640', height: 480.5, altText: 'Alt', kind: 'large' }],
  taxonomies: [{ type: 'unspsc', code: '44121701', version: 'UNv260801', displayName: 'Pens' }],
  book: { isbn13: '9783161484100', publicationDate: '2020-01-01', extra: 'x' },
  starRating: 4.26,
  reviewCount: 0,
  categoryPath: '/office/',
  unspsc: '44121701',
  offers: [
    {
      id: 'edge-1-1',
      vendor: 'Vendor "One"',
      price: '1234567.8900',
      currency: 'EUR',
      quantityTiers: [
        { minQuantity: 50, price: 0.1 },
        { minQuantity: 10, price: 1e21 },
      ],
      quantityMin: 0,
      quantityMax: 999,
      condition: 'used',
      fulfillment: 'Custom fulfillment',
      deliveryDays: 1,
      availability: 'unknown_state',
      priceTaxLabel: 'excl. VAT',
      priceInfo: 'Volume discounts from 10 units',
      unit: 'XYZ',
      priceUnitQuantity: 100,
    },
    {
      id: 'edge-1-2',
      vendor: 'Two',
      price: '0.0000',
      currency: 'USD',
      quantityTiers: [],
      quantityMin: null,
      quantityMax: null,
      condition: 'new',
      fulfillment: null,
      deliveryDays: null,
      availability: 'in_stock',
      priceTaxLabel: null,
      priceInfo: null,
      unit: 'PCE',
      priceUnitQuantity: 1,
    },
  ],
};

describe('product response schema', () => {
  it('serializes product details byte for byte as JSON.stringify does', async () => {
    const app = Fastify();
    let next: unknown;
    app.get('/p', { schema: { response: { 200: PRODUCT_RESPONSE_SCHEMA } } }, async () => next);
    await app.ready();
    const rules: GuidanceRuleSpec[] = [
      { id: 'r1', effect: 'preferred', matcher: 'vendor', value: 'Vendor "One"' },
      { id: 'r2', effect: 'blocked', matcher: 'condition', value: 'used' },
      { id: 'r3', effect: 'preferred', matcher: 'category', value: 'office' },
    ];
    const rows = [EDGE, ...Array.from({ length: 300 }, (_, i) => rowOf(i))];
    let compared = 0;
    for (const row of rows) {
      for (const language of LANGUAGES) {
        for (const ruleSet of [[], rules]) {
          next = toProductResponse(row, evaluateProduct(ruleSet, row, row.offers), language, 'http://gw');
          const response = await app.inject({ method: 'GET', url: '/p' });
          expect(response.body).toBe(JSON.stringify(next));
          compared++;
        }
      }
    }
    expect(compared).toBe(rows.length * 4);
    await app.close();
  });
});
