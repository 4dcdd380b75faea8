import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OfferValidityScheduler } from '../../../src/catalog/offer-validity.scheduler';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, startPunchout } from '../../factories/punchout.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { cli } from '../../support/cli';
import { bodyOf, Json } from '../../support/http';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { ManualClock } from '../../support/manual-clock';
import { startTestApp, TestApp } from '../../support/test-app';

/** One BMEcat 2005 product as these tests state it (the project's own file, written here). */
interface Item {
  pid: string;
  name: string;
  nameEn?: string;
  features?: string;
  classification?: string;
  orderUnit?: string;
  contentUnit?: string;
  contentPerOrderUnit?: string;
  quantityMin?: string;
  quantityInterval?: string;
  validFrom?: string;
  validTo?: string;
}

const DAY = 86_400_000;
const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/** A bilingual feature with a unit (BMEcat 2005: FNAME and FVALUE per lang). */
const feature = (de: string, en: string, valueDe: string, valueEn: string, unit?: string) =>
  `<FEATURE><FNAME lang="deu">${de}</FNAME><FNAME lang="eng">${en}</FNAME>` +
  `<FVALUE lang="deu">${valueDe}</FVALUE><FVALUE lang="eng">${valueEn}</FVALUE>${unit ? `<FUNIT>${unit}</FUNIT>` : ''}</FEATURE>`;

