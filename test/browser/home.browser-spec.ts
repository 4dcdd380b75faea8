import { Browser } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

const VERSION = (
  JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string }
).version;

/** `GET /` was a JSON 404: a person who opened the gateway's address learned nothing. */
describeWithBrowser('the front door at /', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('answers an HTML page with our page headers', async () => {
    const response = await fetch(`${t.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it.each([
    ['en-US', 'Marketplace Procurement Gateway', 'API documentation', 'Compliance console'],
    ['de-DE', 'Marketplace Procurement Gateway', 'API-Dokumentation', 'Compliance-Konsole'],
  ])(
    'says what the gateway is and where to go (%s), at desktop and phone width',
    async (locale, title, docs, console) => {
      for (const [width, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const context = await browser.newContext({ viewport, locale });
        const page = await context.newPage();
        const dialogs = failOnDialogs(page);
        const response = await page.goto(`${t.baseUrl}/`);
        expect(response?.status()).toBe(200);
        expect(await page.locator('h1').innerText()).toBe(title);
        expect(await page.locator('.home-version').innerText()).toContain(VERSION);
        const links = await page
          .locator('.home-links a')
          .evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
        expect(links).toEqual([
          [docs, '/docs'],
          [console, '/audit/console'],
          [expect.any(String), '/test-bench'],
          [expect.any(String), '/readyz'],
        ]);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await saveScreenshot(page, `home-${width}-${locale.slice(0, 2)}`);
        expect(dialogs).toEqual([]);
        await context.close();
      }
    },
  );
});
