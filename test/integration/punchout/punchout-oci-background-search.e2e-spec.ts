import { UserRole } from '../../../src/generated/prisma/client';
import { ClientsService } from '../../../src/oauth/clients.service';
import { createCatalog, ProductSpec } from '../../factories/catalog.factory';
import { addRules } from '../../factories/guidance.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02';

/**
 * 70 markers: every 7th only from a blocked vendor (left out), every 3rd with a cheaper blocked offer
 * beside its own (its own is the best offer), prices and delivery times varied.
 */
const MARKERS: ProductSpec[] = Array.from({ length: 70 }, (_, i) => {
  const price = (2 + ((i * 37) % 300) / 10).toFixed(4);
  const own = {
    id: `marker-${i}-a`,
    vendor: `Vendor ${i % 5}`,
    vendorSku: `SKU-${i}`,
    price,
    deliveryDays: 1 + (i % 4),
  };
  const blocked = { id: `marker-${i}-b`, vendor: 'Blocked Supplies', price: '0.5000', deliveryDays: 1 };
  return {
    id: `marker-${i}`,
    name: `Marker pen number ${i}, permanent ink, chisel tip, pack of ${1 + (i % 12)}`,
    categoryId: 'filing',
    unspsc: '44121708',
    offers: i % 7 === 0 ? [blocked] : i % 3 === 0 ? [blocked, own] : [own],
  };
});

/** Two keyboards whose names share their first 40 characters, sold only in packs of 10 and 25. */
const KEYBOARDS: ProductSpec[] = [
  { name: 'Microsoft Tastatur, deutsches Layout, kabelgebunden', min: 10 },
  { name: 'Microsoft Tastatur, deutsches Layout, kabellos', min: 25 },
].map(({ name, min }, i) => ({
  id: `keyboard-${i}`,
  name,
  categoryId: 'filing',
  offers: [
    {
      id: `keyboard-${i}-a`,
      vendor: 'Büroprofi',
      price: '30.0000',
      quantityMin: min,
      quantityTiers: [{ minQuantity: min, price: 25 }],
    },
  ],
}));

interface Item {
  [field: string]: string;
}

/**
 * What SAP's background search does with our answer: find the one form, read its hidden inputs, group
 * the NEW_ITEM-<FIELD>[n] fields into items (a deliberately small parser, independent of the gateway).
 */
function parseItems(html: string): Item[] {
  const forms = [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)];
  expect(forms).toHaveLength(1);
  const unescape = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&amp;/g, '&');
  const items: Item[] = [];
  for (const input of forms[0][1].matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\s*\/?>/g)) {
    const name = unescape(input[1]);
    const value = unescape(input[2]);
    const field =
      /^NEW_ITEM-([A-Z_0-9]+)\[(\d+)\]$/.exec(name) ?? /^NEW_ITEM-(LONGTEXT)_(\d+):132\[\]$/.exec(name);
    if (!field) throw new Error(`unexpected field ${name}`);
    (items[Number(field[2]) - 1] ??= {})[field[1]] = value;
  }
  return items;
}

interface ApiHit {
  id: string;
  name: string;
  vendor?: string;
  blocked?: boolean;
  price: { amount: number; currency: string };
}

