import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClientsService } from '../../../src/oauth/clients.service';
import { bmecat, BmecatItemSpec } from '../../factories/bmecat.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, startPunchout } from '../../factories/punchout.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { cli } from '../../support/cli';
import { at, all, postSetup, readCxml, setupRequest } from '../../support/cxml';
import { expectValidCxml } from '../../support/cxml-dtd';
import { bodyOf, Json } from '../../support/http';
import { ociFormOf, ociFormsOf, ociItemsOf } from '../../support/oci-form';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02';
const RETURN = 'https://acme.coupahost.com/punchout/checkout/4';
const GTIN = '4008705057042';
const BETA = 'Beta Industriebedarf';
const NORD = 'Büroversand Nord GmbH';

/** What a buyer of one organization reaches: the API with a token, OCI and cXML with the client's punchout secret. */
interface Buyer {
  organizationId: string;
  slug: string;
  email: string;
  token: string;
  clientId: string;
  punchoutSecret: string;
}

/**
 * Contract catalogs as each organization sees them, over HTTP on a real database: organization A has
 * a contract catalog from Beta (the shared product at a contract price, and a product only in it); B
 * has none. A sees its contract price in place of Beta's public one (Nord's public offer stays beside
 * it) and its contract-only product everywhere; B sees exactly what it saw before A's catalog existed,
 * down to every count and facet number, and 404 for the contract-only product.
 */
