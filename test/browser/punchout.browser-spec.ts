import { Browser, Page } from 'playwright-core';
import { ManualClock } from '../support/manual-clock';
import { createCatalog, ProductSpec } from '../factories/catalog.factory';
import { addRules, organizationWithTokens } from '../factories/guidance.factory';
import { onTestApp, PUNCHOUT_CATALOG, startPunchout } from '../factories/punchout.factory';
import {
  describeWithBrowser,
  DESKTOP,
  failOnDialogs,
  launchBrowser,
  PHONE,
  saveScreenshot,
  seriousAccessibilityViolations,
} from '../support/browser';
import { createClient, createUser } from '../factories/identity.factory';
import { HookReceiver, startHookReceiver } from '../support/hook-receiver';
import { withoutLineKeys } from '../support/oci-form';
import { ClientsService } from '../../src/oauth/clients.service';
import { startTestApp, TestApp } from '../support/test-app';

const XSS_NAME = `"><img src=x onerror=alert(1)> <script>alert("name")</script> 'quoted' & Co`;
const XSS_VENDOR = `Vendor "><svg onload=alert(2)> & <b>Sons</b>`;

const XSS_CATALOG: ProductSpec[] = [
  {
    id: 'xss-1',
    name: XSS_NAME,
    categoryId: 'filing',
    features: ['<script>alert(3)</script>'],
    offers: [{ id: 'xss-1-a', vendor: XSS_VENDOR, vendorSku: `"'<>&`, price: '1.2500', deliveryDays: 3 }],
  },
];

