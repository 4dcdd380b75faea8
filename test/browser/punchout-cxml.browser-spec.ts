import { Browser, Page } from 'playwright-core';
import { UserRole } from '../../src/generated/prisma/enums';
import { ClientsService } from '../../src/oauth/clients.service';
import { issueTestToken } from '../support/auth';
import { createCatalog } from '../factories/catalog.factory';
import { addRules, organizationWithTokens } from '../factories/guidance.factory';
import { createClient, createUser } from '../factories/identity.factory';
import { onTestApp, PUNCHOUT_CATALOG } from '../factories/punchout.factory';
import {
  describeWithBrowser,
  DESKTOP,
  failOnDialogs,
  launchBrowser,
  PHONE,
  saveScreenshot,
  seriousAccessibilityViolations,
} from '../support/browser';
import { all, at, CxmlNode, postSetup, readCxml, setupRequest } from '../support/cxml';
import { CXML_DTD, validateCxml } from '../support/cxml-dtd';
import { HookPost, HookReceiver, startHookReceiver } from '../support/hook-receiver';
import { startTestApp, TestApp } from '../support/test-app';
import { existsSync } from 'node:fs';

/** A Coupa-like client of one encoding: its credentials and its buyer. */
interface Buyer {
  clientId: string;
  secret: string;
  email: string;
}