describe('OCI BACKGROUND_SEARCH as an SAP system calls it', () => {
  let t: TestApp;
  let callUrl: (searchString: string, email: string) => string;
  /** A buyer of the organization and its token: each has its own search limit (5 per minute here). */
  let newBuyer: () => Promise<{ email: string; token: string }>;

  beforeAll(async () => {
    // Door prices only (1 point a page): the measured-time top-up depends on the machine's load and
    // has its own test (search-admission.e2e-spec.ts).
    t = await startTestApp({
      env: { RATE_LIMIT_GROUPS: 'search=5/1000', SEARCH_COST_MS_PER_POINT: '60000' },
    });
    await createCatalog(t.prisma, [...MARKERS, ...KEYBOARDS]);
    const organization = await createOrganization(t.prisma);
    const { client, clientId } = await createClient(t.prisma, organization);
    const { punchoutSecret } = await t.app.get(ClientsService).setPunchoutSecret(clientId, { label: 'test' });
    const admin = await createUser(t.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] });
    await addRules(t.baseUrl, await issueTestToken(t.prisma, admin, client), [
      { effect: 'blocked', matcher: 'vendor', value: 'Blocked Supplies' },
      { effect: 'preferred', matcher: 'vendor', value: 'Vendor 3' },
    ]);
    newBuyer = async () => {
      const buyer = await createUser(t.prisma, organization);
      return { email: buyer.email, token: await issueTestToken(t.prisma, buyer, client) };
    };
    callUrl = (searchString, email) =>
      `${t.baseUrl}/punchout/oci?${new URLSearchParams({
        USERNAME: clientId,
        PASSWORD: punchoutSecret,
        EMAIL: email,
        FUNCTION: 'BACKGROUND_SEARCH',
        SEARCHSTRING: searchString,
        HOOK_URL: HOOK,
      }).toString()}`;
  });
  afterAll(() => t.close());

  async function apiSearch(
    token: string,
    query: string,
    page: number,
  ): Promise<{ status: number; hits: ApiHit[] }> {
    const response = await fetch(
      `${t.baseUrl}/api/v1/marketplace/search?${new URLSearchParams({ query, page: String(page), pageSize: '24' })}`,
      { headers: bearer(token) },
    );
    const body = (await response.json()) as { data?: ApiHit[] };
    return { status: response.status, hits: body.data ?? [] };
  }

  it('answers the products of the API search for the same words, in its order, at most 50, each with its best offer at quantity 1', async () => {
    // A real HTTP client that follows redirects, as sapoci-connect does.
    const [sap, api] = [await newBuyer(), await newBuyer()];
    const response = await fetch(callUrl('marker permanent', sap.email), { redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const items = parseItems(await response.text());

    const hits: ApiHit[] = [];
    for (let page = 1; page <= 3; page++)
      hits.push(...(await apiSearch(api.token, 'marker permanent', page)).hits);
    const expected = hits.filter((hit) => hit.blocked !== true).slice(0, 50);
    expect(hits.length).toBeGreaterThan(50);
    expect(expected).toHaveLength(50);

    expect(items.map((item) => item.EXT_PRODUCT_ID)).toEqual(expected.map((hit) => hit.id));
    items.forEach((item, i) => {
      const hit = expected[i];
      expect(hit.name.startsWith(item.DESCRIPTION)).toBe(true);
      expect(item.DESCRIPTION.length).toBeLessThanOrEqual(40);
      expect(item.QUANTITY).toBe('1');
      expect(Number(item.PRICE)).toBe(hit.price.amount);
      expect(item.PRICE).toMatch(/^\d+\.\d{2,4}$/);
      expect(item.CURRENCY).toBe(hit.price.currency);
      expect(item.LONGTEXT).toContain(`Vendor: ${hit.vendor}`);
      expect(item.CUST_FIELD5).toBe(`${hit.id}-a`);
      expect(item.VENDORMAT).toBe(`SKU-${hit.id.split('-')[1]}`);
      expect(item.EXT_SCHEMA_TYPE).toBe('UNSPSC');
    });
    // Products offered only by the blocked vendor are never among them.
    expect(items.some((item) => item.EXT_PRODUCT_ID === 'marker-7')).toBe(false);
  });

  it('sends quantity 1 on every line, at the price search shows, also for offers with a minimum order quantity', async () => {
    const [sap, api] = [await newBuyer(), await newBuyer()];
    const items = parseItems(await (await fetch(callUrl('tastatur', sap.email))).text());
    const hits = (await apiSearch(api.token, 'tastatur', 1)).hits;
    expect(items.map((item) => item.EXT_PRODUCT_ID).sort()).toEqual(['keyboard-0', 'keyboard-1']);
    for (const item of items) {
      expect(item.QUANTITY).toBe('1');
      const hit = hits.find((h) => h.id === item.EXT_PRODUCT_ID);
      expect(Number(item.PRICE)).toBe(hit?.price.amount);
    }
  });

  it('gives two lines whose names share their first 40 characters different DESCRIPTIONs', async () => {
    const sap = await newBuyer();
    const items = parseItems(await (await fetch(callUrl('tastatur', sap.email))).text());
    const byId = new Map(items.map((item) => [item.EXT_PRODUCT_ID, item]));
    expect(byId.get('keyboard-0')?.DESCRIPTION).toBe('Microsoft Tastatur… kabelgebunden');
    expect(byId.get('keyboard-1')?.DESCRIPTION).toBe('Microsoft Tastatur… kabellos');
    expect(byId.get('keyboard-0')?.LONGTEXT).toMatch(
      /^Microsoft Tastatur, deutsches Layout, kabelgebunden\r\n/,
    );
  });

  it('labels the long text in the language of the call-up', async () => {
    const sap = await newBuyer();
    const answer = async (language: string) =>
      parseItems(
        await (
          await fetch(callUrl('tastatur', sap.email), { headers: { 'accept-language': language } })
        ).text(),
      )[0].LONGTEXT;
    expect(await answer('de')).toContain('\r\nLieferant: Büroprofi\r\nZustand: neu');
    expect(await answer('en')).toContain('\r\nVendor: Büroprofi\r\nCondition: new');
  });

  it("is charged to the caller's search limits, one search per page it reads", async () => {
    const buyer = await newBuyer();
    // 70 markers, 10 of them blocked: three pages of 24 are read, 1 point each, of the user's 5.
    expect(parseItems(await (await fetch(callUrl('marker', buyer.email))).text())).toHaveLength(50);
    expect((await apiSearch(buyer.token, 'marker', 1)).status).toBe(200);
    expect((await apiSearch(buyer.token, 'marker', 1)).status).toBe(200);
    expect((await apiSearch(buyer.token, 'marker', 1)).status).toBe(429);
    // And the other way round: a user whose search limit is spent gets the 429 page from the call-up.
    const spent = await fetch(callUrl('marker', buyer.email));
    expect(spent.status).toBe(429);
    expect(spent.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(spent.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