describeWithBrowser('OCI punchout in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let hook: HookReceiver;
  let buyer: string;
  /** SAP's call-up URL of this organization (a client with a punchout secret, a buyer's EMAIL). */
  let callUp: (params: Record<string, string>) => string;
  // Starts at the real time: the factories' tokens expire 300 s after it; expiry tests move it and back.
  const start = new Date();
  const clock = new ManualClock(start);

  beforeAll(async () => {
    t = await startTestApp({ clock });
    await createCatalog(t.prisma, [...PUNCHOUT_CATALOG, ...XSS_CATALOG]);
    const org = await organizationWithTokens(t.prisma);
    buyer = org.buyer;
    await addRules(t.baseUrl, org.admin, [
      { effect: 'blocked', matcher: 'vendor', value: 'Blocked Supplies', note: 'Framework contract only' },
      { effect: 'preferred', matcher: 'vendor', value: 'Paper Palace' },
      { effect: 'preferred', matcher: 'product', value: 'paper-1' },
      // No product of the catalog has this brand or category: the start page names them all the same.
      { effect: 'preferred', matcher: 'brand', value: 'Stabilo' },
      { effect: 'preferred', matcher: 'category', value: 'monitors' },
    ]);
    const sap = await createClient(t.prisma, org.organization);
    const { punchoutSecret } = await t.app
      .get(ClientsService)
      .setPunchoutSecret(sap.clientId, { label: 'test' });
    const sapBuyer = await createUser(t.prisma, org.organization, { email: 'erika@sap.example' });
    callUp = (params) =>
      `${t.baseUrl}/punchout/oci?${new URLSearchParams({
        USERNAME: sap.clientId,
        PASSWORD: punchoutSecret,
        EMAIL: sapBuyer.email,
        '~OkCode': 'ADDI',
        '~TARGET': '_top',
        '~CALLER': 'CTLG',
        ...params,
      }).toString()}`;
    hook = await startHookReceiver();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await hook?.close();
    await t?.close();
  });

  /** A punchout as a procurement system starts it: the start URL on the test app. */
  async function startUrl(
    productId: string,
    hookPath = '/sap/hook?sap-client=100&~TARGET=_top',
  ): Promise<string> {
    const { status, body } = await startPunchout(t.baseUrl, buyer, productId, {
      callbackUrl: hook.origin + hookPath,
    });
    expect(status).toBe(201);
    return onTestApp(body.redirectUrl, t.baseUrl);
  }

  async function newPage(
    viewport = DESKTOP,
    javaScriptEnabled = true,
  ): Promise<{ page: Page; dialogs: string[] }> {
    const context = await browser.newContext({ viewport, javaScriptEnabled, locale: 'en-US' });
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

  it('opens the redirectUrl; blocked offers are disabled with the reason; two items, a tier change, transfer: the HOOK_URL gets exactly the fields', async () => {
    const { page, dialogs } = await newPage();
    await page.goto(await startUrl('pen-1'));
    expect(page.url()).toMatch(/\/punchout\/s\/psk_[A-Za-z0-9_-]{43}$/);
    const blocked = offer(page, 'pen-1-b');
    await expect(blocked.getByLabel('Quantity').isDisabled()).resolves.toBe(true);
    await expect(blocked.getByRole('button', { name: 'Add to cart' }).isDisabled()).resolves.toBe(true);
    expect(await blocked.textContent()).toContain(
      "Blocked by your organization's buying guidance. Note: Framework contract only",
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'punchout-product-desktop');
    // With JavaScript the price line follows the quantity typed (the tier at 50 applies).
    await offer(page, 'pen-1-a').getByLabel('Quantity').fill('50');
    expect(await offer(page, 'pen-1-a').locator('.punchout-price-at-value').textContent()).toBe('€3.50');
    expect(await offer(page, 'pen-1-a').locator('tr.applies').getAttribute('data-min-quantity')).toBe('50');

    await addToCart(page, 'pen-1-a', 5);
    // Search inside the session for a second item; the preferred offer is marked.
    await page.getByLabel('Search the catalog').fill('paper');
    await Promise.all([
      page.waitForURL(/\/search\?query=paper/),
      page.getByRole('button', { name: 'Search' }).click(),
    ]);
    expect(await page.locator('[data-product-id="paper-1"]').count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'punchout-search-desktop');
    await page.locator('[data-product-id="paper-1"] a').click();
    expect(await offer(page, 'paper-1-a').getAttribute('data-preferred')).toBe('true');
    await addToCart(page, 'paper-1-a', 2);

    // Across the tier boundary at 10: the unit price drops from 4.50 to 4.00.
    const penLine = page.locator('tr[data-offer-id="pen-1-a"]');
    expect(await penLine.locator('.punchout-unit-price').textContent()).toBe('€4.50');
    await penLine.getByRole('spinbutton').fill('10');
    await Promise.all([
      page.waitForURL(/done=updated$/),
      penLine.getByRole('button', { name: 'Update' }).click(),
    ]);
    expect(await penLine.locator('.punchout-unit-price').textContent()).toBe('€4.00');
    expect(await penLine.locator('.punchout-line-total').textContent()).toBe('€40.00');
    // The cart survives a reload.
    await page.reload();
    expect(await page.locator('tr[data-offer-id]').count()).toBe(2);
    expect(await page.locator('.punchout-total').textContent()).toContain('€51.98');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'punchout-cart-desktop');

    await page.getByRole('button', { name: 'Transfer to procurement' }).click();
    const post = await hook.next();
    expect(post.url).toBe('/sap/hook?sap-client=100&~TARGET=_top');
    expect(post.contentType).toBe('application/x-www-form-urlencoded');
    const session = await t.prisma.punchoutSession.findFirstOrThrow({
      where: { status: 'TRANSFERRED' },
      orderBy: { closedAt: 'desc' },
    });
    expect(post.fields).toEqual(session.returnedFields);
    const fields = new Map(post.fields);
    expect(fields.get('NEW_ITEM-DESCRIPTION[1]')).toBe('Ballpoint pen, blue, box of 10, with an');
    expect(fields.get('NEW_ITEM-QUANTITY[1]')).toBe('10');
    expect(fields.get('NEW_ITEM-PRICE[1]')).toBe('4.00');
    expect(fields.get('NEW_ITEM-UNIT[1]')).toBe('PCE');
    expect(fields.get('NEW_ITEM-CURRENCY[1]')).toBe('EUR');
    expect(fields.get('NEW_ITEM-VENDORMAT[1]')).toBe('OW-PEN-10');
    expect(fields.get('NEW_ITEM-MANUFACTMAT[1]')).toBe('SN-K15');
    expect(fields.get('NEW_ITEM-EXT_SCHEMA_TYPE[1]')).toBe('UNSPSC');
    expect(fields.get('NEW_ITEM-EXT_CATEGORY_ID[1]')).toBe('44121704');
    expect(fields.get('NEW_ITEM-LONGTEXT_1:132[]')).toBe(
      'Ballpoint pen, blue, box of 10, with an extra long name that goes beyond forty characters\r\nVendor: Office World\r\nCondition: new\r\n- Blue ink\r\n- Refillable',
    );
    expect(fields.get('NEW_ITEM-QUANTITY[2]')).toBe('2');
    expect(fields.get('NEW_ITEM-UNIT[2]')).toBe('RM');
    expect(fields.get('NEW_ITEM-PRICE[2]')).toBe('5.99');
    expect([...fields.keys()].some((name) => name.includes('[3]'))).toBe(false);
    const audit = await t.prisma.auditEvent.findFirstOrThrow({
      where: { sessionId: session.id, type: 'punchout.transferred' },
    });
    expect((audit.payload as { fields: unknown }).fields).toEqual(post.fields);
    expect(dialogs).toEqual([]);
  });

  it('cancel asks first (a page, no script dialog), then posts an empty cart to the same HOOK_URL', async () => {
    const { page, dialogs } = await newPage();
    await page.goto(await startUrl('paper-1', '/cancel-hook?x=1'));
    await addToCart(page, 'paper-1-a', 1);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.waitForURL(/\/cancel\??$/);
    expect(await page.locator('h1').innerText()).toBe('Cancel this punchout?');
    expect(await page.locator('.punchout-message').innerText()).toContain(
      'Your cart (1 item) will be discarded',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'punchout-cancel-confirm-desktop-en');
    await page.getByRole('button', { name: 'Yes, cancel and return' }).click();
    expect(dialogs).toEqual([]);
    const post = await hook.next();
    expect(post.url).toBe('/cancel-hook?x=1');
    expect(post.fields).toEqual([]);
  });

  it('"No, back to the cart" keeps the session and its cart; the question is German on a German phone', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'de-DE', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(await startUrl('paper-1', '/cancel-kept'));
    await page
      .locator('[data-offer-id="paper-1-a"]')
      .getByRole('button', { name: 'In den Warenkorb' })
      .click();
    await page.waitForURL(/done=added$/);
    await page.getByRole('button', { name: 'Abbrechen', exact: true }).click();
    expect(await page.locator('h1').innerText()).toBe('Punchout abbrechen?');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'punchout-cancel-confirm-phone-de');
    await page.getByRole('link', { name: 'Nein, zurück zum Warenkorb' }).click();
    await page.waitForURL(/\/cart$/);
    expect(await page.locator('tr[data-offer-id="paper-1-a"]').count()).toBe(1);
    await context.close();
  });

  it('works without JavaScript: the transfer page shows a button that posts the cart', async () => {
    const { page } = await newPage(DESKTOP, false);
    await page.goto(await startUrl('paper-1', '/nojs'));
    await addToCart(page, 'paper-1-a', 3);
    await page.getByRole('button', { name: 'Transfer to procurement' }).click();
    // The page says what it does and what it sends: the lines of the form, net, and their total.
    expect(await page.locator('h1').innerText()).toBe('Sending your cart');
    const summary = page.locator('table.punchout-sent-lines');
    expect(await page.locator('.punchout-sent h2').innerText()).toBe('What is sent: 1 line');
    const cells = await summary
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())),
      );
    expect(cells).toEqual([['Copy paper A4, 80 g, 500 sheets', '3', '€5.99', '€17.97']]);
    expect(await summary.locator('tfoot').innerText()).toMatch(/Net total \(EUR\)\s+€17\.97/);
    await saveScreenshot(page, 'punchout-transfer-desktop-en');
    await page.getByRole('button', { name: 'Send the cart now' }).click();
    const post = await hook.next();
    expect(post.url).toBe('/nojs');
    const posted = new Map(post.fields);
    expect(posted.get('NEW_ITEM-QUANTITY[1]')).toBe('3');
    expect(posted.get('NEW_ITEM-PRICE[1]')).toBe('5.99');
  });

  // Without JavaScript (axe needs it), so the page stays and is read before it is sent.
  it('the transfer page in German on a phone: its title and what it sends', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'de-DE', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(await startUrl('paper-1', '/nojs-de'));
    await page.locator('[data-offer-id="paper-1-a"]').getByLabel('Menge').fill('2');
    await page
      .locator('[data-offer-id="paper-1-a"]')
      .getByRole('button', { name: 'In den Warenkorb' })
      .click();
    await page.waitForURL(/done=added$/);
    await page.getByRole('button', { name: 'An Beschaffung übertragen' }).click();
    expect(await page.locator('h1').innerText()).toBe('Warenkorb wird gesendet');
    expect(await page.locator('.punchout-sent h2').innerText()).toBe('Was gesendet wird: 1 Position');
    expect(await page.locator('table.punchout-sent-lines tfoot').innerText()).toContain('11,98');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'punchout-transfer-phone-de');
    await context.close();
  });

  it('a replayed start URL shows "already used" and no shop, in another browser too', async () => {
    const url = await startUrl('pen-1');
    const first = await newPage();
    await first.page.goto(url);
    expect(await first.page.locator('[data-offer-id]').count()).toBeGreaterThan(0);
    const second = await newPage();
    const response = await second.page.goto(url);
    expect(response?.status()).toBe(410);
    expect(await second.page.locator('h1').textContent()).toBe('This link was already used');
    expect(await second.page.locator('[data-offer-id], form').count()).toBe(0);
  });

  it('an expired session returns an empty cart', async () => {
    const { page } = await newPage();
    await page.goto(await startUrl('paper-1', '/expired'));
    await addToCart(page, 'paper-1-a', 1);
    clock.advanceSeconds(3601);
    try {
      await page.reload();
      expect(await page.locator('h1').textContent()).toBe('Your punchout session has expired');
      await page.getByRole('button', { name: 'Return to procurement' }).click();
      const post = await hook.next();
      expect(post.url).toBe('/expired');
      expect(post.fields).toEqual([]);
    } finally {
      clock.set(start);
    }
  });

  it('refuses a blocked offer posted with its disabled attributes stripped', async () => {
    const { page } = await newPage();
    await page.goto(await startUrl('pen-1'));
    await offer(page, 'pen-1-b').evaluate((card) =>
      card.querySelectorAll('[disabled]').forEach((el) => el.removeAttribute('disabled')),
    );
    await offer(page, 'pen-1-b').getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForLoadState();
    expect(await page.locator('.notice.error').first().textContent()).toContain('blocked');
    expect(await page.locator('[data-cart-count]').getAttribute('data-cart-count')).toBe('0');
  });

  it('renders hostile product names, vendors and callback URLs as text; nothing executes; the posted values are byte-exact', async () => {
    const { page, dialogs } = await newPage();
    const hostileHook = `/x?q="><script>alert(4)</script>&'a'=<img/src/onerror=alert(5)>`;
    await page.goto(await startUrl('xss-1', hostileHook));
    expect(await page.locator('h1').textContent()).toBe(XSS_NAME);
    expect(await offer(page, 'xss-1-a').locator('.punchout-vendor').textContent()).toBe(XSS_VENDOR);
    await addToCart(page, 'xss-1-a', 2);
    await page.getByRole('button', { name: 'Transfer to procurement' }).click();
    const post = await hook.next();
    // The browser percent-encodes what a URL cannot carry; decoded, it is the query as given.
    expect(decodeURIComponent(post.url)).toBe(hostileHook);
    const fields = new Map(post.fields);
    expect(fields.get('NEW_ITEM-DESCRIPTION[1]')).toBe(Array.from(XSS_NAME).slice(0, 40).join(''));
    expect(fields.get('NEW_ITEM-VENDORMAT[1]')).toBe(`"'<>&`);
    expect(fields.get('NEW_ITEM-LONGTEXT_1:132[]')).toBe(
      `${XSS_NAME}\r\nVendor: ${XSS_VENDOR}\r\nCondition: new\r\n- <script>alert(3)</script>`,
    );
    await page.waitForTimeout(200);
    expect(dialogs).toEqual([]);
  });

  it('passes axe and looks right on a phone (screenshots of product, search and cart)', async () => {
    const { page, dialogs } = await newPage(PHONE);
    await page.goto(await startUrl('pen-1'));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'punchout-product-phone');
    await addToCart(page, 'pen-1-a', 12);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // The quantity box is labelled on the card, as every other cell.
    const quantityLabel = await page
      .locator('tr[data-offer-id="pen-1-a"] td.punchout-quantity-cell')
      .evaluate((td) => getComputedStyle(td, '::before').content);
    expect(quantityLabel).toBe('"Quantity"');
    // Each total is one band: label and amount on one line, same background, the amount at the right edge.
    const bands = await page
      .locator('table.punchout-cart tfoot tr:not(.punchout-vat-missing)')
      .evaluateAll((rows) =>
        rows.map((row) => {
          const [label, amount] = [row.querySelector('th'), row.querySelector('td.number')] as HTMLElement[];
          const [r, l, a] = [row, label, amount].map((e) => e.getBoundingClientRect());
          return {
            oneLine: Math.abs(l.top - a.top) < 2 && l.right <= a.left,
            amountAtRightEdge: Math.abs(r.right - a.right) < 2,
            sameBackground:
              getComputedStyle(label).backgroundColor === getComputedStyle(amount).backgroundColor,
          };
        }),
      );
    expect(bands.length).toBeGreaterThan(0);
    for (const band of bands)
      expect(band).toEqual({ oneLine: true, amountAtRightEdge: true, sameBackground: true });
    await saveScreenshot(page, 'punchout-cart-phone');
    await page.getByLabel('Search the catalog').fill('pen');
    await Promise.all([
      page.waitForURL(/\/search\?query=pen/),
      page.getByRole('button', { name: 'Search' }).click(),
    ]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'punchout-search-phone');
    // Keyboard: the quantity field and the add button are reachable with Tab and show a focus ring.
    await page.goto(page.url().replace(/\/search\?.*$/, ''));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('skip-link');
    expect(dialogs).toEqual([]);
  });

  it('speaks German from Accept-Language', async () => {
    const context = await browser.newContext({
      locale: 'de-DE',
      extraHTTPHeaders: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    const page = await context.newPage();
    await page.goto(await startUrl('paper-1'));
    await page
      .locator('[data-offer-id="paper-1-a"]')
      .getByRole('button', { name: 'In den Warenkorb' })
      .click();
    await page.waitForURL(/done=added$/);
    expect(await page.getByRole('button', { name: 'An Beschaffung übertragen' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Abbrechen', exact: true }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await saveScreenshot(page, 'punchout-cart-de-desktop');
  });

  describe('the OCI call-up', () => {
    /**
     * Adds 10 pens and 2 packs of paper, transfers, waits until the browser has posted to the HOOK_URL
     * (`hookPath`, one per entry), and answers the fields that arrived there.
     */
    async function shopAndTransfer(page: Page, hookPath: string): Promise<Array<[string, string]>> {
      await addToCart(page, 'pen-1-a', 10);
      await page.goto(page.url().replace(/\/cart\?.*$/, '/product/paper-1'));
      await addToCart(page, 'paper-1-a', 2);
      await Promise.all([
        page.waitForURL((url) => url.href.startsWith(hook.origin)),
        page.getByRole('button', { name: 'Transfer to procurement' }).click(),
      ]);
      const post = hook.posts.filter((p) => p.url === hookPath).pop();
      if (!post) throw new Error(`nothing was posted to ${hookPath}`);
      return post.fields;
    }

    it('opens the call-up URL in the shop, adds, transfers: the HOOK_URL gets the same fields as through the REST entry', async () => {
      const { page, dialogs } = await newPage();
      await page.goto(callUp({ PRODUCTID: 'pen-1', HOOK_URL: `${hook.origin}/sap/callup?sap-client=100` }));
      expect(page.url()).toMatch(/\/punchout\/s\/psk_[A-Za-z0-9_-]{43}\/product\/pen-1$/);
      const viaCallup = await shopAndTransfer(page, '/sap/callup?sap-client=100');

      await page.goto(await startUrl('pen-1', '/sap/rest?sap-client=100&~TARGET=_top'));
      const viaRest = await shopAndTransfer(page, '/sap/rest?sap-client=100&~TARGET=_top');
      expect(viaCallup.length).toBeGreaterThan(20);
      // The same fields but the line keys, which each transfer draws anew.
      expect(withoutLineKeys(viaCallup)).toEqual(withoutLineKeys(viaRest));
      // The call-up's session is recorded as such (the clock of this file moves: no ordering by time).
      const callupSessions = await t.prisma.punchoutSession.findMany({
        where: { protocol: 'oci-callup', status: 'TRANSFERRED' },
      });
      expect(callupSessions.map((s) => s.returnedFields)).toContainEqual(viaCallup);
      expect(dialogs).toEqual([]);
    });

    it('BACKGROUND_SEARCH answers a form that the browser does not submit', async () => {
      const { page } = await newPage();
      const posts = hook.posts.length;
      await page.goto(
        callUp({ FUNCTION: 'BACKGROUND_SEARCH', SEARCHSTRING: 'paper', HOOK_URL: `${hook.origin}/bg` }),
      );
      await page.waitForTimeout(500);
      expect(hook.posts.length).toBe(posts);
      expect(await page.locator('input[name="NEW_ITEM-EXT_PRODUCT_ID[1]"]').getAttribute('value')).toBe(
        'paper-1',
      );
    });

    for (const [lang, headers] of [
      ['en', { 'accept-language': 'en-US,en;q=0.9' }],
      ['de', { 'accept-language': 'de-DE,de;q=0.9' }],
    ] as const) {
      for (const [device, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        it(`start page and DETAIL (no cart controls) pass axe, ${lang}, ${device}: screenshots`, async () => {
          const context = await browser.newContext({ viewport, locale: lang, extraHTTPHeaders: headers });
          const page = await context.newPage();
          const dialogs = failOnDialogs(page);
          await page.goto(callUp({ HOOK_URL: `${hook.origin}/sap/hook` }));
          expect(page.url()).toMatch(/\/punchout\/s\/psk_[A-Za-z0-9_-]{43}$/);
          expect(await page.locator('html').getAttribute('lang')).toBe(lang);
          expect(await page.locator('.punchout-preferred [data-product-id="paper-1"]').count()).toBe(1);
          // What the guidance prefers besides products, in the page's language; a brand is a search.
          const preference = (key: string) =>
            page.locator(`[data-preference="${key}"] dd li`).allInnerTexts();
          expect(await preference('vendors')).toEqual(['Paper Palace']);
          expect(await preference('brands')).toEqual(['Stabilo']);
          expect(await preference('categories')).toEqual([lang === 'de' ? 'Monitore' : 'Monitors']);
          expect(await page.locator('[data-preference="brands"] a').getAttribute('href')).toMatch(
            /\/search\?query=Stabilo$/,
          );
          expect(await page.locator('.punchout-no-preferences').count()).toBe(0);
          // The way back to the procurement system is in the header.
          const back = page.locator('header .punchout-header-cancel button');
          expect(await back.innerText()).toBe(lang === 'de' ? 'Abbrechen und zurück' : 'Cancel and return');
          expect(await seriousAccessibilityViolations(page)).toEqual([]);
          await saveScreenshot(page, `oci-start-${lang}-${device}`);
          if (lang === 'en' && device === 'desktop') {
            // With an empty cart it returns at once: the empty cart goes to the HOOK_URL.
            const before = hook.posts.length;
            await Promise.all([page.waitForURL((url) => url.href.startsWith(hook.origin)), back.click()]);
            expect(hook.posts.length).toBe(before + 1);
            expect(hook.posts[before].url).toBe('/sap/hook');
            expect(hook.posts[before].fields).toEqual([]);
          }

          await page.goto(
            callUp({ FUNCTION: 'DETAIL', PRODUCTID: 'pen-1', HOOK_URL: `${hook.origin}/sap/hook` }),
          );
          expect(await page.locator('[data-offer-id="pen-1-a"]').count()).toBe(1);
          expect(await page.locator('[data-offer-id="pen-1-b"][data-blocked="true"]').count()).toBe(1);
          expect(await page.locator('form').count()).toBe(0);
          expect(await page.locator('input, button').count()).toBe(0);
          expect(await page.locator('a[href*="/cart"]').count()).toBe(0);
          expect(await seriousAccessibilityViolations(page)).toEqual([]);
          await saveScreenshot(page, `oci-detail-${lang}-${device}`);
          expect(dialogs).toEqual([]);
          await context.close();
        });
      }
    }
  });
});
