import { Browser, Page } from 'playwright-core';
import { UserRole } from '../../src/generated/prisma/enums';
import { createOrganization, createUser } from '../factories/identity.factory';
import {
  BROWSER_TEST_TIMEOUT_MS,
  describeWithBrowser,
  DESKTOP,
  failOnDialogs,
  launchBrowser,
  PHONE,
  saveScreenshot,
  seriousAccessibilityViolations,
} from '../support/browser';
import { oidcEnvironment, startOidcProvider, TestOidcProvider } from '../support/oidc-provider';
import { startTestApp, TestApp } from '../support/test-app';

/** The test app's PUBLIC_URL: Chromium reaches it by that name, as an auditor's browser would. */
const GATEWAY = 'http://gateway.test';

describeWithBrowser('compliance console single sign-on in Chromium', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    provider = await startOidcProvider({
      auditor: { email: 'auditor@acme.example', email_verified: true },
      buyer: { email: 'buyer@acme.example', email_verified: true },
    });
    t = await startTestApp({ env: { ...oidcEnvironment(provider), CONSOLE_OIDC_NAME: 'Acme ID' } });
    const port = new URL(t.baseUrl).port;
    // gateway.test is this app: the provider, on 127.0.0.1, is another site, as in real life. The
    // gateway counts as a secure context, as behind https in production (Chromium sends Fetch
    // Metadata, which the sign-in's login-CSRF check reads, only to secure contexts).
    browser = await launchBrowser([
      `--host-resolver-rules=MAP gateway.test 127.0.0.1:${port}`,
      `--unsafely-treat-insecure-origin-as-secure=${GATEWAY}`,
    ]);
    const acme = await createOrganization(t.prisma, { name: 'Acme Procurement' });
    await createUser(t.prisma, acme, { email: 'auditor@acme.example', roles: [UserRole.auditor] });
    await createUser(t.prisma, acme, { email: 'buyer@acme.example', roles: [UserRole.buyer] });
  }, BROWSER_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await provider?.close();
  });

  async function expectAccessible(page: Page) {
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }

  /** From the sign-in page through the provider's login (as `email`) back to the gateway. */
  async function signInAs(page: Page, email: string, button: string): Promise<void> {
    page.setDefaultTimeout(10_000);
    await page.goto(`${GATEWAY}/audit/console/sign-in`);
    await page.getByRole('button', { name: button }).click();
    await page.waitForURL(`${provider.issuer}/interaction/**`);
    await page.getByRole('button', { name: new RegExp(`Sign in as ${email}`) }).click();
    await page.waitForURL(`${GATEWAY}/audit/console/**`);
  }

  it('signs an auditor in through the button and the provider; the Strict cookie reaches the console', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const dialogs = failOnDialogs(page);
    await page.goto(`${GATEWAY}/audit/console/sign-in`);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-oidc-sign-in-desktop');
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'console-oidc-sign-in-phone');
    await page.setViewportSize(DESKTOP);

    await signInAs(page, 'auditor@acme.example', 'Sign in with Acme ID');
    // The callback's page continues to the console by itself: a navigation from our own page, so
    // Chromium sends the SameSite=Strict session cookie (a redirect chain from the provider would not).
    await page.waitForURL(`${GATEWAY}/audit/console`);
    expect(await page.locator('h1').textContent()).toBe('Dashboard');
    expect(await page.locator('.console-user').textContent()).toBe('Signed in as auditor@acme.example');
    const cookies = await context.cookies(`${GATEWAY}/audit/console/oidc/callback`);
    expect(cookies.find((c) => c.name === 'mpg_console')).toMatchObject({
      sameSite: 'Strict',
      httpOnly: true,
    });
    expect(cookies.find((c) => c.name === 'mpg_console_oidc')).toBeUndefined();

    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(await page.locator('h1').textContent()).toBe('Signed out');
    await page.getByRole('link', { name: 'Go to the sign-in page' }).click();
    expect(await page.getByRole('button', { name: 'Sign in with Acme ID' }).count()).toBe(1);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it.each([
    ['en-US', 'Sign in with Acme ID', 'No console access for this account', 'en'],
    ['de-DE', 'Anmelden mit Acme ID', 'Kein Konsolenzugang für dieses Konto', 'de'],
  ])(
    'refuses a user without the role auditor with a page that says what to do (%s)',
    async (locale, button, title, lang) => {
      const context = await browser.newContext({ viewport: DESKTOP, locale });
      const page = await context.newPage();
      if (lang === 'de') {
        await page.goto(`${GATEWAY}/audit/console/sign-in`);
        await saveScreenshot(page, 'console-oidc-sign-in-de-desktop');
        await page.setViewportSize(PHONE);
        await saveScreenshot(page, 'console-oidc-sign-in-de-phone');
        await page.setViewportSize(DESKTOP);
      }
      await signInAs(page, 'buyer@acme.example', button);
      expect(page.url()).toContain('/audit/console/oidc/callback');
      expect(await page.locator('h1').textContent()).toBe(title);
      expect(await page.locator('nav').count()).toBe(0);
      await expectAccessible(page);
      await saveScreenshot(page, `console-oidc-refused-${lang}-desktop`);
      await page.setViewportSize(PHONE);
      await saveScreenshot(page, `console-oidc-refused-${lang}-phone`);
      const cookies = await context.cookies(`${GATEWAY}/audit/console`);
      expect(cookies.find((c) => c.name === 'mpg_console')).toBeUndefined();
      await context.close();
    },
  );
});
