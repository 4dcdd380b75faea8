import { evaluateProduct, GuidanceRuleSpec } from '../guidance/guidance-evaluator';
import { toProductResponse } from './product.mapper';
import { priceUnitText } from '../catalog/catalog.messages';
import type { OfferRow, ProductRow } from './product.repository';

const offer = (data: Partial<OfferRow> & Pick<OfferRow, 'id' | 'price'>): OfferRow => ({
  vendor: 'Office World',
  supplierId: '00000000-0000-4000-8000-000000000001',
  importId: null,
  currency: 'EUR',
  quantityTiers: [],
  quantityMin: null,
  quantityMax: null,
  condition: 'new',
  fulfillment: null,
  deliveryDays: null,
  availability: 'in_stock',
  vatRate: null,
  priceIncludesVat: false,
  priceTaxLabel: null,
  priceInfo: null,
  unit: 'PCE',
  priceUnitQuantity: 1,
  netPrice: data.price,
  ...data,
});

const product = (data: Partial<ProductRow> = {}): ProductRow => ({
  id: 'P1',
  productCode: 'C1',
  name: 'Stapler',
  texts: {},
  brand: null,
  manufacturer: null,
  manufacturerPartNumber: null,
  features: [],
  overview: {},
  images: [],
  taxonomies: [],
  book: null,
  starRating: null,
  reviewCount: null,
  categoryPath: '/office/desk-accessories/',
  unspsc: null,
  offers: [],
  ...data,
});

const map = (row: ProductRow, rules: GuidanceRuleSpec[] = [], language: 'en' | 'de' = 'en') =>
  toProductResponse(row, evaluateProduct(rules, row, row.offers), language, 'https://gw.example');

describe('toProductResponse', () => {
  it('orders and flags offers as the evaluator judged them', () => {
    const row = product({
      offers: [
        offer({ id: 'cheap-used', price: '1.00', condition: 'used' }),
        offer({ id: 'expensive', price: '9.00', vendor: 'Preferred Supplies' }),
        offer({ id: 'cheap-new', price: '2.00' }),
      ],
    });
    const rules: GuidanceRuleSpec[] = [
      { id: 'r1', effect: 'blocked', matcher: 'condition', value: 'used' },
      { id: 'r2', effect: 'preferred', matcher: 'vendor', value: 'preferred supplies' },
    ];
    const response = map(row, rules);
    expect(response.offers?.map((o) => [o.id, o.preferred, o.blocked])).toEqual([
      ['expensive', true, false],
      ['cheap-new', false, false],
      ['cheap-used', false, true],
    ]);
    expect(response.offersCount).toBe(3);
  });

  it('leaves out optional fields that have no value instead of sending null', () => {
    const response = map(product({ offers: [offer({ id: 'o1', price: '3.5' })] }));
    expect(Object.keys(response).sort()).toEqual(
      ['id', 'images', 'name', 'offers', 'offersCount', 'productCode', 'provider'].sort(),
    );
    expect(Object.keys(response.offers![0]).sort()).toEqual(
      [
        'availability',
        'blocked',
        'condition',
        'id',
        'preferred',
        'price',
        'priceUnit',
        'productId',
        'provider',
        'quantityDiscountsAvailable',
        'vendor',
      ].sort(),
    );
  });

  it('drops null values from stored images, taxonomies, book and overview', () => {
    const response = map(
      product({
        images: [{ url: 'https://cdn.example/a.jpg', width: null, kind: 'large' }, { width: 5 }],
        taxonomies: [{ type: 'unspsc', code: '44121615', version: null }, { type: 'eclass' }],
        book: { isbn13: '9783658000001', isbn10: null },
        overview: { colour: 'black', weight: null },
      }),
    );
    expect(response.images).toEqual([{ url: 'https://cdn.example/a.jpg', kind: 'large' }]);
    expect(response.taxonomies).toEqual([{ type: 'unspsc', code: '44121615' }]);
    expect(response.book).toEqual({ isbn13: '9783658000001' });
    expect(response.productOverview).toEqual({ colour: 'black' });
  });

  it('rounds the stored single-precision rating to one decimal', () => {
    expect(map(product({ starRating: 4.300000190734863 })).starRating).toBe(4.3);
  });

  it("names the product in the caller's language, else the other one, else by its stored name", () => {
    const both = product({
      name: 'Heftgerät',
      texts: { de: { name: 'Heftgerät' }, en: { name: 'Stapler' } },
    });
    expect(map(both, [], 'en').name).toBe('Stapler');
    expect(map(both, [], 'de').name).toBe('Heftgerät');
    const german = product({
      name: 'stored',
      texts: { de: { name: 'Heftgerät', description: 'Aus Metall' } },
    });
    expect(map(german, [], 'en').name).toBe('Heftgerät');
    expect(map(product({ name: 'Stapler 24/6', texts: {} }), [], 'de').name).toBe('Stapler 24/6');
  });

  it("gives the placeholder pictures the name in the caller's language as alt text", () => {
    const both = product({ texts: { de: { name: 'Heftgerät' }, en: { name: 'Stapler' } } });
    expect((map(both, [], 'de').images ?? []).map((image) => image.altText)).toEqual(
      expect.arrayContaining([expect.stringContaining('Heftgerät')]),
    );
  });
});

describe('priceUnitText', () => {
  it.each([
    ['PCE', 1, 'en', 'per piece'],
    ['PCE', 100, 'en', 'per 100 pieces'],
    ['PK', 1, 'de', 'pro Packung'],
    ['PK', 5, 'de', 'pro 5 Packungen'],
    ['XYZ', 1, 'en', 'per XYZ'],
    ['XYZ', 2, 'de', 'pro 2 XYZ'],
  ] as const)('names unit %s x%d in %s as "%s"', (unit, quantity, language, text) => {
    expect(priceUnitText(unit, quantity, language)).toBe(text);
  });
});
