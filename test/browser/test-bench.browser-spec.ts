import { Browser, BrowserContext } from 'playwright-core';
import { ClientsService } from '../../src/oauth/clients.service';
import { createCatalog } from '../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../factories/identity.factory';
import { PUNCHOUT_CATALOG } from '../factories/punchout.factory';
import {
  describeWithBrowser,
  DESKTOP,
  failOnDialogs,
  launchBrowser,
  PHONE,
  saveScreenshot,
  seriousAccessibilityViolations,
} from '../support/browser';
import { startTestApp, TestApp } from '../support/test-app';

/** The tests' PUBLIC_URL: the bench's HOOK_URL lives there, so the browser is routed to the test app. */
const PUBLIC_URL = 'http://gateway.test';

describeWithBrowser('punchout test bench in Chromium: call-up, shop, and the bench receiver', () => {
  let t: TestApp;
  let browser: Browser;
  let customer: { clientId: string; punchoutSecret: string; email: string };

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(t.prisma);
    const { clientId } = await createClient(t.prisma, organization, { callbackOrigins: [PUBLIC_URL] });
    const { punchoutSecret } = await t.app.get(ClientsService).setPunchoutSecret(clientId, { label: 'test' });
    const buyer = await createUser(t.prisma, organization, { email: `bench-${clientId}@example.com` });
    customer = { clientId, punchoutSecret, email: buyer.email };
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A browser whose requests to the public address reach the test app (as a proxy in front would). */
  async function context(locale: string, viewport = DESKTOP): Promise<BrowserContext> {
    const ctx = await browser.newContext({ viewport, locale });
    await ctx.route(`${PUBLIC_URL}/**`, async (route) => {
      const url = route.request().url().replace(PUBLIC_URL, t.baseUrl);
      // Sent on to the test app while the browser keeps the public address (redirects resolve against it).
      await route.continue({ url });
    });
    return ctx;
  }

  async function fillBench(page: import('playwright-core').Page, fields: Record<string, string>) {
    await page.locator('#bench-username').fill(customer.clientId);
    await page.locator('#bench-password').fill(customer.punchoutSecret);
    await page.locator('#bench-email').fill(customer.email);
    for (const [id, value] of Object.entries(fields)) {
      if (id === 'bench-function') await page.locator(`#${id}`).selectOption(value);
      else await page.locator(`#${id}`).fill(value);
    }
  }

  it('opens the shop through the call-up; the transferred cart arrives at the bench receiver as a table', async () => {
    const ctx = await context('en-US');
    const page = await ctx.newPage();
    const dialogs = failOnDialogs(page);
    await page.goto(`${t.baseUrl}/test-bench`);
    expect(await page.locator('h1').innerText()).toBe('Punchout test bench');
    expect(await page.locator('input[name="HOOK_URL"]').inputValue()).toBe(
      `${PUBLIC_URL}/test-bench/receiver`,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Every field the integrator types in is styled as the other pages' fields (border, touch height).
    const unstyled = await page
      .locator('.test-bench-form input:not([type="hidden"]), .test-bench-form select')
      .evaluateAll((fields) =>
        fields
          .map((field) => ({ id: field.id, style: getComputedStyle(field) }))
          .filter(({ style }) => style.borderTopWidth !== '2px' || parseFloat(style.minHeight) < 44)
          .map(({ id }) => id),
      );
    expect(unstyled).toEqual([]);
    await saveScreenshot(page, 'test-bench-desktop-en');

    await fillBench(page, { 'bench-product': 'paper-1' });
    await Promise.all([
      page.waitForURL(/\/punchout\/s\/psk_/),
      page.getByRole('button', { name: 'Open the punchout' }).click(),
    ]);
    const offer = page.locator('[data-offer-id="paper-1-a"]');
    await offer.getByLabel('Quantity').fill('3');
    await Promise.all([
      page.waitForURL(/done=added$/),
      offer.getByRole('button', { name: 'Add to cart' }).click(),
    ]);
    await Promise.all([
      page.waitForURL(`${PUBLIC_URL}/test-bench/receiver`),
      page.getByRole('button', { name: 'Transfer to procurement' }).click(),
    ]);
    await page.locator('h1', { hasText: 'What the procurement system received' }).waitFor();
    const line = page.locator('[data-line="1"] tbody tr');
    const rows = new Map(
      (await line.evaluateAll((trs) =>
        trs.map((tr) => [tr.children[0].textContent, tr.children[1].textContent]),
      )) as Array<[string, string]>,
    );
    expect(rows.get('DESCRIPTION')).toBe('Copy paper A4, 80 g, 500 sheets');
    expect(rows.get('QUANTITY')).toBe('3');
    expect(rows.get('EXT_PRODUCT_ID')).toBe('paper-1');
    // Every field of line 1 is in its table, those whose names carry digits too (offer id, VAT rate).
    expect(rows.get('CUST_FIELD5')).toBe('paper-1-a');
    const posted = [
      ...new URLSearchParams((await page.locator('.test-bench-raw').last().textContent()) ?? ''),
    ];
    const lineOne = posted.filter(([name]) => /\[1\]$|^NEW_ITEM-LONGTEXT_1:/.test(name));
    expect(lineOne.length).toBeGreaterThanOrEqual(10);
    expect(rows.size).toBe(lineOne.length);
    // The time says its zone.
    expect(await page.locator('main p.muted').first().innerText()).toMatch(/^Received .+ UTC · 1 line$/);
    expect(await page.locator('.test-bench-raw').textContent()).toContain('NEW_ITEM-QUANTITY%5B1%5D=3');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'test-bench-receiver-desktop-en');
    expect(dialogs).toEqual([]);
    await ctx.close();
  });

  it('answers VALIDATE inline: its auto-submitted form reaches the receiver; German on a phone', async () => {
    const ctx = await context('de-DE', PHONE);
    const page = await ctx.newPage();
    await page.goto(`${t.baseUrl}/test-bench`);
    expect(await page.locator('h1').innerText()).toBe('Punchout-Testumgebung');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'test-bench-phone-de');
    await fillBench(page, { 'bench-function': 'VALIDATE', 'bench-product': 'pen-1', 'bench-quantity': '12' });
    await Promise.all([
      page.waitForURL(`${PUBLIC_URL}/test-bench/receiver`),
      page.getByRole('button', { name: 'Punchout öffnen', exact: true }).click(),
    ]);
    await page.locator('h1', { hasText: 'Was das Beschaffungssystem empfangen hat' }).waitFor();
    expect(await page.locator('[data-line]').count()).toBe(1);
    const quantity = await page
      .locator('[data-line="1"] tr', { hasText: 'QUANTITY' })
      .locator('td')
      .innerText();
    expect(quantity).toBe('12');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'test-bench-receiver-phone-de');
    await ctx.close();

    const english = await (await context('en-US', PHONE)).newPage();
    await english.goto(`${t.baseUrl}/test-bench`);
    await saveScreenshot(english, 'test-bench-phone-en');
    const german = await (await context('de-DE')).newPage();
    await german.goto(`${t.baseUrl}/test-bench/receiver`);
    expect(await german.locator('main').innerText()).toContain('Hier wurde noch nichts empfangen');
    await german.goto(`${t.baseUrl}/test-bench`);
    await saveScreenshot(german, 'test-bench-desktop-de');
  });

  it('says why a cXML setup was refused (wrong secret), on the bench page', async () => {
    const ctx = await context('de-DE');
    const page = await ctx.newPage();
    await page.goto(`${t.baseUrl}/test-bench`);
    await page.locator('#cxml-identity').fill(customer.clientId);
    await page.locator('#cxml-secret').fill('mpgp_wrong');
    await page.locator('#cxml-email').fill(customer.email);
    await page.getByRole('button', { name: 'cXML-Punchout öffnen' }).click();
    await page.locator('[role="alert"]').waitFor();
    expect(await page.locator('[role="alert"]').innerText()).toContain('Das Setup wurde abgelehnt: 401');
    await ctx.close();
  });

  it('is off in production unless switched on: its addresses are the 404 page', async () => {
    const off = await startTestApp({ env: { TEST_BENCH: 'false' } });
    try {
      for (const path of ['/test-bench', '/test-bench/receiver']) {
        const response = await fetch(`${off.baseUrl}${path}`, { headers: { accept: 'text/html' } });
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toContain('text/html');
        expect(await response.text()).toContain('Page not found');
      }
    } finally {
      await off.close();
    }
  });
});
