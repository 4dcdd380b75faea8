import { ProductSpec, createCatalog } from '../../factories/catalog.factory';
import { organizationWithTokens } from '../../factories/guidance.factory';
import { bearer } from '../../support/auth';
import { Json, bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

const FULL: ProductSpec = {
  id: 'full-1',
  productCode: 'LTZ-1010-50',
  name: 'Leitz 180° binder A4, 8 cm, blue',
  brand: 'Leitz',
  manufacturer: 'Esselte Leitz GmbH',
  manufacturerPartNumber: '1010-50-35',
  description: 'Lever arch file with 180° opening.',
  features: ['180° opening', 'Recycled cardboard'],
  overview: { width: '8 cm', colour: 'blue', sheets: 600, manufacturer: 'Leitz (Esselte)' },
  images: [
    {
      url: 'https://cdn.example/full-1/large.jpg',
      width: 1200,
      height: 1200,
      altText: 'Binder',
      kind: 'large',
    },
    {
      url: 'https://cdn.example/full-1/thumb.jpg',
      width: 75,
      height: 75,
      altText: 'Binder',
      kind: 'thumbnail',
    },
  ],
  taxonomies: [
    { type: 'unspsc', code: '44122003', version: 'UNv260801', displayName: 'Binders' },
    { type: 'eclass', code: '24-32-06-01', version: '13.0', displayName: 'Lever arch file' },
  ],
  starRating: 4.6,
  reviewCount: 321,
  categoryId: 'filing',
  unspsc: '44122003',
  offers: [
    {
      id: 'full-1-a',
      vendor: 'Office World',
      vendorSku: 'OW-1010',
      price: '4.2900',
      quantityTiers: [
        { minQuantity: 50, price: 3.49 },
        { minQuantity: 10, price: 3.99 },
      ],
      quantityMin: 5,
      quantityMax: 500,
      condition: 'new',
      fulfillment: 'Fulfilled by the marketplace',
      deliveryDays: 2,
      availability: 'in_stock',
      priceTaxLabel: 'excl. VAT',
      priceInfo: 'Volume discounts from 10 units',
      unit: 'PCE',
      priceUnitQuantity: 1,
    },
    {
      id: 'full-1-b',
      vendor: 'Paper Palace',
      price: '39.50',
      condition: 'refurbished',
      deliveryDays: 1,
      availability: 'limited',
      unit: 'PK',
      priceUnitQuantity: 10,
    },
  ],
};

const BOOK: ProductSpec = {
  id: 'book-7',
  productCode: '9783658000001',
  name: 'Praxishandbuch Einkauf, 3. Auflage',
  brand: 'Springer Gabler',
  categoryId: 'business-books',
  unspsc: '55101509',
  book: {
    isbn10: '3658000001',
    isbn13: '9783658000001',
    publicationDate: '2024-03-15',
    publishedLanguage: 'de',
  },
  offers: [
    { id: 'book-7-new', vendor: 'Buchhandlung am Markt', price: '49.90', priceTaxLabel: 'incl. 7% VAT' },
    {
      id: 'book-7-used',
      vendor: 'Global Books Trading',
      price: '19.00',
      condition: 'used',
      deliveryDays: null,
    },
  ],
};

const PLAIN: ProductSpec = {
  id: 'plain-1',
  name: 'Plain paper clip',
  categoryId: 'desk-accessories',
  offers: [{ price: '0.10' }],
};

const TIERED: ProductSpec = {
  id: 'tiered-usd',
  name: 'USB-C cable, bulk',
  categoryId: 'cables',
  offers: [
    {
      id: 'tiered-usd-1',
      price: '12.00',
      currency: 'USD',
      quantityTiers: [
        { minQuantity: 100, price: 9.25 },
        { minQuantity: 10, price: 11.5 },
        { minQuantity: 25, price: 10.75 },
      ],
    },
  ],
};

describe('GET /api/v1/marketplace/product/{id}', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, [FULL, BOOK, PLAIN, TIERED]);
    token = (await organizationWithTokens(t.prisma)).buyer;
  });
  afterAll(() => t.close());

  const get = (id: string, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}/api/v1/marketplace/product/${id}`, { headers: { ...bearer(token), ...headers } });
  async function product(id: string, headers: Record<string, string> = {}): Promise<Json> {
    const response = await get(id, headers);
    expect(response.status).toBe(200);
    return bodyOf(response);
  }

  it('returns every field of a fully populated product, offers in buyer order', async () => {
    expect(await product('full-1')).toEqual({
      id: 'full-1',
      provider: 'marketplace',
      name: 'Leitz 180° binder A4, 8 cm, blue',
      offersCount: 2,
      offers: [
        {
          id: 'full-1-a',
          productId: 'full-1',
          provider: 'marketplace',
          vendor: 'Office World',
          price: { amount: 4.29, currency: 'EUR', formatted: '€4.29' },
          quantityPrice: [
            { minQuantity: 10, price: { amount: 3.99, currency: 'EUR', formatted: '€3.99' } },
            { minQuantity: 50, price: { amount: 3.49, currency: 'EUR', formatted: '€3.49' } },
          ],
          quantityDiscountsAvailable: true,
          delivery: 'Delivery in 2 days',
          availability: 'In stock',
          priceUnit: 'per piece',
          priceTaxLabel: 'excl. VAT',
          priceInfo: 'Volume discounts from 10 units',
          preferred: false,
          blocked: false,
          quantityMin: 5,
          quantityMax: 500,
          condition: 'new',
          fulfillment: 'Fulfilled by the marketplace',
        },
        {
          id: 'full-1-b',
          productId: 'full-1',
          provider: 'marketplace',
          vendor: 'Paper Palace',
          price: { amount: 39.5, currency: 'EUR', formatted: '€39.50' },
          quantityDiscountsAvailable: false,
          delivery: 'Delivery in 1 day',
          availability: 'Limited stock',
          priceUnit: 'per 10 packs',
          preferred: false,
          blocked: false,
          condition: 'refurbished',
        },
      ],
      taxonomies: [
        { type: 'unspsc', code: '44122003', version: 'UNv260801', displayName: 'Binders' },
        { type: 'eclass', code: '24-32-06-01', version: '13.0', displayName: 'Lever arch file' },
      ],
      images: [
        {
          url: 'https://cdn.example/full-1/large.jpg',
          width: 1200,
          height: 1200,
          altText: 'Binder',
          kind: 'large',
        },
        {
          url: 'https://cdn.example/full-1/thumb.jpg',
          width: 75,
          height: 75,
          altText: 'Binder',
          kind: 'thumbnail',
        },
      ],
      productCode: 'LTZ-1010-50',
      features: ['180° opening', 'Recycled cardboard'],
      starRating: 4.6,
      reviewCount: 321,
      productOverview: {
        brand: 'Leitz',
        manufacturer: 'Leitz (Esselte)',
        manufacturerPartNumber: '1010-50-35',
        width: '8 cm',
        colour: 'blue',
        sheets: 600,
      },
    });
  });

  it('returns a book with its book fields and no empty optional fields', async () => {
    const body = await product('book-7');
    expect(body.book).toEqual({
      isbn10: '3658000001',
      isbn13: '9783658000001',
      publicationDate: '2024-03-15',
      publishedLanguage: 'de',
    });
    expect(body).toMatchObject({ id: 'book-7', productCode: '9783658000001', offersCount: 2 });
    expect(body.productOverview).toEqual({ brand: 'Springer Gabler' });
    for (const absent of ['taxonomies', 'features', 'starRating', 'reviewCount']) {
      expect(body).not.toHaveProperty(absent);
    }
    expect(body.offers.map((o: Json) => o.id)).toEqual(['book-7-used', 'book-7-new']);
    const used = body.offers[0];
    for (const absent of [
      'delivery',
      'quantityPrice',
      'quantityMin',
      'quantityMax',
      'fulfillment',
      'priceInfo',
    ]) {
      expect(used).not.toHaveProperty(absent);
    }
    expect(JSON.stringify(body)).not.toContain('null');
  });

  it('has no book for other products', async () => {
    expect(await product('full-1')).not.toHaveProperty('book');
  });

  it('serves the four placeholder sizes as absolute URLs when the product has no images', async () => {
    const body = await product('plain-1');
    expect(body.images).toEqual(
      (
        [
          ['thumbnail', 75],
          ['small', 160],
          ['medium', 500],
          ['large', 1200],
        ] as const
      ).map(([kind, size]) => ({
        url: `http://gateway.test/images/products/plain-1/${kind}.svg`,
        width: size,
        height: size,
        altText: 'Plain paper clip',
        kind,
      })),
    );
  });

  it('returns quantity tiers ascending, each price as Money in the offer currency', async () => {
    const [offer] = (await product('tiered-usd')).offers;
    expect(offer.price).toEqual({ amount: 12, currency: 'USD', formatted: '$12.00' });
    expect(offer.quantityDiscountsAvailable).toBe(true);
    expect(offer.quantityPrice).toEqual([
      { minQuantity: 10, price: { amount: 11.5, currency: 'USD', formatted: '$11.50' } },
      { minQuantity: 25, price: { amount: 10.75, currency: 'USD', formatted: '$10.75' } },
      { minQuantity: 100, price: { amount: 9.25, currency: 'USD', formatted: '$9.25' } },
    ]);
  });

  it('localizes texts and money for Accept-Language: de and says so in Content-Language and Vary', async () => {
    const response = await get('full-1', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-language')).toBe('de');
    expect(response.headers.get('vary')).toMatch(/Accept-Language/i);
    const [first, second] = (await bodyOf(response)).offers;
    expect(first).toMatchObject({
      price: { amount: 4.29, currency: 'EUR', formatted: '4,29\u00a0€' },
      delivery: 'Lieferung in 2 Tagen',
      availability: 'Auf Lager',
      priceUnit: 'pro Stück',
    });
    expect(first.quantityPrice[0].price.formatted).toBe('3,99\u00a0€');
    expect(second).toMatchObject({ delivery: 'Lieferung in 1 Tag', priceUnit: 'pro 10 Packungen' });
  });

  it('answers an unknown product id with 404 not_found', async () => {
    const response = await get('no-such-product');
    expect(response.status).toBe(404);
    expect(await bodyOf(response)).toEqual({
      error: 'not_found',
      error_description: 'No product no-such-product.',
    });
  });

  it.each([
    ['a space', 'bad%20id'],
    ['a leading dash', '-abc'],
    ['a dot', 'a.b'],
    ['a slash', 'a%2Fb'],
    ['a NUL byte', 'a%00b'],
    ['a non-ASCII letter', 'b%C3%BCro'],
    ['SQL', "x'%20OR%20'1'='1"],
    ['65 characters', 'a'.repeat(65)],
    ['300 characters', 'a'.repeat(300)],
  ])('answers a malformed id (%s) with 400 invalid_request', async (_name, id) => {
    const response = await get(id);
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(/id must be a product id/);
  });

  it.each([
    ['2000 characters', 'a'.repeat(2000), /too long/],
    ['broken percent-encoding', 'abc%E0%A4%A', /percent-encoded/],
  ])(
    'answers an id Fastify rejects before routing (%s) with 400 in our error shape',
    async (_name, id, message) => {
      const response = await get(id);
      expect(response.status).toBe(400);
      const body = await bodyOf(response);
      expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
      expect(body.error).toBe('invalid_request');
      expect(body.error_description).toMatch(message);
      expect(response.headers.get('x-request-id')).toEqual(expect.any(String));
    },
  );

  it('accepts an id of exactly 64 characters (and answers 404 when it does not exist)', async () => {
    expect((await get('a'.repeat(64))).status).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const response = await fetch(`${t.baseUrl}/api/v1/marketplace/product/full-1`);
    expect(response.status).toBe(401);
    expect((await bodyOf(response)).error).toBe('invalid_token');
  });
});
