import { ProductSpec, createCatalog } from '../../factories/catalog.factory';
import { OrganizationTokens, addRules, organizationWithTokens } from '../../factories/guidance.factory';
import { bearer } from '../../support/auth';
import { Json, bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

/** Every product carries the word "pricing", so `query=pricing` finds them all. */
const P = ['pricing'];

/**
 * The price filter and the price facet use the price a result shows: that of its shown offer
 * (buyable first, then in the marketplace currency, preferred, cheapest), and only when that price
 * is in the marketplace currency (MARKETPLACE_CURRENCY, EUR here).
 */
const CATALOG: ProductSpec[] = [
  {
    // The cheapest offer is blocked for the ruled organization; the shown price is 25 EUR.
    id: 'pr-cheap-blocked',
    name: 'Label printer',
    categoryId: 'desk-accessories',
    features: P,
    offers: [
      { price: '5.00', vendor: 'Shady Trading' },
      { price: '25.00', vendor: 'Budget Office' },
    ],
  },
  {
    // The cheapest offer is in another currency; the shown price is the EUR offer's 30 EUR.
    id: 'pr-cheap-usd',
    name: 'Laminator',
    categoryId: 'desk-accessories',
    features: P,
    offers: [
      { price: '4.00', currency: 'USD', vendor: 'US Imports' },
      { price: '30.00', vendor: 'Budget Office' },
    ],
  },
  {
    // Only offers in another currency: shown in USD, so no EUR price range holds for it.
    id: 'pr-usd-only',
    name: 'Paper shredder',
    categoryId: 'desk-accessories',
    features: P,
    offers: [{ price: '6.00', currency: 'USD', vendor: 'US Imports' }],
  },
  {
    // The preferred offer is not the cheapest: the result shows the preferred 12 EUR.
    id: 'pr-preferred-dearer',
    name: 'Desk fan',
    categoryId: 'desk-accessories',
    features: P,
    offers: [
      { price: '8.00', vendor: 'Budget Office' },
      { price: '12.00', vendor: 'Preferred Supplies' },
    ],
  },
  {
    id: 'pr-plain',
    name: 'Stapler',
    categoryId: 'desk-accessories',
    features: P,
    offers: [{ price: '7.00', vendor: 'Budget Office' }],
  },
];

describe('search price filter and price facet follow the shown price', () => {
  let t: TestApp;
  let ruled: OrganizationTokens;
  let neutral: OrganizationTokens;

  beforeAll(async () => {
    t = await startTestApp({ env: { MARKETPLACE_CURRENCY: 'EUR' } });
    await createCatalog(t.prisma, CATALOG);
    ruled = await organizationWithTokens(t.prisma);
    neutral = await organizationWithTokens(t.prisma);
    await addRules(t.baseUrl, ruled.admin, [
      { effect: 'blocked', matcher: 'vendor', value: 'Shady Trading' },
      { effect: 'preferred', matcher: 'vendor', value: 'Preferred Supplies' },
    ]);
  });
  afterAll(() => t.close());

  async function search(token: string, params: Record<string, string> = {}, language = 'en'): Promise<Json> {
    const response = await fetch(
      `${t.baseUrl}/api/v1/marketplace/search?${new URLSearchParams({ query: 'pricing', ...params })}`,
      { headers: { ...bearer(token), 'accept-language': language } },
    );
    expect(response.status).toBe(200);
    return bodyOf(response);
  }
  const shown = (body: Json) =>
    Object.fromEntries(body.data.map((r: Json) => [r.id, `${r.price.amount} ${r.price.currency}`]));
  const priceFacet = (body: Json) => body.facets.find((f: Json) => f.id === 'price');

  it('shows the buyable, marketplace-currency, preferred-first price', async () => {
    expect(shown(await search(ruled.buyer))).toEqual({
      'pr-cheap-blocked': '25 EUR',
      'pr-cheap-usd': '30 EUR',
      'pr-usd-only': '6 USD',
      'pr-preferred-dearer': '12 EUR',
      'pr-plain': '7 EUR',
    });
  });

  it('matches price=0-10 only where the shown price is below 10 in the marketplace currency', async () => {
    const body = await search(ruled.buyer, { price: '0-10' });
    expect(shown(body)).toEqual({ 'pr-plain': '7 EUR' });
    expect(body.count).toEqual({ value: 1, relation: 'eq' });
    for (const result of body.data) {
      expect(result.price.currency).toBe('EUR');
      expect(result.price.amount).toBeLessThan(10);
    }
  });

  it('uses the same shown price for another organization without rules', async () => {
    const body = await search(neutral.buyer, { price: '0-10' });
    expect(shown(body)).toEqual({
      'pr-cheap-blocked': '5 EUR',
      'pr-preferred-dearer': '8 EUR',
      'pr-plain': '7 EUR',
    });
  });

  it('matches price=25-50 with the shown price of products whose cheapest offer is blocked or foreign', async () => {
    const body = await search(ruled.buyer, { price: '25-50' });
    expect(Object.keys(shown(body)).sort()).toEqual(['pr-cheap-blocked', 'pr-cheap-usd']);
  });

  it('counts price facet values by the shown price and names them in the marketplace currency', async () => {
    const facet = priceFacet(await search(ruled.buyer));
    // 7 EUR -> 0-10; 12 EUR -> 10-25; 25 and 30 EUR -> 25-50; 6 USD counts nowhere.
    expect(facet.values.map((v: Json) => v.id)).toEqual(['0-10', '10-25', '25-50']);
    expect(facet.values.map((v: Json) => v.name)).toEqual(['Up to €10', '€10 to €25', '€25 to €50']);
  });

  it('names price ranges in another marketplace currency when the installation uses one', async () => {
    const usd = await startTestApp({ env: { MARKETPLACE_CURRENCY: 'USD' }, database: t.database });
    try {
      const body = await (
        await fetch(`${usd.baseUrl}/api/v1/marketplace/search?query=pricing&price=0-10`, {
          headers: { ...bearer(neutral.buyer), 'accept-language': 'en' },
        })
      ).json();
      // In USD the shown prices are 4 USD (laminator) and 6 USD (shredder).
      expect(shown(body)).toEqual({ 'pr-cheap-usd': '4 USD', 'pr-usd-only': '6 USD' });
      expect(priceFacet(body).values).toEqual([{ id: '0-10', name: 'Up to $10', selected: true, count: 2 }]);
    } finally {
      await usd.close();
    }
  });
});