describeWithBrowser('cXML punchout in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let hook: HookReceiver;
  const buyers: Record<'urlencoded' | 'base64', Buyer> = {} as never;
  let auditorToken: string;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const org = await organizationWithTokens(t.prisma);
    await addRules(t.baseUrl, org.admin, [
      { effect: 'blocked', matcher: 'vendor', value: 'Blocked Supplies', note: 'Framework contract only' },
    ]);
    hook = await startHookReceiver();
    const clients = t.app.get(ClientsService);
    for (const encoding of ['urlencoded', 'base64'] as const) {
      const client = await createClient(t.prisma, org.organization, { callbackOrigins: [hook.origin] });
      const { punchoutSecret } = await clients.setPunchoutSecret(client.clientId, { label: 'test' });
      await t.prisma.oAuthClient.update({
        where: { id: client.client.id },
        data: { cxmlEncoding: encoding },
      });
      const user = await createUser(t.prisma, org.organization, { email: `jane-${encoding}@coupa.example` });
      buyers[encoding] = { clientId: client.clientId, secret: punchoutSecret, email: user.email };
    }
    const auditor = await createUser(t.prisma, org.organization, {
      roles: [UserRole.auditor],
      email: 'auditor@coupa.example',
    });
    const consoleClient = await createClient(t.prisma, org.organization);
    auditorToken = await issueTestToken(t.prisma, auditor, consoleClient.client);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await hook?.close();
    await t?.close();
  });

  /** The buyer's system's setup request; the StartPage on the test app's address. */
  async function startPage(
    buyer: Buyer,
    returnPath: string,
    extra = '',
    operation = 'create',
  ): Promise<string> {
    const answer = await postSetup(
      t.baseUrl,
      setupRequest({
        clientId: buyer.clientId,
        secret: buyer.secret,
        email: buyer.email,
        url: `${hook.origin}${returnPath}`,
        cookie: 'coupa-cookie-Ж',
        operation,
        extra,
      }),
    );
    expect(answer.code).toBe('200');
    return onTestApp(answer.startUrl!, t.baseUrl);
  }

  async function newPage(viewport = DESKTOP, lang = 'en'): Promise<{ page: Page; dialogs: string[] }> {
    const context = await browser.newContext({
      viewport,
      locale: lang,
      extraHTTPHeaders: { 'accept-language': lang },
    });
    const page = await context.newPage();
    return { page, dialogs: failOnDialogs(page) };
  }

  const offer = (page: Page, id: string) => page.locator(`[data-offer-id="${id}"]`);

  async function addToCart(page: Page, offerId: string, quantity: number) {
    await offer(page, offerId).getByLabel('Quantity').fill(String(quantity));
    await Promise.all([
      page.waitForURL(/\/cart\?done=added$/),
      offer(page, offerId).getByRole('button', { name: 'Add to cart' }).click(),
    ]);
  }

  /** What the receiver does: take the one field, decode it per its name, parse the XML. */
  function decode(post: HookPost): { name: string; document: string; order: CxmlNode } {
    expect(post.contentType).toBe('application/x-www-form-urlencoded');
    expect(post.fields).toHaveLength(1);
    const [name, value] = post.fields[0];
    const document = name === 'cxml-base64' ? Buffer.from(value, 'base64').toString('utf8') : value;
    if (existsSync(CXML_DTD)) expect(validateCxml(document)).toEqual({ valid: true, messages: '' });
    return { name, document, order: at(readCxml(document), 'Message/PunchOutOrderMessage')! };
  }

  /** The offer of each line: its SupplierPartAuxiliaryID is the line's key, which the cart line holds. */
  async function offersOf(order: CxmlNode): Promise<Array<string | null | undefined>> {
    const keys = all(order, 'ItemIn').map((item) => at(item, 'ItemID/SupplierPartAuxiliaryID')?.text ?? '');
    const rows = await t.prisma.cartItem.findMany({ where: { orderKey: { in: keys } } });
    return keys.map((key) => rows.find((row) => row.orderKey === key)?.offerId);
  }

  const itemFacts = (item: CxmlNode, index: number, offers: Array<string | null | undefined>) => ({
    quantity: item.attributes.quantity,
    supplierPartId: at(item, 'ItemID/SupplierPartID')?.text,
    offerId: offers[index],
    unitPrice: at(item, 'ItemDetail/UnitPrice/Money')?.text,
    currency: at(item, 'ItemDetail/UnitPrice/Money')?.attributes.currency,
    shortName: at(item, 'ItemDetail/Description/ShortName')?.text,
    unit: at(item, 'ItemDetail/UnitOfMeasure')?.text,
    classification: all(at(item, 'ItemDetail'), 'Classification').map(
      (c) => `${c.attributes.domain}:${c.text}`,
    ),
    manufacturerPartId: at(item, 'ItemDetail/ManufacturerPartID')?.text,
    manufacturerName: at(item, 'ItemDetail/ManufacturerName')?.text,
    leadTime: at(item, 'ItemDetail/LeadTime')?.text,
  });

  for (const encoding of ['urlencoded', 'base64'] as const) {
    it(`setup -> StartPage -> two items (one across a tier) -> transfer: the BrowserFormPost receiver gets cxml-${encoding} with every line`, async () => {
      const { page, dialogs } = await newPage();
      const selected =
        '<SelectedItem><ItemID><SupplierPartID>OW-PEN-10</SupplierPartID></ItemID></SelectedItem>';
      await page.goto(await startPage(buyers[encoding], `/coupa/checkout/${encoding}?x=1`, selected));
      expect(page.url()).toMatch(/\/punchout\/s\/psk_[A-Za-z0-9_-]{43}$/);
      expect(await page.locator('h1').textContent()).toContain('Ballpoint pen');
      await addToCart(page, 'pen-1-a', 5);
      await page.goto(page.url().replace(/\/cart\?done=added$/, '/product/paper-1'));
      await addToCart(page, 'paper-1-a', 2);
      // Across the tier boundary at 10: 4.50 -> 4.00.
      const penLine = page.locator('tr[data-offer-id="pen-1-a"]');
      await penLine.getByRole('spinbutton').fill('10');
      await Promise.all([
        page.waitForURL(/done=updated$/),
        penLine.getByRole('button', { name: 'Update' }).click(),
      ]);
      expect(await penLine.locator('.punchout-unit-price').textContent()).toBe('€4.00');

      await page.getByRole('button', { name: 'Transfer to procurement' }).click();
      const post = await hook.next();
      expect(post.url).toBe(`/coupa/checkout/${encoding}?x=1`);
      const message = decode(post);
      expect(message.name).toBe(`cxml-${encoding}`);
      expect(at(message.order, 'BuyerCookie')!.text).toBe('coupa-cookie-Ж');
      expect(at(message.order, 'PunchOutOrderMessageHeader')!.attributes.operationAllowed).toBe('edit');
      expect(at(message.order, 'PunchOutOrderMessageHeader/Total/Money')!.text).toBe('51.98');
      const offers = await offersOf(message.order);
      expect(all(message.order, 'ItemIn').map((item, i) => itemFacts(item, i, offers))).toEqual([
        {
          quantity: '10',
          supplierPartId: 'OW-PEN-10',
          offerId: 'pen-1-a',
          unitPrice: '4.00',
          currency: 'EUR',
          shortName: 'Ballpoint pen, blue, box of 10, with an',
          unit: 'EA',
          classification: ['UNSPSC:44121704'],
          manufacturerPartId: 'SN-K15',
          manufacturerName: 'Schneider',
          leadTime: '2',
        },
        {
          quantity: '2',
          supplierPartId: 'CODE-paper-1',
          offerId: 'paper-1-a',
          unitPrice: '5.99',
          currency: 'EUR',
          shortName: 'Copy paper A4, 80 g, 500 sheets',
          unit: 'RM',
          classification: ['UNSPSC:'],
          manufacturerPartId: undefined,
          manufacturerName: undefined,
          leadTime: '1',
        },
      ]);
      // What arrived is exactly what the audit trail recorded as posted.
      const session = await t.prisma.punchoutSession.findFirstOrThrow({
        where: { status: 'TRANSFERRED' },
        orderBy: { closedAt: 'desc' },
      });
      expect(post.fields).toEqual(session.returnedFields);
      const audit = await t.prisma.auditEvent.findFirstOrThrow({
        where: { sessionId: session.id, type: 'punchout.transferred' },
      });
      expect((audit.payload as { cxml: { document: string } }).cxml.document).toBe(message.document);
      expect(dialogs).toEqual([]);
    });
  }

  it('a blocked offer forced by hand (disabled stripped) is refused and never arrives', async () => {
    const { page } = await newPage();
    const selected = '<SelectedItem><ItemID><SupplierPartID>pen-1</SupplierPartID></ItemID></SelectedItem>';
    await page.goto(await startPage(buyers.urlencoded, '/coupa/blocked', selected));
    await addToCart(page, 'pen-1-a', 1);
    await page.goto(page.url().replace(/\/cart\?done=added$/, '/product/pen-1'));
    await offer(page, 'pen-1-b').evaluate((card) =>
      card.querySelectorAll('[disabled]').forEach((el) => el.removeAttribute('disabled')),
    );
    await offer(page, 'pen-1-b').getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForLoadState();
    expect(await page.locator('.notice.error').first().textContent()).toContain('blocked');
    await page.goto(page.url().replace(/\/(product\/pen-1|cart\/add)$/, '/cart'));
    await page.getByRole('button', { name: 'Transfer to procurement' }).click();
    const message = decode(await hook.next());
    expect(await offersOf(message.order)).toEqual(['pen-1-a']);
    expect(message.document).not.toContain('pen-1-b');
  });

  it('cancel sends the order message without items', async () => {
    const { page } = await newPage();
    await page.goto(await startPage(buyers.base64, '/coupa/cancel'));
    await page.getByRole('link', { name: /Cart/ }).first().click();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const post = await hook.next();
    expect(post.url).toBe('/coupa/cancel');
    const message = decode(post);
    expect(message.name).toBe('cxml-base64');
    expect(all(message.order, 'ItemIn')).toHaveLength(0);
    expect(at(message.order, 'PunchOutOrderMessageHeader/Total/Money')!.text).toBe('0.00');
  });

  const itemOut = (quantity: number, offerId: string, price: string) =>
    `<ItemOut quantity="${quantity}"><ItemID><SupplierPartID>x</SupplierPartID><SupplierPartAuxiliaryID>${offerId}</SupplierPartAuxiliaryID></ItemID>` +
    `<ItemDetail><UnitPrice><Money currency="EUR">${price}</Money></UnitPrice><Description xml:lang="en">x</Description><UnitOfMeasure>EA</UnitOfMeasure><Classification domain="UNSPSC">1</Classification></ItemDetail></ItemOut>`;

  for (const lang of ['en', 'de'] as const) {
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`the reopened cart of an edit and the read-only cart of an inspect pass axe, ${lang}, ${device}: screenshots`, async () => {
        const cart = [
          itemOut(10, 'pen-1-a', '4.50'),
          itemOut(1, 'pen-1-b', '3.00'),
          itemOut(2, 'paper-1-a', '5.99'),
        ].join('');
        const { page, dialogs } = await newPage(viewport, lang);
        await page.goto(await startPage(buyers.urlencoded, '/coupa/edit', cart, 'edit'));
        expect(page.url()).toMatch(/\/cart$/);
        expect(await page.locator('.notice.warn').count()).toBe(2); // reopened, price changed
        expect(await page.locator('.notice.error').count()).toBe(1); // the blocked line
        expect(await page.locator('tr[data-offer-id]').count()).toBe(2);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await saveScreenshot(page, `cxml-edit-cart-${lang}-${device}`);

        await page.goto(await startPage(buyers.urlencoded, '/coupa/inspect', cart, 'inspect'));
        expect(await page.locator('.punchout-read-only').count()).toBe(1);
        expect(await page.locator('.punchout-transfer, .punchout-update, .punchout-remove').count()).toBe(0);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await saveScreenshot(page, `cxml-inspect-cart-${lang}-${device}`);
        await page.locator('.punchout-cancel').click();
        const message = decode(await hook.next());
        expect(at(message.order, 'PunchOutOrderMessageHeader')!.attributes.operationAllowed).toBe('inspect');
        expect(all(message.order, 'ItemIn')).toHaveLength(2);
        expect(dialogs).toEqual([]);
        await page.context().close();
      });
    }
  }

  it("the compliance console shows a cXML session's posted lines like OCI lines and the raw document on demand (en/de, desktop/phone)", async () => {
    const session = await t.prisma.punchoutSession.findFirstOrThrow({
      where: { protocol: 'cxml', status: 'TRANSFERRED' },
      orderBy: { closedAt: 'asc' },
    });
    for (const lang of ['en', 'de'] as const) {
      for (const [device, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const response = await fetch(`${t.baseUrl}/api/v1/audit/console-links`, {
          method: 'POST',
          headers: { authorization: `Bearer ${auditorToken}` },
        });
        expect(response.status).toBe(201);
        const link = new URL(((await response.json()) as { url: string }).url);
        const { page, dialogs } = await newPage(viewport, lang);
        await page.goto(`${t.baseUrl}${link.pathname}${link.search}`);
        // The link's page signs in with a button (link scanners only GET).
        await page.locator('main form button[type="submit"]').click();
        await page.waitForURL(`${t.baseUrl}/audit/console`);
        await page.goto(`${t.baseUrl}/audit/console/sessions/${session.id}`);
        const rows = page.locator('table.posted-cart tbody tr');
        expect(await rows.count()).toBe(2);
        expect(await rows.nth(0).locator('td').first().textContent()).toBe(
          'Ballpoint pen, blue, box of 10, with an',
        );
        expect(await rows.nth(1).locator('td').first().textContent()).toBe('Copy paper A4, 80 g, 500 sheets');
        const raw = page.locator('table.posted-fields code.wrap');
        expect(await raw.count()).toBe(1);
        await page.locator('details:has(table.posted-fields) > summary').click();
        expect(await raw.first().textContent()).toContain('<PunchOutOrderMessage>');
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await saveScreenshot(page, `cxml-console-session-${lang}-${device}`);
        expect(dialogs).toEqual([]);
        await page.context().close();
      }
    }
  });
});
