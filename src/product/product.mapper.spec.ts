import { evaluateProduct, GuidanceRuleSpec } from '../guidance/guidance-evaluator';
import { toProductResponse } from './product.mapper';
import { priceUnitText } from '../catalog/units';
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
  contentUnit: null,
  contentPerOrderUnit: null,
  quantityInterval: null,
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
  facts: [],
  factCount: 0,
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

describe('productOverview from the catalog facts', () => {
  const facts = [
    {
      name: { de: 'Nennquerschnitt', en: 'Rated cross-section' },
      values: [{ de: '2,5', en: '2.5' }],
      unit: 'MMK',
    },
    { name: { de: 'Farbe' }, values: [{ de: 'rot', en: 'red' }, { de: 'blau' }], unit: null },
    { name: { en: 'Voltage' }, values: [{ en: '230' }], unit: 'VLT' },
    { name: { de: 'Ohne Wert' }, values: [], unit: null },
  ];

  it.each([
    ['de', { brand: 'WAGO', Nennquerschnitt: '2,5 mm²', Farbe: 'rot, blau', Voltage: '230 V' }],
    ['en', { brand: 'WAGO', 'Rated cross-section': '2.5 mm²', Farbe: 'red, blau', Voltage: '230 V' }],
  ] as const)(
    'names each fact with its value and unit in %s, else in the other language',
    (language, expected) => {
      const response = map(
        product({ brand: 'WAGO', facts, factCount: 4, overview: { Nennquerschnitt: '2,5 MMK' } }),
        [],
        language,
      );
      expect(response.productOverview).toEqual(expected);
    },
  );

  it('reads no more than the first 50 facts of a product with thousands', () => {
    const many = Array.from({ length: 3_000 }, (_, i) => ({
      name: { en: `F${i}` },
      values: [{ en: `${i}` }],
      unit: null,
    }));
    const overview = map(product({ facts: many, factCount: 3_000 })).productOverview!;
    expect(Object.keys(overview)).toHaveLength(50);
    expect(overview.F49).toBe('49');
  });

  it('keeps the stored open overview of a product without facts', () => {
    expect(map(product({ overview: { model: 'X1' } })).productOverview).toEqual({ model: 'X1' });
  });
});

describe('offer priceUnit with the packaging', () => {
  it.each([
    ['PK', 'C62', '100.0000', 1, 'en', 'per pack of 100 pieces'],
    ['PK', 'C62', '100.0000', 1, 'de', 'pro Packung mit 100 Stück'],
    ['BX', 'PK', '10', 2, 'en', 'per 2 boxes of 10 packs each'],
    ['BX', 'PK', '10', 2, 'de', 'pro 2 Schachteln mit je 10 Packungen'],
    ['CA', 'LTR', '2.5', 1, 'de', 'pro Dose mit 2,5 l'],
    ['C62', 'C62', '1', 1, 'en', 'per piece'],
    ['ROL', 'MTR', '50', 1, 'en', 'per ROL of 50 m'],
  ] as const)('%s of %s x%s, per %d, in %s: "%s"', (unit, contentUnit, content, quantity, language, text) => {
    const row = product({
      offers: [
        offer({
          id: 'o',
          price: '1',
          unit,
          contentUnit,
          contentPerOrderUnit: content,
          priceUnitQuantity: quantity,
        }),
      ],
    });
    expect(map(row, [], language).offers![0].priceUnit).toBe(text);
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
