import { Browser, Page } from 'playwright-core';
import { createCatalog, ProductSpec } from '../factories/catalog.factory';
import { addRules, organizationWithTokens } from '../factories/guidance.factory';
import { onTestApp, startPunchout } from '../factories/punchout.factory';
import { bearer } from '../support/auth';
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

/**
 * 30 products with the word "searchpage": two brands, two categories, prices 5..150 EUR, one vendor
 * blocked by the organization's rules, one product with a minimum order quantity of 3. Enough for
 * two result pages, real facets and a blocked hit.
 */
const CATALOG: ProductSpec[] = Array.from({ length: 30 }, (_, i): ProductSpec => {
  const n = i + 1;
  return {
    id: `sp-${String(n).padStart(2, '0')}`,
    name: `Searchpage ${n % 2 === 0 ? 'cable' : 'adapter'} model ${n}`,
    categoryId: n % 3 === 0 ? 'peripherals' : 'cables',
    brand: n % 2 === 0 ? 'Kabelmax' : 'Linkwerk',
    starRating: (n % 5) + 0.5,
    ...(n === 2
      ? {
          manufacturer: 'Kabelmax GmbH',
          manufacturerPartNumber: 'KM-200',
          overview: { ean: '4006381333931', model: 'K-200', colour: 'black' },
          taxonomies: [{ type: 'unspsc', code: '26121600', version: 'UNv260801', displayName: 'Cables' }],
        }
      : {}),
    offers: [
      {
        price: (5 * n).toFixed(2),
        vendor: n === 4 ? 'Blocked Supplies' : 'Good Vendor',
        vatRate: '19',
        quantityMin: n === 7 ? 3 : null,
        deliveryDays: (n % 4) + 1,
      },
    ],
  };
});

interface ApiSearch {
  count: { value: number };
  data: Array<{ id: string; blocked?: boolean }>;
}

