import { Browser, Page } from 'playwright-core';
import { AuditService } from '../../src/audit/audit.service';
import { UserRole } from '../../src/generated/prisma/enums';
import { createPunchoutSession, ociFieldsOf } from '../factories/audit.factory';
import { createCatalog } from '../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../factories/identity.factory';
import { bearer, issueTestToken } from '../support/auth';
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

const HOSTILE = `"><img src=x onerror=alert(1)>`;

describeWithBrowser('compliance console in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let auditorToken: string;
  let transferredId: string;

  beforeAll(async () => {
    t = await startTestApp();
    browser = await launchBrowser();
    const audit = t.app.get(AuditService);
    await createCatalog(t.prisma, [
      {
        id: 'bc-pen',
        name: 'Pelikan blue ballpoint pen',
        categoryId: 'writing',
        offers: [{ price: '1.30' }],
      },
      { id: 'bc-chair', name: `Bürostuhl ${HOSTILE}`, categoryId: 'chairs', offers: [{ price: '199.00' }] },
    ]);
    const organization = await createOrganization(t.prisma, { name: 'Acme Procurement' });
    const { client } = await createClient(t.prisma, organization);
    const buyer = await createUser(t.prisma, organization, { email: 'buyer@acme.example' });
    const auditor = await createUser(t.prisma, organization, {
      roles: [UserRole.auditor],
      email: 'auditor@acme.example',
    });
    auditorToken = await issueTestToken(t.prisma, auditor, client);
    const base = { organization, client, user: buyer };
    const now = Date.now();
    const outcomes = ['TRANSFERRED', 'CANCELLED', 'EXPIRED', 'FAILED', 'OPENED'] as const;
    // A few weeks of history so the chart has something to show.
    for (let i = 0; i < 24; i++) {
      await createPunchoutSession(t.prisma, audit, {
        ...base,
        productId: i % 2 ? 'bc-pen' : 'bc-chair',
        status: outcomes[(i * 7) % 5],
        createdAt: new Date(now - ((i * 5) % 28) * 86_400_000 - i * 60_000),
        returnedFields: [],
      });
    }
    transferredId = (
      await createPunchoutSession(t.prisma, audit, {
        ...base,
        productId: 'bc-pen',
        status: 'TRANSFERRED',
        createdAt: new Date(now - 60_000),
        cart: [
          { offerId: 'bc-pen-o1', quantity: 10, unitPrice: '1.30' },
          { offerId: 'bc-chair-o1', quantity: 1, unitPrice: '199.00' },
        ],
        returnedFields: ociFieldsOf([
          {
            offerId: 'bc-pen-o1',
            quantity: 10,
            unitPrice: '1.30',
            description: 'Pelikan blue ballpoint pen',
          },
          { offerId: 'bc-chair-o1', quantity: 1, unitPrice: '199.00', description: `Bürostuhl ${HOSTILE}` },
        ]),
      })
    ).id;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A fresh sign-in link, pointed at the test server instead of PUBLIC_URL. */
  async function signInLink(): Promise<string> {
    const response = await fetch(`${t.baseUrl}/api/v1/audit/console-links`, {
      method: 'POST',
      headers: bearer(auditorToken),
    });
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    const link = new URL(url);
    return `${t.baseUrl}${link.pathname}${link.search}`;
  }

  async function expectAccessible(page: Page) {
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }

  it('signs in through the link, shows the dashboard chart and a session timeline, and refuses the used link', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const dialogs = failOnDialogs(page);
    const link = await signInLink();

    await page.goto(link);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${t.baseUrl}/audit/console`);

    // Keyboard: the first Tab reaches the skip link, with a visible focus ring.
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      return { text: element.textContent, outline: getComputedStyle(element).outlineStyle };
    });
    expect(focused).toEqual({ text: 'Skip to content', outline: 'solid' });

    // Dashboard: the SVG chart is drawn and named, the chain verifies.
    const chart = page.locator('svg.outcome-chart');
    await chart.waitFor();
    expect(await chart.getAttribute('role')).toBe('img');
    expect(await page.locator('#outcome-chart-title').textContent()).toBe(
      'Punchout sessions per day by outcome',
    );
    expect(await chart.locator('rect[data-outcome]').count()).toBeGreaterThan(5);
    const box = await chart.boundingBox();
    expect(box?.width).toBeGreaterThan(600);
    expect(await page.locator('[data-verification="intact"]').isVisible()).toBe(true);
    await expectAccessible(page);
    await saveScreenshot(page, 'audit-console-dashboard-desktop');
    // The table alternative opens without script.
    await page.getByText('Show the numbers as a table').click();
    expect(await page.locator('details.chart-table table tbody tr').count()).toBe(30);

    // Session list, then the transferred session's timeline with the posted cart.
    await page.getByRole('link', { name: 'Punchout sessions', exact: true }).click();
    await page.waitForURL(/\/audit\/console\/sessions$/);
    expect(await page.locator('tr[data-session-id]').count()).toBe(25);
    await expectAccessible(page);
    await page.getByLabel('Status').selectOption('TRANSFERRED');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/status=TRANSFERRED/);
    await saveScreenshot(page, 'audit-console-sessions-desktop');
    await page.locator(`tr[data-session-id="${transferredId}"] a`).click();
    await page.waitForURL(`${t.baseUrl}/audit/console/sessions/${transferredId}`);
    const rows = page.locator('table.posted-cart tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).locator('td').first().textContent()).toBe(`Bürostuhl ${HOSTILE}`);
    expect(await page.locator('li[data-event-type]').count()).toBe(5);
    await page.locator('li[data-event-type="punchout.transferred"] summary').click();
    await expectAccessible(page);
    await saveScreenshot(page, 'audit-console-session-desktop');

    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'audit-console-session-phone');
    await page.goto(`${t.baseUrl}/audit/console`);
    await saveScreenshot(page, 'audit-console-dashboard-phone');
    await expectAccessible(page);

    // The link was spent: opening it again, in another browser, shows no console.
    const other = await browser.newContext({ viewport: DESKTOP });
    const replay = await other.newPage();
    const response = await replay.goto(link);
    expect(response?.status()).toBe(410);
    expect(await replay.locator('h1').textContent()).toBe('This sign-in link was already used');
    expect(await replay.locator('nav').count()).toBe(0);
    expect(await replay.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    await expectAccessible(replay);
    await saveScreenshot(replay, 'audit-console-link-used');
    expect((await replay.goto(`${t.baseUrl}/audit/console`))?.status()).toBe(401);
    await other.close();

    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('shows the console in German for a German browser', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(await signInLink());
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(`${t.baseUrl}/audit/console`);
    expect(await page.locator('h1').textContent()).toBe('Übersicht');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await expectAccessible(page);
    await saveScreenshot(page, 'audit-console-dashboard-de');
    await context.close();
  });
});
