import { ProductSpec, createCatalog } from '../../factories/catalog.factory';
import {
  OrganizationTokens,
  RuleInput,
  addRules,
  organizationWithTokens,
} from '../../factories/guidance.factory';
import { bearer } from '../../support/auth';
import { Json, bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

/** Every product carries the word "guidance", so `query=guidance` finds them all. */
const G = ['guidance'];

const CATALOG: ProductSpec[] = [
  {
    id: 'g-pref-vendor',
    name: 'Stapler heavy duty',
    categoryId: 'desk-accessories',
    features: G,
    offers: [
      { price: '10.00', vendor: 'Preferred Supplies' },
      { price: '8.00', vendor: 'Budget Office' },
    ],
  },
  {
    id: 'g-pref-cheap',
    name: 'Stapler mini',
    categoryId: 'desk-accessories',
    features: G,
    offers: [
      { price: '7.00', vendor: 'Budget Office' },
      { price: '5.00', vendor: 'Preferred Supplies' },
    ],
  },
  {
    id: 'g-blocked-vendor',
    name: 'Hole punch',
    categoryId: 'desk-accessories',
    features: G,
    offers: [
      { price: '3.00', vendor: 'Shady Trading' },
      { price: '6.00', vendor: 'Budget Office' },
    ],
  },
  {
    id: 'g-all-blocked',
    name: 'Letter tray',
    categoryId: 'desk-accessories',
    features: G,
    offers: [{ price: '2.00', vendor: 'SHADY TRADING' }],
  },
  {
    id: 'g-id',
    name: 'Tape dispenser',
    categoryId: 'desk-accessories',
    features: G,
    offers: [{ price: '4.00' }],
  },
  {
    id: 'g-code',
    productCode: 'G-CODE-7',
    name: 'Paper knife',
    categoryId: 'desk-accessories',
    features: G,
    offers: [{ price: '4.00' }],
  },
  {
    id: 'g-leitz',
    name: 'Binder A4',
    brand: 'Leitz',
    categoryId: 'filing',
    features: G,
    offers: [{ price: '4.00', vendor: 'Budget Office' }],
  },
  {
    id: 'g-leitz-used',
    name: 'Binder A5',
    brand: 'LEITZ',
    categoryId: 'filing',
    features: G,
    offers: [{ price: '1.00', vendor: 'Budget Office', condition: 'used' }],
  },
  { id: 'g-chair', name: 'Swivel chair', categoryId: 'chairs', features: G, offers: [{ price: '89.00' }] },
  {
    id: 'g-unspsc',
    name: 'Ballpoint pen blue',
    categoryId: 'writing',
    unspsc: '44121701',
    features: G,
    offers: [{ price: '0.80' }],
  },
  {
    id: 'g-unspsc-other',
    name: 'Ballpoint pen refill, ballpoint pen ink',
    categoryId: 'writing',
    unspsc: '44131700',
    features: G,
    offers: [{ price: '0.50' }],
  },
  {
    id: 'g-price',
    name: 'Monitor 27 inch',
    categoryId: 'monitors',
    features: G,
    offers: [
      { price: '150.00', currency: 'EUR', vendor: 'Budget Office' },
      { price: '120.00', currency: 'USD', vendor: 'US Imports' },
    ],
  },
  {
    id: 'g-price-eur-only',
    name: 'Monitor 32 inch',
    categoryId: 'monitors',
    features: G,
    offers: [{ price: '100.01', vendor: 'Budget Office' }],
  },
  {
    id: 'g-mixed',
    name: 'Desk lamp',
    categoryId: 'desk-accessories',
    features: G,
    offers: [
      { price: '2.00', vendor: 'Preferred Supplies', condition: 'used' },
      { price: '3.00', vendor: 'Budget Office' },
    ],
  },
  {
    id: 'g-plain',
    name: 'Rubber bands',
    categoryId: 'desk-accessories',
    features: G,
    offers: [{ price: '1.20' }],
  },
];

/** One rule set that uses every matcher. */
const EVERY_MATCHER: RuleInput[] = [
  { effect: 'preferred', matcher: 'vendor', value: 'Preferred Supplies' },
  { effect: 'blocked', matcher: 'vendor', value: 'shady trading' },
  { effect: 'blocked', matcher: 'product', value: 'g-id' },
  { effect: 'blocked', matcher: 'product_code', value: 'g-code-7' },
  { effect: 'preferred', matcher: 'brand', value: 'leitz' },
  { effect: 'blocked', matcher: 'category', value: 'furniture' },
  { effect: 'preferred', matcher: 'unspsc_prefix', value: '4412' },
  { effect: 'blocked', matcher: 'condition', value: 'used' },
  { effect: 'blocked', matcher: 'price_above', value: '100', currency: 'EUR' },
];

/** What a buyer must see under EVERY_MATCHER, worked out from the rules by hand. */
const EXPECTED: Record<string, { preferred: boolean; blocked: boolean; shown?: [string, string, string] }> = {
  'g-pref-vendor': { preferred: true, blocked: false, shown: ['Preferred Supplies', '10', 'EUR'] },
  'g-pref-cheap': { preferred: true, blocked: false, shown: ['Preferred Supplies', '5', 'EUR'] },
  'g-blocked-vendor': { preferred: false, blocked: false, shown: ['Budget Office', '6', 'EUR'] },
  'g-all-blocked': { preferred: false, blocked: true },
  'g-id': { preferred: false, blocked: true },
  'g-code': { preferred: false, blocked: true },
  'g-leitz': { preferred: true, blocked: false, shown: ['Budget Office', '4', 'EUR'] },
  'g-leitz-used': { preferred: false, blocked: true },
  'g-chair': { preferred: false, blocked: true },
  'g-unspsc': { preferred: true, blocked: false, shown: ['Test Vendor', '0.8', 'EUR'] },
  'g-unspsc-other': { preferred: false, blocked: false, shown: ['Test Vendor', '0.5', 'EUR'] },
  'g-price': { preferred: false, blocked: false, shown: ['US Imports', '120', 'USD'] },
  'g-price-eur-only': { preferred: false, blocked: true },
  'g-mixed': { preferred: false, blocked: false, shown: ['Budget Office', '3', 'EUR'] },
  'g-plain': { preferred: false, blocked: false, shown: ['Test Vendor', '1.2', 'EUR'] },
};

describe('buying guidance in product details and search', () => {
  let t: TestApp;
  let ruled: OrganizationTokens;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, CATALOG);
    ruled = await organizationWithTokens(t.prisma);
    await addRules(t.baseUrl, ruled.admin, EVERY_MATCHER);
  });
  afterAll(() => t.close());

  async function details(token: string, id: string): Promise<Json> {
    const response = await fetch(`${t.baseUrl}/api/v1/marketplace/product/${id}`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    return bodyOf(response);
  }
  async function search(token: string, query = 'guidance'): Promise<Json[]> {
    const response = await fetch(
      `${t.baseUrl}/api/v1/marketplace/search?${new URLSearchParams({ query, pageSize: '24' })}`,
      { headers: bearer(token) },
    );
    expect(response.status).toBe(200);
    return (await bodyOf(response)).data;
  }
  /** The product-level view of a details response: blocked when no offer can be bought, etc. */
  function productFlags(product: Json) {
    const shown = product.offers.find((o: Json) => !o.blocked);
    return {
      preferred: shown?.preferred === true,
      blocked: shown === undefined,
      shown: shown ? [shown.vendor, String(shown.price.amount), shown.price.currency] : undefined,
    };
  }
  const offerFlags = (product: Json) =>
    product.offers.map((o: Json) => [o.vendor, o.price.amount, o.preferred, o.blocked]);

  it('flags every product in details as worked out from a rule set using every matcher', async () => {
    for (const [id, expected] of Object.entries(EXPECTED)) {
      expect({ id, ...productFlags(await details(ruled.buyer, id)) }).toEqual({
        id,
        shown: undefined,
        ...expected,
      });
    }
  });

  it('lets blocked beat preferred on the same offer', async () => {
    expect(offerFlags(await details(ruled.buyer, 'g-mixed'))).toEqual([
      ['Budget Office', 3, false, false],
      ['Preferred Supplies', 2, false, true],
    ]);
  });

  it('orders offers buyable before blocked, preferred first, then by price', async () => {
    expect(offerFlags(await details(ruled.buyer, 'g-pref-vendor'))).toEqual([
      ['Preferred Supplies', 10, true, false],
      ['Budget Office', 8, false, false],
    ]);
    expect(offerFlags(await details(ruled.buyer, 'g-blocked-vendor'))).toEqual([
      ['Budget Office', 6, false, false],
      ['Shady Trading', 3, false, true],
    ]);
  });

  it('blocks a whole category subtree from an ancestor category', async () => {
    // "furniture" is the parent of "chairs"; a sibling root category is untouched.
    expect(productFlags(await details(ruled.buyer, 'g-chair')).blocked).toBe(true);
    expect(productFlags(await details(ruled.buyer, 'g-plain')).blocked).toBe(false);
  });

  it('prefers by UNSPSC prefix and leaves other UNSPSC families alone', async () => {
    expect(productFlags(await details(ruled.buyer, 'g-unspsc')).preferred).toBe(true);
    expect(productFlags(await details(ruled.buyer, 'g-unspsc-other')).preferred).toBe(false);
  });

  it('does not apply a price ceiling to offers in another currency', async () => {
    expect(offerFlags(await details(ruled.buyer, 'g-price'))).toEqual([
      ['US Imports', 120, false, false],
      ['Budget Office', 150, false, true],
    ]);
  });

  it('agrees with search on flags and the shown offer for the same products', async () => {
    const results = new Map((await search(ruled.buyer)).map((r) => [r.id, r]));
    expect(results.size).toBe(CATALOG.length);
    for (const { id } of CATALOG) {
      const fromDetails = productFlags(await details(ruled.buyer, id));
      const result = results.get(id);
      expect({ id, preferred: result.preferred, blocked: result.blocked }).toEqual({
        id,
        preferred: fromDetails.preferred,
        blocked: fromDetails.blocked,
      });
      if (!fromDetails.blocked) {
        expect([id, result.vendor, String(result.price.amount), result.price.currency]).toEqual([
          id,
          ...(fromDetails.shown as string[]),
        ]);
      }
    }
  });

  it('agrees with search on the shown offer when the preferred offer is not the cheapest', async () => {
    const result = (await search(ruled.buyer)).find((r) => r.id === 'g-pref-vendor');
    const fromDetails = productFlags(await details(ruled.buyer, 'g-pref-vendor'));
    expect([result.vendor, String(result.price.amount)]).toEqual(fromDetails.shown?.slice(0, 2));
  });

  it('agrees with search that a preferred brand whose offers are all blocked is not preferred', async () => {
    const result = (await search(ruled.buyer)).find((r) => r.id === 'g-leitz-used');
    expect({ preferred: result.preferred, blocked: result.blocked }).toEqual({
      preferred: false,
      blocked: true,
    });
  });

  it('ranks preferred results higher in search', async () => {
    const neutral = await organizationWithTokens(t.prisma);
    const ids = (results: Json[]) => results.map((r) => r.id);
    // Without rules the text ranking puts the product that says "ballpoint" twice first...
    expect(ids(await search(neutral.buyer, 'ballpoint'))).toEqual(['g-unspsc-other', 'g-unspsc']);
    // ...under the rules the product preferred by its UNSPSC class comes first.
    const ranked = await search(ruled.buyer, 'ballpoint');
    expect(ids(ranked)).toEqual(['g-unspsc', 'g-unspsc-other']);
    expect(ranked.map((r) => r.preferred)).toEqual([true, false]);
  });

  it('keeps organizations apart: the same product is blocked for one and preferred for the other', async () => {
    const a = await organizationWithTokens(t.prisma);
    const b = await organizationWithTokens(t.prisma);
    await addRules(t.baseUrl, a.admin, [{ effect: 'blocked', matcher: 'vendor', value: 'Test Vendor' }]);
    await addRules(t.baseUrl, b.admin, [{ effect: 'preferred', matcher: 'vendor', value: 'Test Vendor' }]);

    expect(productFlags(await details(a.buyer, 'g-plain'))).toMatchObject({
      blocked: true,
      preferred: false,
    });
    expect(productFlags(await details(b.buyer, 'g-plain'))).toMatchObject({
      blocked: false,
      preferred: true,
    });
    const inSearch = async (o: OrganizationTokens) => (await search(o.buyer)).find((r) => r.id === 'g-plain');
    expect(await inSearch(a)).toMatchObject({ blocked: true, preferred: false });
    expect(await inSearch(b)).toMatchObject({ blocked: false, preferred: true });

    // Neither admin sees or can disable the other's rule.
    const list = async (o: OrganizationTokens) =>
      bodyOf(await fetch(`${t.baseUrl}/api/v1/guidance/rules`, { headers: bearer(o.admin) }));
    const [ruleOfB] = await list(b);
    expect((await list(a)).map((r: Json) => r.id)).not.toContain(ruleOfB.id);
    const attempt = await fetch(`${t.baseUrl}/api/v1/guidance/rules/${ruleOfB.id}`, {
      method: 'DELETE',
      headers: bearer(a.admin),
    });
    expect(attempt.status).toBe(404);
    expect(productFlags(await details(b.buyer, 'g-plain')).preferred).toBe(true);
  });

  it('shows a rule change on the very next request, in details and in search', async () => {
    const org = await organizationWithTokens(t.prisma);
    const inSearch = async () => (await search(org.buyer)).find((r) => r.id === 'g-plain');
    // Warm the rule cache with "no rules".
    expect(productFlags(await details(org.buyer, 'g-plain')).blocked).toBe(false);
    expect((await inSearch()).blocked).toBe(false);

    const [ruleId] = await addRules(t.baseUrl, org.admin, [
      { effect: 'blocked', matcher: 'product', value: 'g-plain' },
    ]);
    expect(productFlags(await details(org.buyer, 'g-plain')).blocked).toBe(true);
    expect((await inSearch()).blocked).toBe(true);

    const disabled = await fetch(`${t.baseUrl}/api/v1/guidance/rules/${ruleId}`, {
      method: 'DELETE',
      headers: bearer(org.admin),
    });
    expect(disabled.status).toBe(200);
    expect(productFlags(await details(org.buyer, 'g-plain')).blocked).toBe(false);
    expect((await inSearch()).blocked).toBe(false);
  });
});