describeWithBrowser(
  'punchout search page in Chromium: the API search with pictures, filters and pages',
  () => {
    let t: TestApp;
    let browser: Browser;
    let buyer: string;

    beforeAll(async () => {
      t = await startTestApp();
      await createCatalog(t.prisma, CATALOG);
      const tokens = await organizationWithTokens(t.prisma);
      buyer = tokens.buyer;
      await addRules(t.baseUrl, tokens.admin, [
        { effect: 'blocked', matcher: 'vendor', value: 'Blocked Supplies', note: 'Not an approved supplier' },
      ]);
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await t?.close();
    });

    async function openShop(
      locale: string,
      viewport = DESKTOP,
    ): Promise<{ page: Page; base: string; dialogs: string[] }> {
      const { status, body } = await startPunchout(t.baseUrl, buyer, 'sp-01', {
        callbackUrl: 'https://erp.example/hook',
      });
      expect(status).toBe(201);
      const context = await browser.newContext({ viewport, locale });
      const page = await context.newPage();
      const dialogs = failOnDialogs(page);
      await page.goto(onTestApp(body.redirectUrl as string, t.baseUrl));
      const base = page.url().replace(/\/punchout\/s\/([^/?]+).*$/, '/punchout/s/$1');
      return { page, base, dialogs };
    }

    async function apiSearch(params: string, language = 'en'): Promise<ApiSearch> {
      const response = await fetch(`${t.baseUrl}/api/v1/marketplace/search?${params}`, {
        headers: { ...bearer(buyer), 'accept-language': language },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as ApiSearch;
    }

    const shownIds = (page: Page) =>
      page
        .locator('.punchout-results > li')
        .evaluateAll((items) => items.map((li) => li.getAttribute('data-product-id')));

    it('shows the API results in its order, with pictures, the count and numbered pages', async () => {
      const { page, base, dialogs } = await openShop('en-US');
      await page.goto(`${base}/search?query=searchpage`);
      const api = await apiSearch('query=searchpage');
      expect(api.count.value).toBe(30);
      expect(await shownIds(page)).toEqual(api.data.map((hit) => hit.id));
      expect(await page.locator('.punchout-result-count').innerText()).toBe('30 results');
      // Every hit has a picture the page may load: the gateway's own (its placeholder here), served.
      const sources = await page
        .locator('.punchout-hit-image img')
        .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? ''));
      expect(sources).toHaveLength(24);
      for (const src of sources) expect(src).toMatch(/^\/images\/products\/sp-\d\d\//);
      // Each picture says what it shows: the product's name when the catalog has no alt text.
      const pictures = await page.locator('.punchout-results > li').evaluateAll((items) =>
        items.map((li) => {
          const img = li.querySelector<HTMLImageElement>('.punchout-hit-image img');
          return {
            alt: img?.getAttribute('alt'),
            name: li.querySelector('.punchout-hit-name')?.textContent?.trim(),
          };
        }),
      );
      expect(pictures).toHaveLength(24);
      for (const { alt, name } of pictures) expect(alt).toBe(name);
      const picture = await page.request.get(`${t.baseUrl}${sources[0]}`);
      expect(picture.status()).toBe(200);
      expect(picture.headers()['content-type']).toContain('image/svg+xml');
      // The blocked hit says why and cannot be added; the others can.
      const blocked = page.locator('[data-product-id="sp-04"]');
      expect(await blocked.locator('.punchout-blocked-reason').innerText()).toContain('buying guidance');
      expect(await blocked.locator('button').count()).toBe(0);
      expect(await page.locator('.punchout-hit-add button').count()).toBe(23);

      const pages = await page.locator('.punchout-pagination ol li').allInnerTexts();
      expect(pages.map((p) => p.trim())).toEqual(['1', '2']);
      expect(await page.locator('.punchout-pagination [aria-current="page"]').innerText()).toBe('1');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'punchout-search-desktop-en');

      await Promise.all([page.waitForURL(/page=2/), page.getByRole('link', { name: 'Page 2' }).click()]);
      const second = await apiSearch('query=searchpage&page=2');
      expect(await shownIds(page)).toEqual(second.data.map((hit) => hit.id));
      expect(second.data).toHaveLength(6);
      expect(dialogs).toEqual([]);
    });

    it('filters as the API filters for the same parameters, and removes a filter again', async () => {
      const { page, base } = await openShop('en-US');
      await page.goto(`${base}/search?query=searchpage`);
      const brand = page.locator('.punchout-filters-column [data-facet="lbr_brands_browse-bin"] a', {
        hasText: 'Kabelmax',
      });
      await Promise.all([page.waitForURL(/lbr_brands_browse-bin=kabelmax/), brand.click()]);
      const filtered = await apiSearch('query=searchpage&lbr_brands_browse-bin=kabelmax');
      expect(filtered.count.value).toBe(15);
      expect(await shownIds(page)).toEqual(filtered.data.map((hit) => hit.id));
      expect(await page.locator('.punchout-result-count').innerText()).toBe('15 results');

      // A second facet narrows further (AND), exactly as the API does.
      // Categories narrow from the root: the root first, then its child (AND with the brand).
      const root = page.locator('.punchout-filters-column [data-facet="category"] a', {
        hasText: 'IT and cables',
      });
      await Promise.all([page.waitForURL(/category=it/), root.click()]);
      const child = page.locator('.punchout-filters-column [data-facet="category"] a', {
        hasText: 'Input devices',
      });
      await Promise.all([page.waitForURL(/category=peripherals/), child.click()]);
      const both = await apiSearch('query=searchpage&lbr_brands_browse-bin=kabelmax&category=peripherals');
      expect(both.count.value).toBe(5);
      expect(await shownIds(page)).toEqual(both.data.map((hit) => hit.id));
      const chips = (await page.locator('.punchout-chips .chip').allInnerTexts()).map((c) =>
        c.replace(/\s+/g, ' ').trim(),
      );
      expect(chips).toHaveLength(2);
      expect(chips[0]).toContain('Kabelmax');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'punchout-search-filtered-desktop-en');

      await Promise.all([
        page.waitForURL((url) => !url.search.includes('kabelmax')),
        page.locator('.punchout-chips .chip', { hasText: 'Kabelmax' }).click(),
      ]);
      const categoryOnly = await apiSearch('query=searchpage&category=peripherals');
      expect(await shownIds(page)).toEqual(categoryOnly.data.map((hit) => hit.id));
    });

    it('sorts as the API sorts for the same parameters, keeping the filters', async () => {
      const { page, base } = await openShop('en-US');
      await page.goto(`${base}/search?query=searchpage&lbr_brands_browse-bin=linkwerk`);
      for (const [label, sort] of [
        ['Price: high to low', 'price-desc'],
        ['Best rated', 'rating'],
        ['Fastest delivery', 'delivery'],
        ['Price: low to high', 'price-asc'],
      ] as const) {
        await Promise.all([
          page.waitForURL(new RegExp(`sort=${sort}`)),
          page.locator('.punchout-sorts a', { hasText: label }).click(),
        ]);
        const api = await apiSearch(`query=searchpage&lbr_brands_browse-bin=linkwerk&sort=${sort}`);
        expect(await shownIds(page)).toEqual(api.data.map((hit) => hit.id));
        expect(await page.locator('.punchout-sorts [aria-current]').innerText()).toBe(label);
      }
      // Cheapest first: the prices on the page go up.
      const prices = (await page.locator('.punchout-hit-price').allInnerTexts()).map((p) =>
        Number(p.replace(/[^\d.]/g, '')),
      );
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      // A filter chosen now keeps the order.
      const stock = page.locator('.punchout-filters-column [data-facet="availability"] a').first();
      await Promise.all([page.waitForURL(/availability=/), stock.click()]);
      expect(page.url()).toContain('sort=price-asc');
      await saveScreenshot(page, 'punchout-search-sorted-desktop-en');
    });

    it('adds a result to the cart at its minimum quantity, and refuses a blocked one posted by hand', async () => {
      const { page, base } = await openShop('en-US');
      await page.goto(`${base}/search?query=${encodeURIComponent('searchpage model 7')}`);
      const hit = page.locator('[data-product-id="sp-07"]');
      await Promise.all([page.waitForURL(/\/cart\?done=added$/), hit.getByRole('button').click()]);
      const row = page.locator('tr[data-offer-id="sp-07-o1"]');
      expect(await row.locator('input[name="quantity"]').inputValue()).toBe('3');

      // The blocked result has no button; a forged post of its product is refused on the server.
      const csrf = await page.locator('input[name="csrf"]').first().inputValue();
      const refused = await page.request.post(`${base}/cart/add`, {
        form: { csrf, productId: 'sp-04' },
        maxRedirects: 0,
      });
      expect(refused.status()).toBe(403);
      await page.goto(`${base}/cart`);
      expect(await page.locator('tr[data-offer-id="sp-04-o1"]').count()).toBe(0);
    });

    it('shows a product with its identification, overview, classification and picture, in both languages', async () => {
      for (const [locale, facts, overview] of [
        [
          'en-US',
          [
            'Brand',
            'Kabelmax',
            'Manufacturer',
            'Kabelmax GmbH',
            'Manufacturer part number',
            'KM-200',
            'EAN / GTIN',
            '4006381333931',
            'Product code',
            'CODE-sp-02',
          ],
          ['Model', 'K-200', 'Colour', 'black'],
        ],
        [
          'de-DE',
          [
            'Marke',
            'Kabelmax',
            'Hersteller',
            'Kabelmax GmbH',
            'Herstellerteilenummer',
            'KM-200',
            'EAN / GTIN',
            '4006381333931',
            'Artikelnummer',
            'CODE-sp-02',
          ],
          ['Modell', 'K-200', 'Farbe', 'black'],
        ],
      ] as const) {
        for (const viewport of [DESKTOP, PHONE]) {
          const { page, base } = await openShop(locale, viewport);
          await page.goto(`${base}/product/sp-02`);
          const cells = await page.locator('.punchout-product-facts > *').allInnerTexts();
          expect(cells.map((c) => c.trim())).toEqual([...facts]);
          const table = await page.locator('.punchout-overview th, .punchout-overview td').allInnerTexts();
          expect(table.map((c) => c.trim())).toEqual([...overview]);
          expect(await page.locator('.punchout-taxonomies').innerText()).toContain('UNSPSC 26121600');
          // Part number, EAN and product code are read as one piece: never broken across lines.
          const identifiers = await page.locator('.punchout-product-facts dd.identifier').evaluateAll((dds) =>
            dds.map((dd) => {
              // The lines the text takes: its fragments' distinct tops.
              const range = document.createRange();
              range.selectNodeContents(dd);
              const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              return { text: dd.textContent, lines: tops.size };
            }),
          );
          expect(identifiers.map((i) => i.text)).toEqual(['KM-200', '4006381333931', 'CODE-sp-02']);
          for (const identifier of identifiers) expect(identifier.lines).toBe(1);
          const main = page.locator('.punchout-gallery-main');
          expect(await main.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          expect(await seriousAccessibilityViolations(page)).toEqual([]);
          await saveScreenshot(
            page,
            `punchout-product-${viewport === PHONE ? 'phone' : 'desktop'}-${locale.slice(0, 2)}`,
          );
        }
      }
    });

    it('helps when nothing matches, in German, and fits a phone', async () => {
      const { page, base } = await openShop('de-DE', PHONE);
      await page.goto(`${base}/search?query=searchpage`);
      expect(await page.locator('h1').innerText()).toBe('Ergebnisse für „searchpage“');
      expect(await page.locator('.punchout-result-count').innerText()).toBe('30 Treffer');
      // On a phone the filters are folded above the results.
      expect(await page.locator('.punchout-filters-column').isVisible()).toBe(false);
      expect(await page.locator('.punchout-filters-folded summary').innerText()).toBe('Filter');
      let overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'punchout-search-phone-de');
      await page.locator('.punchout-filters-folded summary').click();
      await saveScreenshot(page, 'punchout-search-filters-phone-de');

      await page.goto(`${base}/search?query=zzkeinetreffer`);
      expect(await page.locator('.punchout-no-results').innerText()).toContain('Prüfen Sie die Schreibweise');
      overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'punchout-search-empty-phone-de');

      const desktop = await openShop('de-DE');
      await desktop.page.goto(`${desktop.base}/search?query=searchpage`);
      await saveScreenshot(desktop.page, 'punchout-search-desktop-de');
      const english = await openShop('en-US', PHONE);
      await english.page.goto(`${english.base}/search?query=searchpage`);
      await saveScreenshot(english.page, 'punchout-search-phone-en');
    });
  },
);
