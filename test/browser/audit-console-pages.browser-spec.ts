import { Browser, Page } from 'playwright-core';
import { AuditEventTypes } from '../../src/audit/audit-event';
import { AuditService } from '../../src/audit/audit.service';
import { User } from '../../src/generated/prisma/client';
import { UserRole } from '../../src/generated/prisma/enums';
import { createPunchoutSession } from '../factories/audit.factory';
import { createCatalog } from '../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../factories/identity.factory';
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
 * The console's administration page, session search and dashboard figures as an auditor uses them:
 * filters through the forms (no script), the results, German and English, desktop and phone, axe.
 */
describeWithBrowser('compliance console pages in Chromium: administration, search, figures', () => {
  let t: TestApp;
  let browser: Browser;
  let auditor: User;
  let reference: string;

  beforeAll(async () => {
    t = await startTestApp();
    browser = await launchBrowser();
    const audit = t.app.get(AuditService);
    await createCatalog(t.prisma, [
      { id: 'cp-cable', name: 'Belkin HDMI cable', categoryId: 'cables', offers: [{ price: '9.90' }] },
      { id: 'cp-paper', name: 'Kopierpapier A4', categoryId: 'paper', offers: [{ price: '4.10' }] },
    ]);
    const organization = await createOrganization(t.prisma, { name: 'Acme Procurement GmbH' });
    const { client } = await createClient(t.prisma, organization);
    const buyer = await createUser(t.prisma, organization, {
      email: 'einkauf.langer.name@acme-procurement.example',
    });
    auditor = await createUser(t.prisma, organization, {
      roles: [UserRole.auditor],
      email: 'auditor@acme.example',
    });
    const record = (
      type: string,
      payload: Record<string, unknown>,
      actor = { label: 'cli:root@gateway-1' },
    ) =>
      t.prisma.$transaction((tx) =>
        audit.append(tx, {
          organizationId: organization.id,
          type: type as (typeof AuditEventTypes)[keyof typeof AuditEventTypes],
          actor,
          payload,
        }),
      );
    await record(AuditEventTypes.guidanceRuleAdded, {
      rule: {
        effect: 'blocked',
        matcher: 'vendor',
        value: 'Kabelwerk Versand',
        note: 'Lieferverzug seit März',
      },
    });
    await record(AuditEventTypes.userRoleChanged, {
      user: { id: buyer.id, email: buyer.email },
      from: ['buyer'],
      to: ['auditor', 'buyer'],
    });
    await record(AuditEventTypes.clientOriginsChanged, {
      client: { id: client.id, clientId: client.clientId, name: 'SAP SRM Produktion' },
      added: ['https://srm.acme.example'],
      removed: [],
    });
    const base = { organization, client, user: buyer };
    const cable = await createPunchoutSession(t.prisma, audit, {
      ...base,
      productId: 'cp-cable',
      status: 'TRANSFERRED',
      cart: [
        { offerId: 'cp-cable-o1', quantity: 12, unitPrice: '9.90', vendor: 'Kabel GmbH', preferred: true },
      ],
    });
    await createPunchoutSession(t.prisma, audit, {
      ...base,
      productId: 'cp-paper',
      status: 'TRANSFERRED',
      cart: [{ offerId: 'cp-paper-o1', quantity: 5, unitPrice: '4.10', vendor: 'Papier AG' }],
    });
    reference = (await t.prisma.punchoutSession.findUniqueOrThrow({ where: { id: cable.id } })).publicId;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const signedIn = (locale: string, viewport: { width: number; height: number }): Promise<Page> =>
    consoleInBrowser(t, browser, auditor, locale, viewport);

  async function expectAccessible(page: Page) {
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }

  /** The page is no wider than the screen (German words are long; nothing may push it sideways). */
  async function expectNoSidewaysScroll(page: Page) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  /** Every e-mail address on the page breaks only before its "@": each part stays on one line. */
  async function expectAddressesWhole(page: Page) {
    const parts = await page
      .locator('.address > span')
      .evaluateAll((spans) =>
        spans.map((span) => ({ text: span.textContent, lines: span.getClientRects().length })),
      );
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect(part).toEqual({ text: part.text, lines: 1 });
  }

  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['de', 'de-DE'],
  ] as const) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`administration, search and figures (${lang}, ${size})`, async () => {
        const page = await signedIn(locale, viewport);
        const de = lang === 'de';

        // Dashboard figures.
        expect(await page.locator('svg.spend-chart').count()).toBe(1);
        expect(await page.locator('[data-figure="preferred-share"] dd').innerText()).toContain(
          de ? '50\u00a0%' : '50%',
        );
        expect(await page.locator('table.vendors tbody tr').count()).toBe(2);
        // The charts' days as the reader writes them ("29.11." / "Nov 29"), never the stored "11-29".
        const axisDays = await page.locator('svg.spend-chart g[data-spend-day] text').allTextContents();
        expect(axisDays.length).toBeGreaterThan(1);
        for (const label of axisDays)
          expect(label).toMatch(de ? /^\d{1,2}\.\d{1,2}\.$/ : /^[A-Z][a-z]{2} \d{1,2}$/);
        // Each chart shows its value scale where it opens (a phone scrolls it to the latest days).
        const scalesShown = await page.locator('.chart-wrap').evaluateAll((wraps) =>
          wraps.map((wrap) => {
            const box = wrap.getBoundingClientRect();
            const gridLabels = [
              ...wrap.querySelectorAll('svg > g:not([data-day]):not([data-spend-day]) text'),
            ];
            return gridLabels.filter((label) => {
              const r = label.getBoundingClientRect();
              return r.width > 0 && r.left >= box.left && r.right <= box.right;
            }).length;
          }),
        );
        expect(scalesShown.length).toBeGreaterThanOrEqual(2);
        for (const shown of scalesShown) expect(shown).toBeGreaterThanOrEqual(2);
        const outcomeDays = await page.locator('svg.outcome-chart g[data-day] text').allTextContents();
        for (const label of outcomeDays) expect(label).not.toMatch(/^\d\d-\d\d$/);
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);
        await saveScreenshot(page, `console-figures-${lang}-${size}`);

        // Administration: every change, then filtered by kind through the form.
        await page.getByRole('link', { name: de ? 'Verwaltung' : 'Administration', exact: true }).click();
        await page.waitForURL(/\/administration$/);
        const summaries = page.locator('.event-summary');
        expect(await summaries.allInnerTexts()).toEqual(
          expect.arrayContaining([
            de
              ? "Regel angelegt: Lieferant 'Kabelwerk Versand' sperren — Notiz: Lieferverzug seit März"
              : "Added rule: block vendor 'Kabelwerk Versand' — note: Lieferverzug seit März",
          ]),
        );
        // Changes made on the command line say so in the reader's words, not as the stored label.
        expect(await page.locator('td.actor').allInnerTexts()).toContain(
          de ? 'Kommandozeile (root@gateway-1)' : 'Command line (root@gateway-1)',
        );
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);
        await expectAddressesWhole(page);
        await saveScreenshot(page, `console-administration-${lang}-${size}`);
        await page.locator('#filter-type').selectOption('user.role_changed');
        await page.getByRole('button', { name: de ? 'Filter anwenden' : 'Apply filters' }).click();
        await page.waitForURL(/type=user.role_changed/);
        expect(await summaries.allInnerTexts()).toEqual([
          de
            ? 'Rollen von einkauf.langer.name@acme-procurement.example: Einkäufer → Prüfer, Einkäufer'
            : 'Roles of einkauf.langer.name@acme-procurement.example: buyer → auditor, buyer',
        ]);

        // Session search by the reference the buyer sees, typed in lower case.
        await page
          .getByRole('link', { name: de ? 'Punchout-Sitzungen' : 'Punchout sessions', exact: true })
          .click();
        await page.locator('#filter-reference').fill(reference.toLowerCase());
        await page.getByRole('button', { name: de ? 'Filter anwenden' : 'Apply filters' }).click();
        await page.waitForURL(/reference=/);
        expect(await page.locator('tr[data-session-id]').count()).toBe(1);
        expect(await page.locator('tr[data-session-id]').innerText()).toContain('Belkin HDMI cable');
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);
        await expectAddressesWhole(page);
        await saveScreenshot(page, `console-session-search-${lang}-${size}`);

        // The session: its timeline's sentences and the cart in the auditor's money format.
        await page.locator('td.time a').first().click();
        await page.waitForURL(/\/sessions\/[0-9a-f-]{36}$/);
        expect(await page.locator('table.cart').innerText()).toContain(de ? '118,80\u00a0€' : '€118.80');
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);
        await expectAddressesWhole(page);
        await saveScreenshot(page, `console-session-${lang}-${size}`);
        await page.context().close();
      });
    }
  }
});
