import { createCatalog, ProductSpec } from '../../factories/catalog.factory';
import { addRules, OrganizationTokens, organizationWithTokens } from '../../factories/guidance.factory';
import { bearer } from '../../support/auth';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Products of one word with known net prices (one quoted gross), deliveries and ratings; a rule
 * prefers one product and another blocks the cheapest offer of a second, so its shown price is its
 * other offer's. Expected orders are written out by hand from these figures.
 */
const CATALOG: ProductSpec[] = [
  {
    id: 'so-a',
    name: 'Sortword alpha',
    categoryId: 'cables',
    starRating: 3.5,
    offers: [{ price: '20.00', deliveryDays: 4 }],
  },
  // 23.80 incl. 19% VAT = 20.00 net... plus a cent so the order is strict: 23.81 gross = 20.0084 net.
  {
    id: 'so-b',
    name: 'Sortword beta',
    categoryId: 'cables',
    starRating: 4.5,
    offers: [{ price: '23.81', vatRate: '19', priceIncludesVat: true, deliveryDays: 2 }],
  },
  // Its cheapest offer (1.00) is blocked: the shown net price is 30.00.
  {
    id: 'so-c',
    name: 'Sortword gamma',
    categoryId: 'cables',
    starRating: 1.5,
    offers: [
      { price: '1.00', vendor: 'Blocked Vendor', deliveryDays: 1 },
      { price: '30.00', deliveryDays: 6 },
    ],
  },
  { id: 'so-d', name: 'Sortword delta', categoryId: 'cables', offers: [{ price: '5.00', deliveryDays: 3 }] },
  // Only in another currency: no price in the marketplace currency, so last by price.
  {
    id: 'so-e',
    name: 'Sortword epsilon',
    categoryId: 'cables',
    starRating: 5,
    offers: [{ price: '2.00', currency: 'USD' }],
  },
];

describe('search sort orders (API)', () => {
  let t: TestApp;
  let org: OrganizationTokens;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, CATALOG);
    org = await organizationWithTokens(t.prisma);
    await addRules(t.baseUrl, org.admin, [
      { effect: 'preferred', matcher: 'product', value: 'so-a' },
      { effect: 'blocked', matcher: 'vendor', value: 'Blocked Vendor' },
    ]);
  });
  afterAll(() => t.close());

  async function ids(params: Record<string, string>): Promise<string[]> {
    const response = await fetch(
      `${t.baseUrl}/api/v1/marketplace/search?${new URLSearchParams({ query: 'sortword', ...params })}`,
      { headers: bearer(org.buyer) },
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Array<{ id: string }> }).data.map((hit) => hit.id);
  }

  it.each([
    ['price-asc', ['so-d', 'so-a', 'so-b', 'so-c', 'so-e']],
    ['price-desc', ['so-c', 'so-b', 'so-a', 'so-d', 'so-e']],
    // The delivery key is the fastest offer, as the delivery facet reads it (so-c's blocked 1-day one);
    // so-d and so-e deliver in 3 days, the tie goes by rank, then id.
    ['delivery', ['so-c', 'so-b', 'so-d', 'so-e', 'so-a']],
    ['rating', ['so-e', 'so-b', 'so-a', 'so-c', 'so-d']],
  ])('sort=%s orders by its key, the preferred product where its key puts it', async (sort, expected) => {
    expect(await ids({ sort })).toEqual(expected);
  });

  it('relevance (the default) keeps the preferred product first; sorting keeps the same matches and count', async () => {
    const relevance = await ids({});
    expect(relevance[0]).toBe('so-a');
    expect(await ids({ sort: 'relevance' })).toEqual(relevance);
    for (const sort of ['price-asc', 'rating'])
      expect([...(await ids({ sort }))].sort()).toEqual([...relevance].sort());
  });

  it('sorts within the filters and pages', async () => {
    expect(await ids({ sort: 'price-asc', price: '0-25' })).toEqual(['so-d', 'so-a', 'so-b']);
    expect(await ids({ sort: 'price-asc', pageSize: '2', page: '2' })).toEqual(['so-b', 'so-c']);
  });

  it('refuses an unknown order with a 400 that names the known ones', async () => {
    const response = await fetch(`${t.baseUrl}/api/v1/marketplace/search?query=sortword&sort=cheapest`, {
      headers: bearer(org.buyer),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toContain('relevance, price-asc, price-desc, delivery, rating');
  });
});