describe('contract catalogs: what each organization sees', () => {
  // Every test drives several pages and imports (the last one a CLI process): room for a loaded machine.
  jest.setTimeout(120_000);
  let t: TestApp;
  let dir: string;
  let a: Buyer;
  let b: Buyer;
  let sharedId: string;
  let contractOnlyId: string;
  let contractOfferId: string;
  let publicBetaOfferId: string;
  /** B's answers before A's contract catalog was imported: every one must stay byte for byte the same. */
  let bBefore: Record<string, string>;

  const searches = [
    'Hutschienenklemme',
    'Hutschienenklemme&sort=price-asc',
    'Hutschienenklemme&price=0-10',
    'Hutschienenklemme&price=250-500',
    'Hutschienenklemme&price=25-50',
    'Schaltschrank',
    // A contract part number: B must not find the shared product by it.
    'HK-VERTRAG-1',
    'HK-VERTRAG-2',
  ];

  const importCatalog = async (name: string, items: BmecatItemSpec[], ...argv: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, bmecat(items));
    const run = await cli(t.database.url, 'catalog', 'import', path, ...argv, '--json');
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout) as Json;
  };

  const newBuyer = async (): Promise<Buyer> => {
    const organization = await createOrganization(t.prisma);
    const { client, clientId } = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://acme.coupahost.com', 'https://srm.example.com'],
    });
    const { punchoutSecret } = await t.app.get(ClientsService).setPunchoutSecret(clientId, { label: 'test' });
    const user = await createUser(t.prisma, organization);
    const token = await issueTestToken(t.prisma, user, client, { expiresInSeconds: 86_400 });
    return {
      organizationId: organization.id,
      slug: organization.slug,
      email: user.email,
      token,
      clientId,
      punchoutSecret,
    };
  };

  const searchText = async (buyer: Buyer, query: string) => {
    const response = await fetch(`${t.baseUrl}/api/v1/marketplace/search?query=${query}`, {
      headers: { ...bearer(buyer.token), 'accept-language': 'en' },
    });
    expect(response.status).toBe(200);
    return response.text();
  };
  const search = async (buyer: Buyer, query: string) => JSON.parse(await searchText(buyer, query)) as Json;
  const product = (buyer: Buyer, id: string) =>
    fetch(`${t.baseUrl}/api/v1/marketplace/product/${id}`, {
      headers: { ...bearer(buyer.token), 'accept-language': 'en' },
    });
  const facet = (body: Json, id: string) =>
    Object.fromEntries(
      (body.facets.find((f: Json) => f.id === id)?.values ?? []).map((v: Json) => [v.id, v.count]),
    );
  const oci = (buyer: Buyer, extra: Record<string, string>) =>
    getPage(
      `${t.baseUrl}/punchout/oci?${new URLSearchParams({
        USERNAME: buyer.clientId,
        PASSWORD: buyer.punchoutSecret,
        EMAIL: buyer.email,
        HOOK_URL: HOOK,
        ...extra,
      }).toString()}`,
      { 'accept-language': 'en' },
    );
  /** Opens a shop session from the REST entry on `productId`: the session's base URL. */
  const openShop = async (buyer: Buyer, productId: string) => {
    const { status, body } = await startPunchout(t.baseUrl, buyer.token, productId, { callbackUrl: HOOK });
    expect(status).toBe(201);
    const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl));
    expect(start.status).toBe(303);
    return `${t.baseUrl}${start.location}`;
  };

  beforeAll(async () => {
    // Every answer sees a committed import at once (no cached catalog version).
    t = await startTestApp({
      env: { CATALOG_VERSION_CHECK_MS: '0', LOG_LEVEL: 'error', SEARCH_CACHE_MAX_ENTRIES: '0' },
    });
    dir = mkdtempSync(join(tmpdir(), 'contract-views-'));
    for (const [slug, name] of [
      ['beta', BETA],
      ['nord', NORD],
    ])
      expect((await cli(t.database.url, 'supplier', 'add', slug, '--name', name)).code).toBe(0);
    await importCatalog(
      'beta-public.xml',
      [
        { pid: 'HK-GRAU', name: 'Hutschienenklemme grau', price: '30.00', gtin: GTIN },
        { pid: 'HK-BLAU', name: 'Hutschienenklemme blau', price: '12.00' },
      ],
      '--supplier',
      'beta',
    );
    await importCatalog(
      'nord-public.xml',
      [{ pid: 'N-GRAU', name: 'Hutschienenklemme grau', price: '60.00', gtin: GTIN }],
      '--supplier',
      'nord',
    );
    [a, b] = [await newBuyer(), await newBuyer()];
    bBefore = {};
    for (const query of searches) bBefore[query] = await searchText(b, query);

    await importCatalog(
      'a-contract.xml',
      [
        { pid: 'HK-VERTRAG-1', name: 'Hutschienenklemme grau', price: '8.00', gtin: GTIN },
        { pid: 'HK-VERTRAG-2', name: 'Hutschienenklemme Schaltschrank Sonderanfertigung', price: '300.00' },
      ],
      '--supplier',
      'beta',
      '--org',
      a.slug,
    );
    sharedId = (await t.prisma.product.findFirstOrThrow({ where: { gtin: GTIN } })).id;
    const contractOffer = await t.prisma.offer.findFirstOrThrow({ where: { vendorSku: 'HK-VERTRAG-1' } });
    contractOfferId = contractOffer.id;
    expect(contractOffer).toMatchObject({ productId: sharedId, organizationId: a.organizationId });
    contractOnlyId = (await t.prisma.offer.findFirstOrThrow({ where: { vendorSku: 'HK-VERTRAG-2' } }))
      .productId;
    publicBetaOfferId = (await t.prisma.offer.findFirstOrThrow({ where: { vendorSku: 'HK-GRAU' } })).id;
    // The app's start and three imports (each the CLI in its own process) on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('search: A finds its contract-only product and sees its contract price; counts and price facets are its own', async () => {
    const found = await search(a, 'Hutschienenklemme');
    expect(found.count).toEqual({ value: 3, relation: 'eq' });
    const byId = new Map(found.data.map((hit: Json) => [hit.id, hit]));
    expect(byId.get(sharedId)).toMatchObject({ vendor: BETA, price: { amount: 8 } });
    expect(byId.get(contractOnlyId)).toMatchObject({ vendor: BETA, price: { amount: 300 } });
    expect(facet(found, 'price')).toMatchObject({ '0-10': 1, '10-25': 1, '250-500': 1 });
    expect(facet(found, 'price')['25-50']).toBeUndefined();

    // Filter and sort read the price A sees.
    expect((await search(a, 'Hutschienenklemme&price=0-10')).data.map((hit: Json) => hit.id)).toEqual([
      sharedId,
    ]);
    expect((await search(a, 'Hutschienenklemme&price=250-500')).data.map((hit: Json) => hit.id)).toEqual([
      contractOnlyId,
    ]);
    expect((await search(a, 'Hutschienenklemme&price=25-50')).count.value).toBe(0);
    const sorted = await search(a, 'Hutschienenklemme&sort=price-asc');
    expect(sorted.data.map((hit: Json) => hit.price.amount)).toEqual([8, 12, 300]);
    // Its contract part numbers find their products first, for A (also the shared product's).
    expect((await search(a, 'HK-VERTRAG-2')).data[0]?.id).toBe(contractOnlyId);
    expect((await search(a, 'hk vertrag 1')).data.map((hit: Json) => hit.id)).toEqual([sharedId]);
  });

  it("search: B's answers are byte for byte those from before A's contract catalog (results, counts, facets)", async () => {
    for (const query of searches)
      expect([query, await searchText(b, query)]).toEqual([query, bBefore[query]]);
    const found = await search(b, 'Hutschienenklemme');
    expect(found.count).toEqual({ value: 2, relation: 'eq' });
    expect(found.data.find((hit: Json) => hit.id === sharedId)).toMatchObject({ price: { amount: 30 } });
    expect(found.data.some((hit: Json) => hit.id === contractOnlyId)).toBe(false);
  });

  it("product details: A sees the contract offer in place of Beta's public one, beside Nord's; B sees the public ones and 404", async () => {
    const seenByA = await bodyOf(await product(a, sharedId));
    expect(seenByA.offers.map((o: Json) => [o.id, o.vendor, o.price.amount])).toEqual(
      expect.arrayContaining([
        [contractOfferId, BETA, 8],
        [expect.any(String), NORD, 60],
      ]),
    );
    expect(seenByA.offers).toHaveLength(2);
    expect(seenByA.offers.some((o: Json) => o.id === publicBetaOfferId)).toBe(false);

    const seenByB = await bodyOf(await product(b, sharedId));
    expect(seenByB.offers.map((o: Json) => [o.vendor, o.price.amount]).sort()).toEqual([
      [BETA, 30],
      [NORD, 60],
    ]);
    expect((await bodyOf(await product(a, contractOnlyId))).offers).toHaveLength(1);
    const unknown = await product(b, contractOnlyId);
    expect(unknown.status).toBe(404);
    const missing = await product(b, 'no-such-product');
    // The same answer as for an id that never existed.
    expect(missing.status).toBe(404);
    expect(await bodyOf(unknown)).toEqual({
      error: 'not_found',
      error_description: `No product ${contractOnlyId}.`,
    });
    expect(await bodyOf(missing)).toEqual({
      error: 'not_found',
      error_description: 'No product no-such-product.',
    });
  });

  it('shop: A opens the contract-only product, sees the contract offer, and a search result adds it to the cart', async () => {
    const shop = await openShop(a, contractOnlyId);
    const page = await getPage(shop);
    expect(page.status).toBe(200);
    const onlyOffer = await t.prisma.offer.findFirstOrThrow({ where: { vendorSku: 'HK-VERTRAG-2' } });
    expect(page.html).toContain(`data-offer-id="${onlyOffer.id}"`);

    const shared = await getPage(`${shop}/product/${sharedId}`);
    expect(shared.html).toContain(`data-offer-id="${contractOfferId}"`);
    expect(shared.html).not.toContain(`data-offer-id="${publicBetaOfferId}"`);

    const results = await getPage(`${shop}/search?query=Hutschienenklemme`);
    expect(results.status).toBe(200);
    expect(results.html).toContain(contractOnlyId);
    // The search result's button names the product only: its shown offer is A's contract offer.
    const added = await postForm(`${shop}/cart/add`, { csrf: csrfOf(results.html), productId: sharedId });
    expect(added.status).toBe(303);
    const session = await t.prisma.punchoutSession.findFirstOrThrow({
      where: { organizationId: a.organizationId },
      orderBy: { createdAt: 'desc' },
    });
    const lines = await t.prisma.cartItem.findMany({ where: { sessionId: session.id } });
    expect(lines.map((line) => line.offerId)).toEqual([contractOfferId]);
  });

  it("shop: B cannot start on A's contract-only product (404 as an unknown id), and its shop never shows it", async () => {
    const refused = await startPunchout(t.baseUrl, b.token, contractOnlyId, { callbackUrl: HOOK });
    expect(refused.status).toBe(404);
    const unknown = await startPunchout(t.baseUrl, b.token, 'no-such-product', { callbackUrl: HOOK });
    expect(refused.body).toEqual({ error: 'not_found', error_description: `No product ${contractOnlyId}.` });
    expect(unknown.body).toEqual({ error: 'not_found', error_description: 'No product no-such-product.' });

    const shop = await openShop(b, sharedId);
    const page = await getPage(shop);
    expect(page.html).toContain(`data-offer-id="${publicBetaOfferId}"`);
    expect(page.html).not.toContain(`data-offer-id="${contractOfferId}"`);
    expect((await getPage(`${shop}/product/${contractOnlyId}`)).status).toBe(404);
    const results = await getPage(`${shop}/search?query=Hutschienenklemme`);
    expect(results.html).not.toContain(contractOnlyId);
    // An add naming A's contract offer is refused as an unknown offer.
    const forged = await postForm(`${shop}/cart/add`, {
      csrf: csrfOf(results.html),
      offerId: contractOfferId,
      quantity: '1',
    });
    expect(forged.status).toBe(404);
  });

  it('OCI: BACKGROUND_SEARCH, DETAIL and VALIDATE answer with what each organization sees', async () => {
    const background = async (buyer: Buyer) => {
      const response = await fetch(
        `${t.baseUrl}/punchout/oci?${new URLSearchParams({
          USERNAME: buyer.clientId,
          PASSWORD: buyer.punchoutSecret,
          EMAIL: buyer.email,
          HOOK_URL: HOOK,
          FUNCTION: 'BACKGROUND_SEARCH',
          SEARCHSTRING: 'Hutschienenklemme',
        }).toString()}`,
        { redirect: 'follow' },
      );
      expect(response.status).toBe(200);
      return ociItemsOf(ociFormOf(await response.text()).fields);
    };
    const itemsOfA = await background(a);
    const pricesOfA = Object.fromEntries(itemsOfA.map((item) => [item.EXT_PRODUCT_ID, Number(item.PRICE)]));
    expect(itemsOfA).toHaveLength(3);
    expect(pricesOfA).toMatchObject({ [sharedId]: 8, [contractOnlyId]: 300 });
    expect(itemsOfA.find((item) => item.EXT_PRODUCT_ID === sharedId)?.VENDORMAT).toBe('HK-VERTRAG-1');
    const itemsOfB = await background(b);
    expect(itemsOfB.map((item) => item.EXT_PRODUCT_ID)).not.toContain(contractOnlyId);
    expect(Number(itemsOfB.find((item) => item.EXT_PRODUCT_ID === sharedId)?.PRICE)).toBe(30);

    expect((await oci(a, { FUNCTION: 'DETAIL', PRODUCTID: contractOnlyId })).status).toBe(200);
    expect((await oci(b, { FUNCTION: 'DETAIL', PRODUCTID: contractOnlyId })).status).toBe(404);

    const validate = async (buyer: Buyer, productId: string) =>
      ociFormsOf(
        (await oci(buyer, { FUNCTION: 'VALIDATE', PRODUCTID: productId, QUANTITY: '2' })).html,
      ).flatMap((form) => ociItemsOf(form.fields));
    expect((await validate(a, sharedId)).map((item) => [item.VENDORMAT, Number(item.PRICE)])).toEqual([
      ['HK-VERTRAG-1', 8],
    ]);
    expect((await validate(b, sharedId)).map((item) => [item.VENDORMAT, Number(item.PRICE)])).toEqual([
      ['HK-GRAU', 30],
    ]);
    expect(await validate(b, contractOnlyId)).toEqual([]);
  });

  it('cXML: an edit setup naming the contract part id restores it for A (and the order message validates), not for B', async () => {
    const itemOut = `<ItemOut quantity="2"><ItemID><SupplierPartID>HK-VERTRAG-2</SupplierPartID></ItemID></ItemOut>`;
    const setup = (buyer: Buyer) =>
      postSetup(
        t.baseUrl,
        setupRequest({
          clientId: buyer.clientId,
          secret: buyer.punchoutSecret,
          email: buyer.email,
          url: RETURN,
          operation: 'edit',
          extra: itemOut,
        }),
      );
    const answerA = await setup(a);
    expect(answerA.code).toBe('200');
    const started = await getPage(onTestApp(answerA.startUrl!, t.baseUrl));
    const base = /^(.*\/punchout\/s\/psk_[A-Za-z0-9_-]{43})/.exec(`${t.baseUrl}${started.location}`)![1];
    const cart = await getPage(`${base}/cart`);
    const sent = await postForm(`${base}/transfer`, { csrf: csrfOf(cart.html) });
    const [form] = ociFormsOf(sent.html);
    const document = form.fields[0][1];
    expectValidCxml(document);
    const items = all(at(readCxml(document), 'Message/PunchOutOrderMessage'), 'ItemIn');
    expect(
      items.map((item) => [
        at(item, 'ItemID/SupplierPartID')?.text,
        at(item, 'ItemDetail/UnitPrice/Money')?.text,
      ]),
    ).toEqual([['HK-VERTRAG-2', '300.00']]);

    const answerB = await setup(b);
    expect(answerB.code).toBe('200');
    const startedB = await getPage(onTestApp(answerB.startUrl!, t.baseUrl));
    const baseB = /^(.*\/punchout\/s\/psk_[A-Za-z0-9_-]{43})/.exec(`${t.baseUrl}${startedB.location}`)![1];
    const cartB = await getPage(`${baseB}/cart`);
    expect(cartB.html).not.toContain('Sonderanfertigung');
    const sessionB = await t.prisma.punchoutSession.findFirstOrThrow({
      where: { organizationId: b.organizationId, protocol: 'cxml' },
      orderBy: { createdAt: 'desc' },
    });
    expect(await t.prisma.cartItem.count({ where: { sessionId: sessionB.id, offerId: { not: null } } })).toBe(
      0,
    );
  });

  it('after a full contract catalog without the contract-only item, A no longer finds it; its contract price stays', async () => {
    const report = await importCatalog(
      'a-contract-2.xml',
      [{ pid: 'HK-VERTRAG-1', name: 'Hutschienenklemme grau', price: '8.00', gtin: GTIN }],
      '--supplier',
      'beta',
      '--org',
      a.slug,
    );
    expect(report.offers.withdrawn).toBe(1);
    expect((await product(a, contractOnlyId)).status).toBe(404);
    const found = await search(a, 'Hutschienenklemme');
    expect(found.count.value).toBe(2);
    expect(found.data.find((hit: Json) => hit.id === sharedId)).toMatchObject({ price: { amount: 8 } });
    expect(facet(found, 'price')['250-500']).toBeUndefined();
    for (const query of searches.filter((q) => q !== 'HK-VERTRAG-2'))
      expect([query, await searchText(b, query)]).toEqual([query, bBefore[query]]);
  });
});
