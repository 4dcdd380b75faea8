import { Browser, Page } from 'playwright-core';
import { createCatalog, ProductSpec } from '../factories/catalog.factory';
import { organizationWithTokens } from '../factories/guidance.factory';
import { onTestApp, startPunchout } from '../factories/punchout.factory';
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

const CATALOG: ProductSpec[] = [
  {
    id: 'terminal',
    name: 'Durchgangsklemme 2,5 mm² grau',
    brand: 'Klemmen Krause',
    categoryId: 'desk-accessories',
    offers: [{ id: 'terminal-a', price: '12.40', vendor: 'Klemmen Krause', vatRate: '19', unit: 'PK' }],
  },
];

/** 45 features in two languages: the page shows 30, then "15 more". */
const FACTS = [
  {
    name: { de: 'Nennquerschnitt', en: 'Rated cross-section' },
    values: [{ de: '2,5', en: '2.5' }],
    unit: 'MMK',
  },
  {
    name: { de: 'Bemessungsspannung', en: 'Rated voltage' },
    values: [{ de: '800', en: '800' }],
    unit: 'VLT',
  },
  { name: { de: 'Farbe', en: 'Colour' }, values: [{ de: 'grau', en: 'grey' }], unit: null },
  ...Array.from({ length: 42 }, (_, i) => ({
    name: { de: `Merkmal ${i + 4}`, en: `Feature ${i + 4}` },
    values: [{ de: `Wert ${i + 4}`, en: `Value ${i + 4}` }],
    unit: null,
  })),
];

describeWithBrowser('catalog facts and units on the shop product page', () => {
  let t: TestApp;
  let browser: Browser;
  let buyer: string;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, CATALOG);
    await t.prisma.product.update({ where: { id: 'terminal' }, data: { facts: FACTS } });
    await t.prisma.offer.update({
      where: { id: 'terminal-a' },
      data: { contentUnit: 'C62', contentPerOrderUnit: '100', quantityMin: 2, quantityInterval: 2 },
    });
    buyer = (await organizationWithTokens(t.prisma)).buyer;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function productPage(locale: string, viewport = DESKTOP): Promise<{ page: Page; dialogs: string[] }> {
    const { status, body } = await startPunchout(t.baseUrl, buyer, 'terminal', {
      callbackUrl: 'https://srm.example.com/hook',
    });
    expect(status).toBe(201);
    const context = await browser.newContext({ viewport, locale });
    const page = await context.newPage();
    const dialogs = failOnDialogs(page);
    await page.goto(onTestApp(body.redirectUrl, t.baseUrl));
    await page.goto(page.url().replace(/\/punchout\/s\/([^/?]+).*$/, '/punchout/s/$1/product/terminal'));
    return { page, dialogs };
  }

  for (const [locale, viewport, size, expected] of [
    [
      'de-DE',
      DESKTOP,
      'desktop',
      { first: 'Nennquerschnitt 2,5 mm²', more: '15 weitere', unit: 'pro Packung mit 100 Stück' },
    ],
    [
      'en-US',
      DESKTOP,
      'desktop',
      { first: 'Rated cross-section 2.5 mm²', more: '15 more', unit: 'per pack of 100 pieces' },
    ],
    [
      'de-DE',
      PHONE,
      'phone',
      { first: 'Nennquerschnitt 2,5 mm²', more: '15 weitere', unit: 'pro Packung mit 100 Stück' },
    ],
    [
      'en-US',
      PHONE,
      'phone',
      { first: 'Rated cross-section 2.5 mm²', more: '15 more', unit: 'per pack of 100 pieces' },
    ],
  ] as const) {
    it(`shows 30 facts, "${expected.more}" folded, the pack and the quantity steps (${locale}, ${size})`, async () => {
      const { page, dialogs } = await productPage(locale, viewport);
      const rows = page.locator('.punchout-overview').first().locator('tr');
      expect(await rows.count()).toBe(30);
      expect((await rows.first().innerText()).replace(/\s+/g, ' ').trim()).toBe(expected.first);
      const more = page.locator('details.punchout-overview-more');
      expect(await more.locator('summary').innerText()).toBe(expected.more);
      expect(await more.locator('tr').first().isVisible()).toBe(false);
      await more.locator('summary').click();
      expect(await more.locator('tr').count()).toBe(15);
      expect(await more.locator('tr').first().isVisible()).toBe(true);
      expect(await page.locator('.punchout-offer').innerText()).toContain(expected.unit);

      // The browser itself holds the buyer to the steps (the server refuses as well: e2e tests).
      const quantity = page.locator('[data-offer-id="terminal-a"] input[name="quantity"]');
      expect([await quantity.getAttribute('min'), await quantity.getAttribute('step')]).toEqual(['2', '2']);
      await quantity.fill('3');
      expect(await quantity.evaluate((input: HTMLInputElement) => input.validity.stepMismatch)).toBe(true);
      await quantity.fill('4');
      expect(await quantity.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);

      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, `catalog-facts-product-${size}-${locale.slice(0, 2)}`);
      expect(dialogs).toEqual([]);
      await page.context().close();
    });
  }
});
