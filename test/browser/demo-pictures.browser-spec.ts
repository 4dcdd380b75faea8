import { Browser, Page } from 'playwright-core';
import { CatalogService } from '../../src/catalog/catalog.service';
import { demoProductId } from '../../src/catalog/demo/demo-catalog.generator';
import { organizationWithTokens } from '../factories/guidance.factory';
import { onTestApp, startPunchout } from '../factories/punchout.factory';
import {
  BROWSER_TEST_TIMEOUT_MS,
  describeWithBrowser,
  DESKTOP,
  launchBrowser,
  PHONE,
  saveScreenshot,
  seriousAccessibilityViolations,
} from '../support/browser';
import { startTestApp, TestApp } from '../support/test-app';

/** Whether every image in the list finished loading with pixels (an image the CSP refused has none). */
const allLoaded = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((imgs) =>
    imgs.map((img) => {
      const image = img as HTMLImageElement;
      return image.complete && image.naturalWidth > 0;
    }),
  );

describeWithBrowser('demo products with drawn pictures in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let buyer: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.get(CatalogService).generateDemo({ products: 200, seed: 1 });
    buyer = (await organizationWithTokens(t.prisma)).buyer;
    browser = await launchBrowser();
  }, BROWSER_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function open(productId: string, viewport: { width: number; height: number }) {
    const { status, body } = await startPunchout(t.baseUrl, buyer, productId, {
      callbackUrl: 'https://erp.example/hook',
    });
    expect(status).toBe(201);
    const page = await (await browser.newContext({ viewport, locale: 'en-US' })).newPage();
    // A picture the page's CSP refused is reported on the console; one the route refused is a 4xx.
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to load/.test(message.text())) refusals.push(message.text());
    });
    page.on('response', (response) => {
      if (response.url().includes('/images/') && response.status() >= 400)
        refusals.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(onTestApp(body.redirectUrl as string, t.baseUrl));
    return { page, refusals };
  }

  it('shows the product page gallery (front, angled, detail) and the search pictures, loaded, on desktop and phone', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, refusals } = await open(demoProductId(1, 10), viewport);
      const gallery = page.locator('.punchout-gallery img');
      expect(await gallery.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).toEqual([
        expect.stringMatching(/^\/images\/drawn\/[a-z-]+\/[0-9a-f]{6}\/front\/medium\.svg\?brand=/),
        expect.stringMatching(/\/angled\/medium\.svg\?brand=/),
        expect.stringMatching(/\/detail\/medium\.svg\?brand=/),
      ]);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.punchout-gallery img')].every(
          (img) => (img as HTMLImageElement).complete,
        ),
      );
      expect(await allLoaded(page, '.punchout-gallery img')).toEqual([true, true, true]);
      const alts = await gallery.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''));
      for (const alt of alts)
        expect(alt).toMatch(/\(.+, [a-z]+\), (front view|angled view|close-up of the label)$/);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, `demo-pictures-product-${viewport === PHONE ? 'phone' : 'desktop'}`);

      await page.goto(page.url().replace(/(\/punchout\/s\/[^/?]+).*$/, '$1/search?query=cable'));
      const hits = page.locator('.punchout-hit-image img');
      expect(await hits.count()).toBeGreaterThan(0);
      for (const img of await hits.all()) await img.scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.punchout-hit-image img')].every(
          (img) => (img as HTMLImageElement).complete,
        ),
      );
      const loaded = await allLoaded(page, '.punchout-hit-image img');
      expect(loaded.every(Boolean)).toBe(true);
      expect(
        await hits.evaluateAll((imgs) =>
          imgs.every((img) => /^\/images\/drawn\//.test(img.getAttribute('src') ?? '')),
        ),
      ).toBe(true);
      await saveScreenshot(page, `demo-pictures-search-${viewport === PHONE ? 'phone' : 'desktop'}`);
      expect(refusals).toEqual([]);
    }
  });
});
