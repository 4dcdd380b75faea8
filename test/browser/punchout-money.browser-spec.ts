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
import { HookReceiver, startHookReceiver } from '../support/hook-receiver';
import { addInBrowser } from '../support/punchout-pages';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Net and gross quotes in one cart: the cart shows net lines, VAT per rate and the gross total, and
 * the transfer carries net unit prices. Figures computed by hand:
 *   chair  82.80 net, 19%                        -> line  82.80
 *   desk  135.00 incl. 19% = 113.4454 net        -> line 113.45
 *   book   21.40 incl.  7% =  20.0000 net  x 2   -> line  40.00
 *   net 236.25; VAT 19% of 196.25 = 37.29 (37.2875); VAT 7% of 40.00 = 2.80; gross 276.34.
 * The defect this guards against summed the quoted figures: 82.80 + 135.00 + 42.80 = 260.60.
 */
const CATALOG: ProductSpec[] = [
  {
    id: 'money-chair',
    name: 'Money office chair',
    categoryId: 'desk-accessories',
    offers: [{ id: 'money-chair-a', price: '82.80', vendor: 'Net Furniture', vatRate: '19' }],
  },
  {
    id: 'money-desk',
    name: 'Money standing desk',
    categoryId: 'desk-accessories',
    offers: [
      { id: 'money-desk-a', price: '135.00', vendor: 'Gross Shop', vatRate: '19', priceIncludesVat: true },
    ],
  },
  {
    id: 'money-book',
    name: 'Money procurement handbook',
    categoryId: 'desk-accessories',
    offers: [
      { id: 'money-book-a', price: '21.40', vendor: 'Book Shop', vatRate: '7', priceIncludesVat: true },
    ],
  },
  {
    id: 'offset-press',
    name: 'Offset printing press',
    categoryId: 'desk-accessories',
    offers: [
      {
        id: 'offset-press-a',
        price: '100000000.00',
        vendor: 'Gross Shop',
        vatRate: '19',
        priceIncludesVat: true,
      },
    ],
  },
];

