import Decimal from 'decimal.js';
import { Browser, Page } from 'playwright-core';
import { formatMoney } from '../../src/common/i18n/money';
import { User, UserRole } from '../../src/generated/prisma/client';
import { createCatalog } from '../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../factories/identity.factory';
import { transferredCart } from '../factories/order.factory';
import { PUNCHOUT_CATALOG } from '../factories/punchout.factory';
import { bearer, issueTestToken } from '../support/auth';
import {
  describeWithBrowser,
  DESKTOP,
  launchBrowser,
  PHONE,
  saveScreenshot,
  seriousAccessibilityViolations,
} from '../support/browser';
import { consoleInBrowser } from '../support/console-sign-in';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The console's orders as an auditor reads them: the dashboard's order figures (recomputed here from
 * the stored lines), the order list with its findings and filters, an order beside its cart with the
 * differences marked, and the links between the order and its punchout session. German and English,
 * desktop and phone, axe.
 */
describeWithBrowser('compliance console orders in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let auditor: User;
  let organizationId: string;
  let sessionId: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { ORDER_DELIVERY_POLL_MS: '600000' } });
    browser = await launchBrowser();
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(t.prisma, { name: 'Acme Procurement GmbH' });
    organizationId = organization.id;
    const { client } = await createClient(t.prisma, organization);
    const buyer = await createUser(t.prisma, organization, {
      email: 'einkauf.langer.name@acme-procurement.example',
      roles: [UserRole.buyer],
    });
    auditor = await createUser(t.prisma, organization, {
      roles: [UserRole.auditor],
      email: 'auditor@acme.example',
    });
    const token = await issueTestToken(t.prisma, buyer, client);
    const cart = await transferredCart(t.prisma, { user: buyer, client }, [
      {
        offerId: 'pen-1-a',
        vendor: 'Office World',
        quantity: 10,
        unitPrice: '4.00',
        label: 'Kugelschreiber blau, 10 Stück',
      },
      {
        offerId: 'paper-1-a',
        vendor: 'Paper Palace',
        quantity: 3,
        unitPrice: '5.99',
        label: 'Kopierpapier A4, 500 Blatt',
      },
    ]);
    sessionId = cart.sessionId;
    const send = async (body: unknown) => {
      const response = await fetch(`${t.baseUrl}/api/v1/orders`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
    };
    await send({
      orderId: 'PO-2026-0001',
      lines: [
        { cartLineKey: cart.keys[0], quantity: '10', unitPrice: '4.00', currency: 'EUR' },
        { cartLineKey: cart.keys[1], quantity: '3', unitPrice: '5.99', currency: 'EUR' },
      ],
    });
    await send({
      orderId: 'PO-2026-0002',
      lines: [
        { cartLineKey: cart.keys[0], quantity: '12', unitPrice: '4.40', currency: 'EUR' },
        {
          offerId: 'paper-1-a',
          quantity: '2',
          unitPrice: '5.99',
          currency: 'EUR',
          description: 'Kopierpapier, von Hand',
        },
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function expectAccessibleAndNarrow(page: Page) {
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['de', 'de-DE'],
  ] as const) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`orders figures, list, order and session links (${lang}, ${size})`, async () => {
        const de = lang === 'de';
        const page = await consoleInBrowser(t, browser, auditor, locale, viewport);

        // Dashboard: the figures are the stored lines added up.
        const lines = await t.prisma.orderLine.findMany({ where: { order: { organizationId } } });
        const total = lines.reduce((sum, line) => sum.plus(line.lineNet.toFixed()), new Decimal(0));
        const offPunchout = lines
          .filter((line) => line.cartItemId === null)
          .reduce((sum, line) => sum.plus(line.lineNet.toFixed()), new Decimal(0));
        const section = page.locator('[data-figures="orders"]');
        expect(await section.locator('[data-figure="orders"]').innerText()).toBe('2');
        expect(await section.locator('[data-figure="orders-with-findings"]').innerText()).toBe('1');
        const share = await section.locator('[data-figure="not-from-punchout-EUR"]').innerText();
        expect(share).toContain(formatMoney(offPunchout.toFixed(2), 'EUR', lang));
        expect(share).toContain(formatMoney(total.toFixed(2), 'EUR', lang));
        const percent = offPunchout.div(total).times(100).toDecimalPlaces(1).toFixed(1);
        expect(share).toContain(de ? percent.replace('.', ',') : percent);
        const today = new Date().toISOString().slice(0, 10);
        expect(await section.locator(`tr[data-day="${today}"] td[data-currency="EUR"]`).innerText()).toBe(
          formatMoney(total.toFixed(2), 'EUR', lang),
        );
        await expectAccessibleAndNarrow(page);
        await section.scrollIntoViewIfNeeded();
        await saveScreenshot(page, `console-order-figures-${lang}-${size}`);

        // The list: both orders, findings as badges; filtered by a finding through the form.
        await page.getByRole('link', { name: de ? 'Bestellungen' : 'Orders', exact: true }).click();
        await page.waitForURL(/\/audit\/console\/orders$/);
        expect(await page.locator('tr[data-order-id]').count()).toBe(2);
        expect(await page.locator('[data-finding="price_changed"]').innerText()).toBe(
          de ? 'Preis geändert' : 'Price changed',
        );
        await expectAccessibleAndNarrow(page);
        await saveScreenshot(page, `console-orders-${lang}-${size}`);
        await page.locator('#order-finding').selectOption('not_from_punchout');
        await page.getByRole('button', { name: de ? 'Anzeigen' : 'Show', exact: true }).click();
        await page.waitForURL(/finding=not_from_punchout/);
        expect(await page.locator('tr[data-order-id]').count()).toBe(1);

        // The order beside its cart: every difference marked.
        await page.locator('tr[data-order-id] td.time a').click();
        await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
        const first = page.locator('tr[data-line="1"]');
        expect(await first.locator('mark').allInnerTexts()).toEqual(['12 PCE', de ? '4,40\u00a0€' : '€4.40']);
        expect(await first.innerText()).toContain(de ? '4,00\u00a0€' : '€4.00');
        expect(await page.locator('tr[data-line="2"]').innerText()).toContain(
          de ? 'nicht aus einem Punchout' : 'not from a punchout',
        );
        await expectAccessibleAndNarrow(page);
        await saveScreenshot(page, `console-order-${lang}-${size}`);

        // To its punchout session, and back from there.
        await page.locator(`a[href="/audit/console/sessions/${sessionId}"]`).click();
        await page.waitForURL(/\/sessions\/[0-9a-f-]{36}$/);
        expect(await page.locator('#session-orders-heading').innerText()).toBe(
          de ? 'Bestellungen aus diesem Warenkorb' : 'Orders from this cart',
        );
        expect(await page.locator('tr[data-order-id]').count()).toBe(2);
        await expectAccessibleAndNarrow(page);
        await page.locator('tr[data-order-id] td.time a').first().click();
        await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
        await page.context().close();
      });
    }
  }
});
