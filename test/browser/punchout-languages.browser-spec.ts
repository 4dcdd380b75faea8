import { Browser, Page } from 'playwright-core';
import { CatalogService } from '../../src/catalog/catalog.service';
import { demoProductId } from '../../src/catalog/demo/demo-catalog.generator';
import { ClientsService } from '../../src/oauth/clients.service';
import { UserRole } from '../../src/generated/prisma/client';
import { addRules } from '../factories/guidance.factory';
import { createClient, createOrganization, createUser } from '../factories/identity.factory';
import { issueTestToken } from '../support/auth';
import {
  describeWithBrowser,
  DESKTOP,
  failOnDialogs,
  launchBrowser,
  PHONE,
  saveScreenshot,
} from '../support/browser';
import { startTestApp, TestApp } from '../support/test-app';

/** Demo products 88, 102 and 115 of seed 1 are keyboards: one German-stored, all named in both languages. */
const KEYBOARDS = [88, 102, 115].map((index) => demoProductId(1, index));
const HOOK = 'https://srm.example.com/hook';

describeWithBrowser("the shop in the buyer's language: start page, search and product page", () => {
  let t: TestApp;
  let browser: Browser;
  let callup: { clientId: string; punchoutSecret: string; email: string };

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.get(CatalogService).generateDemo({ products: 300, seed: 1 });
    const organization = await createOrganization(t.prisma);
    const { client, clientId } = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://srm.example.com'],
    });
    const user = await createUser(t.prisma, organization, { email: `buyer-${clientId}@firma.example` });
    const admin = await issueTestToken(
      t.prisma,
      await createUser(t.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] }),
      client,
    );
    await addRules(
      t.baseUrl,
      admin,
      KEYBOARDS.map((value) => ({ effect: 'preferred' as const, matcher: 'product' as const, value })),
    );
    const { punchoutSecret } = await t.app.get(ClientsService).setPunchoutSecret(clientId, { label: 'test' });
    callup = { clientId, punchoutSecret, email: user.email };
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** An OCI call-up without a product, in a browser of `locale`: the shop's start page. */
  async function openStart(locale: string, viewport = DESKTOP): Promise<{ page: Page; base: string }> {
    const context = await browser.newContext({ viewport, locale });
    const page = await context.newPage();
    const dialogs = failOnDialogs(page);
    const query = new URLSearchParams({
      USERNAME: callup.clientId,
      PASSWORD: callup.punchoutSecret,
      EMAIL: callup.email,
      HOOK_URL: HOOK,
    });
    await page.goto(`${t.baseUrl}/punchout/oci?${query.toString()}`);
    expect(dialogs).toEqual([]);
    return { page, base: page.url().replace(/\/punchout\/s\/([^/?]+).*$/, '/punchout/s/$1') };
  }

  const texts = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim() ?? ''));

  for (const [locale, language, query, foreign, basis] of [
    ['en-US', 'en', 'keyboard', /Tastatur|kabel|deutsch/, /^\(excl\. 19% VAT\)$/],
    ['de-DE', 'de', 'tastatur', /Keyboard|wired|German/, /^\(zzgl\. 19 % MwSt\.\)$/],
  ] as const) {
    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`${language} at ${width} width: names in ${language}, the preferred products' prices labelled as in search`, async () => {
        const { page, base } = await openStart(locale, viewport);
        const preferredNames = await texts(page, '.punchout-preferred .punchout-hit-name');
        expect(preferredNames).toHaveLength(KEYBOARDS.length);
        for (const name of preferredNames) expect(name).not.toMatch(foreign);
        // The start page says the price's basis as the search results do (net, with its VAT rate).
        const startBasis = await texts(page, '.punchout-preferred .punchout-hit-basis');
        expect(startBasis).toHaveLength(KEYBOARDS.length);
        for (const label of startBasis) expect(label).toMatch(basis);
        await saveScreenshot(page, `languages-start-${language}-${width}`);

        await page.goto(`${base}/search?query=${query}`);
        const hitNames = await texts(page, '.punchout-results .punchout-hit-name');
        expect(hitNames.length).toBeGreaterThan(3);
        for (const name of hitNames) expect(name).not.toMatch(foreign);
        for (const label of await texts(page, '.punchout-results .punchout-hit-basis'))
          expect(label).toMatch(basis);
        await saveScreenshot(page, `languages-search-${language}-${width}`);

        await page.goto(`${base}/product/${KEYBOARDS[0]}`);
        const title = (await page.locator('h1').first().innerText()).trim();
        // The product page names the product as the start page listed it (the same language).
        expect(preferredNames).toContain(title);
        expect(title).not.toMatch(foreign);
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        await saveScreenshot(page, `languages-product-${language}-${width}`);
        await page.context().close();
      });
    }
  }
});