describeWithBrowser('punchout money in Chromium: net lines, VAT per rate, gross total, net transfer', () => {
  let t: TestApp;
  let browser: Browser;
  let hook: HookReceiver;
  let buyer: string;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, CATALOG);
    buyer = (await organizationWithTokens(t.prisma)).buyer;
    hook = await startHookReceiver();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await hook?.close();
    await t?.close();
  });

  async function openShop(locale: string, viewport = DESKTOP): Promise<{ page: Page; dialogs: string[] }> {
    const { status, body } = await startPunchout(t.baseUrl, buyer, 'money-chair', {
      callbackUrl: `${hook.origin}/hook`,
    });
    expect(status).toBe(201);
    const context = await browser.newContext({ viewport, locale });
    const page = await context.newPage();
    const dialogs = failOnDialogs(page);
    await page.goto(onTestApp(body.redirectUrl, t.baseUrl));
    return { page, dialogs };
  }

  const text = async (page: Page, selector: string) =>
    (await page.locator(selector).allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());

  it('shows net lines, VAT per rate and the gross total, and transfers net unit prices with their rate', async () => {
    const { page, dialogs } = await openShop('en-US');
    await addInBrowser(page, 'money-chair', 'money-chair-a', 1);
    await addInBrowser(page, 'money-desk', 'money-desk-a', 1);
    await addInBrowser(page, 'money-book', 'money-book-a', 2);

    expect(await text(page, 'tr[data-offer-id] .punchout-unit-price')).toEqual([
      '€82.80',
      '€113.45',
      '€20.00',
    ]);
    expect(await text(page, 'tr[data-offer-id] .punchout-vat-rate')).toEqual(['19%', '19%', '7%']);
    expect(await text(page, 'tr[data-offer-id] .punchout-line-total')).toEqual([
      '€82.80',
      '€113.45',
      '€40.00',
    ]);
    expect(await text(page, '.punchout-quoted-gross')).toEqual([
      'quoted €135.00 incl. 19% VAT',
      'quoted €21.40 incl. 7% VAT',
    ]);
    expect(await text(page, 'tfoot tr')).toEqual([
      'Net total (EUR) €236.25',
      'VAT 19% €37.29',
      'VAT 7% €2.80',
      'Total incl. VAT (EUR) €276.34',
    ]);
    expect(await text(page, '.punchout-total')).toEqual(['Total incl. VAT (EUR) €276.34']);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'punchout-cart-money-desktop-en');

    await page.getByRole('button', { name: 'Transfer to procurement' }).click();
    const fields = new Map((await hook.next()).fields);
    expect([1, 2, 3].map((n) => fields.get(`NEW_ITEM-PRICE[${n}]`))).toEqual(['82.80', '113.45', '20.00']);
    expect([1, 2, 3].map((n) => fields.get(`NEW_ITEM-CUST_FIELD1[${n}]`))).toEqual(['19', '19', '7']);
    expect(fields.get('NEW_ITEM-QUANTITY[3]')).toBe('2');
    expect(fields.get('NEW_ITEM-LONGTEXT_2:132[]')).toContain('VAT: 19% (price net)');
    expect(dialogs).toEqual([]);
  });

  it('shows net offer prices on the product page, naming a gross quote, in the page language', async () => {
    for (const [locale, expected] of [
      ['en-US', ['€113.45', '(excl. 19% VAT)', 'quoted €135.00 incl. 19% VAT']],
      ['de-DE', ['113,45 €', '(zzgl. 19 % MwSt.)', 'Angebotspreis 135,00 € inkl. 19 % MwSt.']],
    ] as const) {
      const { page } = await openShop(locale);
      const base = page.url().replace(/\/punchout\/s\/([^/?]+).*$/, '/punchout/s/$1');
      await page.goto(`${base}/product/money-desk`);
      const price = (
        await page.locator('[data-offer-id="money-desk-a"] .punchout-facts dd').first().innerText()
      )
        .replace(/\s+/g, ' ')
        .trim();
      for (const part of expected) expect(price).toContain(part);
      await saveScreenshot(page, `punchout-product-money-desktop-${locale.slice(0, 2)}`);
    }
  });

  it('lists search results by their net price, labelled, with a gross quote beside it, sorted by what they show', async () => {
    for (const [locale, viewport, size, expected] of [
      [
        'en-US',
        DESKTOP,
        'desktop',
        [
          '€20.00 (excl. 7% VAT) · quoted €21.40 incl. VAT',
          '€82.80 (excl. 19% VAT)',
          '€113.45 (excl. 19% VAT) · quoted €135.00 incl. VAT',
        ],
      ],
      [
        'de-DE',
        PHONE,
        'phone',
        [
          '20,00 € (zzgl. 7 % MwSt.) · Angebotspreis 21,40 € inkl. MwSt.',
          '82,80 € (zzgl. 19 % MwSt.)',
          '113,45 € (zzgl. 19 % MwSt.) · Angebotspreis 135,00 € inkl. MwSt.',
        ],
      ],
    ] as const) {
      const { page } = await openShop(locale, viewport);
      const base = page.url().replace(/\/punchout\/s\/([^/?]+).*$/, '/punchout/s/$1');
      await page.goto(`${base}/search?query=money&sort=price-asc`);
      const prices = await page.locator('.punchout-hit-body p:has(.punchout-hit-price)').evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll('.punchout-hit-price, .punchout-hit-basis, .punchout-hit-quoted')]
            .map((part) => (part as HTMLElement).innerText)
            .join('')
            .replace(/\s+/g, ' ')
            .trim(),
        ),
      );
      expect(prices).toEqual(expected);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, `punchout-search-money-${size}-${locale.slice(0, 2)}`);
    }
  });

  it('is exact to the cent at the largest quantity and price: 999,999 x EUR 100,000,000.00 incl. 19% VAT', async () => {
    const { page } = await openShop('en-US');
    await addInBrowser(page, 'offset-press', 'offset-press-a', 999_999);
    // 100,000,000.00 / 1.19 = 84,033,613.445... -> 84,033,613.45; x 999,999; 19% of that, half-up.
    expect(await text(page, 'tr[data-offer-id] .punchout-unit-price')).toEqual(['€84,033,613.45']);
    expect(await text(page, 'tfoot tr')).toEqual([
      'Net total (EUR) €84,033,529,416,386.55',
      'VAT 19% €15,966,370,589,113.44',
      'Total incl. VAT (EUR) €99,999,900,005,499.99',
    ]);
  });

  it('says the same in German, and fits a phone', async () => {
    const { page } = await openShop('de-DE', PHONE);
    await addInBrowser(page, 'money-desk', 'money-desk-a', 1);
    await addInBrowser(page, 'money-book', 'money-book-a', 2);
    expect(await text(page, 'tfoot tr')).toEqual([
      'Nettosumme (EUR) 153,45 €',
      'MwSt. 19 % 21,56 €',
      'MwSt. 7 % 2,80 €',
      'Gesamtsumme inkl. MwSt. (EUR) 177,81 €',
    ]);
    expect(await text(page, '.punchout-quoted-gross')).toEqual([
      'Angebotspreis 135,00 € inkl. 19 % MwSt.',
      'Angebotspreis 21,40 € inkl. 7 % MwSt.',
    ]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'punchout-cart-money-phone-de');
  });
});