function bmecat(items: Item[]): string {
  const products = items.map((item) => {
    const dates = [
      item.validFrom ? `<DATETIME type="valid_start_date"><DATE>${item.validFrom}</DATE></DATETIME>` : '',
      item.validTo ? `<DATETIME type="valid_end_date"><DATE>${item.validTo}</DATE></DATETIME>` : '',
    ].join('');
    const optional = (element: string, value?: string) => (value ? `<${element}>${value}</${element}>` : '');
    return `
    <PRODUCT>
      <SUPPLIER_PID>${item.pid}</SUPPLIER_PID>
      <PRODUCT_DETAILS>
        <DESCRIPTION_SHORT lang="deu">${item.name}</DESCRIPTION_SHORT>
        ${item.nameEn ? `<DESCRIPTION_SHORT lang="eng">${item.nameEn}</DESCRIPTION_SHORT>` : ''}
      </PRODUCT_DETAILS>
      ${item.features || item.classification ? `<PRODUCT_FEATURES>${item.classification ?? ''}${item.features ?? ''}</PRODUCT_FEATURES>` : ''}
      <PRODUCT_ORDER_DETAILS>
        <ORDER_UNIT>${item.orderUnit ?? 'C62'}</ORDER_UNIT>
        ${optional('CONTENT_UNIT', item.contentUnit)}${optional('NO_CU_PER_OU', item.contentPerOrderUnit)}
        <PRICE_QUANTITY>1</PRICE_QUANTITY>
        ${optional('QUANTITY_MIN', item.quantityMin)}${optional('QUANTITY_INTERVAL', item.quantityInterval)}
      </PRODUCT_ORDER_DETAILS>
      <PRODUCT_PRICE_DETAILS>${dates}
        <PRODUCT_PRICE price_type="net_customer"><PRICE_AMOUNT>12.40</PRICE_AMOUNT><TAX>0.19</TAX></PRODUCT_PRICE>
      </PRODUCT_PRICE_DETAILS>
    </PRODUCT>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<BMECAT xmlns="http://www.bmecat.org/bmecat/2005" version="2005">
  <HEADER>
    <CATALOG><LANGUAGE default="true">deu</LANGUAGE><LANGUAGE>eng</LANGUAGE><CATALOG_ID>F</CATALOG_ID><CATALOG_VERSION>1</CATALOG_VERSION><CURRENCY>EUR</CURRENCY></CATALOG>
    <SUPPLIER><SUPPLIER_NAME>Klemmen Krause</SUPPLIER_NAME></SUPPLIER>
  </HEADER>
  <T_NEW_CATALOG>${products.join('')}
  </T_NEW_CATALOG>
</BMECAT>
`;
}

/** A terminal block with 40 features (the page shows 30, then "10 more"), a pack of 100, sold in steps. */
const TERMINAL: Item = {
  pid: 'KK-2002',
  name: 'Durchgangsklemme 2,5 mm² grau',
  nameEn: 'Feed-through terminal block 2.5 mm² grey',
  classification:
    '<REFERENCE_FEATURE_SYSTEM_NAME>ETIM-8.0</REFERENCE_FEATURE_SYSTEM_NAME><REFERENCE_FEATURE_GROUP_ID>EC000897</REFERENCE_FEATURE_GROUP_ID>',
  features: [
    feature('Nennquerschnitt', 'Rated cross-section', '2,5', '2.5', 'MMK'),
    feature('Bemessungsspannung', 'Rated voltage', '800', '800', 'VLT'),
    feature('Farbe', 'Colour', 'grau', 'grey'),
    ...Array.from({ length: 37 }, (_, i) =>
      feature(`Merkmal ${i + 4}`, `Feature ${i + 4}`, `W${i + 4}`, `V${i + 4}`),
    ),
  ].join(''),
  orderUnit: 'PK',
  contentUnit: 'C62',
  contentPerOrderUnit: '100',
  quantityMin: '2',
  quantityInterval: '2',
};

describe('catalog facts, units, quantity steps, validity and ETIM', () => {
  let t: TestApp;
  let dir: string;
  let token: string;
  const clock = new ManualClock();

  beforeAll(async () => {
    // The scheduler runs only when a test asks (runOnce); product details see a commit at once.
    t = await startTestApp({
      clock,
      env: { CATALOG_VERSION_CHECK_MS: '0', OFFER_VALIDITY_CHECK_SECONDS: '0' },
    });
    dir = mkdtempSync(join(tmpdir(), 'facts-units-'));
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    token = await issueTestToken(t.prisma, await createUser(t.prisma, organization), client, {
      expiresInSeconds: 30 * 86_400, // the clock moves on by days
    });
    expect((await cli(t.database.url, 'supplier', 'add', 'krause', '--name', 'Klemmen Krause')).code).toBe(0);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const importFile = async (items: Item[]) => {
    const path = join(dir, `catalog-${Date.now()}.xml`);
    writeFileSync(path, bmecat(items));
    const run = await cli(t.database.url, 'catalog', 'import', path, '--supplier', 'krause', '--json');
    return { code: run.code, report: JSON.parse(run.stdout) as Json };
  };
  const details = (id: string, language = 'de') =>
    fetch(`${t.baseUrl}/api/v1/marketplace/product/${id}`, {
      headers: { ...bearer(token), 'accept-language': language },
    });
  const offerOf = (pid: string) => t.prisma.offer.findFirstOrThrow({ where: { vendorSku: pid } });
  /** A shop session on a product, its page's URL and CSRF token. */
  const shop = async (productId: string, language = 'de') => {
    const { body } = await startPunchout(t.baseUrl, token, productId, {
      callbackUrl: 'https://srm.example.com/hook',
    });
    const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl));
    const url = `${t.baseUrl}${start.location}`;
    const page = await getPage(`${url}/product/${productId}`, { 'accept-language': language });
    return { url, csrf: csrfOf(page.html), page };
  };

  it('imports units the gateway cannot name as written, each reported in one counted warning', async () => {
    const { code, report } = await importFile([
      TERMINAL,
      { pid: 'KK-STK', name: 'Endwinkel', orderUnit: 'STK' },
      {
        pid: 'KK-ROLLE',
        name: 'Markierband',
        orderUnit: 'Rolle',
        contentUnit: 'MTR',
        contentPerOrderUnit: '50',
      },
      { pid: 'KK-WEIT', name: 'Zu langer Code', orderUnit: 'STUECKPACKUNGEN-GROSS' },
    ]);
    expect(code).toBe(3);
    expect(report.rejected).toEqual([
      expect.objectContaining({ item: 'KK-WEIT', reason: expect.stringContaining('is not a unit code') }),
    ]);
    expect(report.warnings).toEqual(
      expect.arrayContaining([
        { kind: 'unit-unknown', count: 2, example: expect.stringContaining('unit "STK"') },
      ]),
    );
    expect(await offerOf('KK-STK')).toMatchObject({ unit: 'STK' });
    expect(await offerOf('KK-ROLLE')).toMatchObject({ unit: 'Rolle', contentUnit: 'MTR' });
  });

  it('answers product details with the facts in the buyer language, the packaging and the ETIM class', async () => {
    const offer = await offerOf('KK-2002');
    const de = await bodyOf(await details(offer.productId, 'de'));
    expect(de.productOverview).toMatchObject({
      Nennquerschnitt: '2,5 mm²',
      Bemessungsspannung: '800 V',
      Farbe: 'grau',
      'Merkmal 40': 'W40',
    });
    expect(Object.keys(de.productOverview)).toHaveLength(40);
    expect(de.offers[0]).toMatchObject({ priceUnit: 'pro Packung mit 100 Stück', quantityMin: 2 });
    expect(de.taxonomies).toEqual([{ type: 'etim', code: 'EC000897', version: '8.0' }]);

    const en = await bodyOf(await details(offer.productId, 'en'));
    expect(en.productOverview).toMatchObject({
      'Rated cross-section': '2.5 mm²',
      'Rated voltage': '800 V',
      Colour: 'grey',
    });
    expect(en.offers[0].priceUnit).toBe('per pack of 100 pieces');
    const roll = await bodyOf(await details((await offerOf('KK-ROLLE')).productId, 'en'));
    expect(roll.offers[0].priceUnit).toBe('per Rolle of 50 m');
  });

  it('shows the facts on the product page: 30 at once, the rest behind "10 more", the quantity in steps', async () => {
    const offer = await offerOf('KK-2002');
    const { page } = await shop(offer.productId, 'de');
    expect(page.status).toBe(200);
    const table = page.html.split('punchout-overview-more')[0];
    expect(table).toContain('<th scope="row">Nennquerschnitt</th><td>2,5 mm²</td>');
    expect(table).toContain('Merkmal 30');
    expect(table).not.toContain('Merkmal 31');
    expect(page.html).toContain('<summary>10 weitere</summary>');
    expect(page.html).toContain('Merkmal 40');
    expect(page.html).toContain('pro Packung mit 100 Stück');
    expect(page.html).toMatch(/name="quantity"[^>]*min="2"[^>]*step="2"/);
    expect(page.html).toContain('in Schritten von 2');
  });

  it('refuses a quantity outside the steps on add and update, in the page language, and keeps the cart', async () => {
    const offer = await offerOf('KK-2002');
    const { url, csrf } = await shop(offer.productId, 'en');
    const refused = await postForm(
      `${url}/cart/add`,
      { csrf, offerId: offer.id, quantity: '3' },
      { 'accept-language': 'en' },
    );
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('This offer is sold in steps of 2 from 2 (2, 4, 6, …)');
    expect(await t.prisma.cartItem.count({ where: { offerId: offer.id } })).toBe(0);

    expect((await postForm(`${url}/cart/add`, { csrf, offerId: offer.id, quantity: '4' })).status).toBe(303);
    const update = await postForm(
      `${url}/cart/update`,
      { csrf, offerId: offer.id, quantity: '5' },
      { 'accept-language': 'de' },
    );
    expect(update.status).toBe(400);
    expect(update.html).toContain('Dieses Angebot gibt es in Schritten von 2 ab 2');
    expect((await t.prisma.cartItem.findFirstOrThrow({ where: { offerId: offer.id } })).quantity).toBe(4);

    // OCI UNIT carries the supplier's code.
    expect((await postForm(`${url}/transfer`, { csrf })).status).toBe(200);
    const session = await t.prisma.punchoutSession.findFirstOrThrow({
      where: { status: 'TRANSFERRED' },
      orderBy: { createdAt: 'desc' },
    });
    const fields = new Map(session.returnedFields as Array<[string, string]>);
    expect([fields.get('NEW_ITEM-UNIT[1]'), fields.get('NEW_ITEM-QUANTITY[1]')]).toEqual(['PK', '4']);
  });

  it('offers an item only within its validity, also when a date passes after the import', async () => {
    const { code } = await importFile([
      TERMINAL,
      { pid: 'KK-BALD', name: 'Brücke (ab morgen)', validFrom: isoDate(1), validTo: isoDate(30) },
      { pid: 'KK-JETZT', name: 'Brücke (bis morgen)', validFrom: isoDate(-10), validTo: isoDate(1) },
    ]);
    expect(code).toBe(0);
    const soon = await offerOf('KK-BALD');
    const now = await offerOf('KK-JETZT');
    // Not yet valid: imported, held until its start; the current one is offered (and cached).
    expect(soon).toMatchObject({ validityHold: true });
    expect(soon.withdrawnAt).not.toBeNull();
    expect((await details(soon.productId)).status).toBe(404);
    expect((await bodyOf(await details(now.productId))).offers).toHaveLength(1);
    const scheduler = t.app.get(OfferValidityScheduler);
    expect(await scheduler.runOnce()).toEqual({ held: 0, released: 0 });

    // Two days pass: the start of one comes and the end of the other passes.
    clock.advance(2 * DAY + 60_000);
    // Before the maintenance runs, the cached product leaves out the ended offer already, and a cart
    // cannot take it.
    expect((await bodyOf(await details(now.productId))).offers).toEqual([]);
    const version = await t.prisma.$queryRaw<Array<{ version: bigint }>>`SELECT version FROM catalog_version`;

    expect(await scheduler.runOnce()).toEqual({ held: 1, released: 1 });
    expect((await details(now.productId)).status).toBe(404);
    const offered = await bodyOf(await details(soon.productId));
    expect(offered.offers.map((o: Json) => o.id)).toEqual([soon.id]);
    const after = await t.prisma.$queryRaw<Array<{ version: bigint }>>`SELECT version FROM catalog_version`;
    expect(after[0].version).toBeGreaterThan(version[0].version);
    // Search columns follow (catalog_refresh_products).
    const products = await t.prisma.product.findMany({
      where: { id: { in: [soon.productId, now.productId] } },
      select: { id: true, offerCount: true },
    });
    expect(Object.fromEntries(products.map((p) => [p.id, p.offerCount]))).toEqual({
      [soon.productId]: 1,
      [now.productId]: 0,
    });
    expect(await scheduler.runOnce()).toEqual({ held: 0, released: 0 });

    // A full catalog without the held item withdraws it for good: the maintenance never brings it back.
    await importFile([TERMINAL]);
    const dropped = await offerOf('KK-JETZT');
    expect(dropped.validityHold).toBe(false);
    await t.prisma.offer.update({ where: { id: dropped.id }, data: { validTo: null } });
    expect(await scheduler.runOnce()).toEqual({ held: 0, released: 0 });
    expect((await details(dropped.productId)).status).toBe(404);
  });
});
