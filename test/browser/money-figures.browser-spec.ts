import { parse } from 'csv-parse/sync';
import { Browser, Page } from 'playwright-core';
import { AuditService } from '../../src/audit/audit.service';
import { OAuthClient, Organization, User } from '../../src/generated/prisma/client';
import { UserRole } from '../../src/generated/prisma/enums';
import { ClientsService } from '../../src/oauth/clients.service';
import { createPunchoutSession } from '../factories/audit.factory';
import { createCatalog, ProductSpec } from '../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../factories/identity.factory';
import { onTestApp, startPunchout } from '../factories/punchout.factory';
import { issueTestToken } from '../support/auth';
import {
  describeWithBrowser,
  DESKTOP,
  failOnDialogs,
  launchBrowser,
  PHONE,
  saveScreenshot,
  seriousAccessibilityViolations,
} from '../support/browser';
import { consoleCookie, consoleInBrowser } from '../support/console-sign-in';
import { all, at, postSetup, readCxml, setupRequest } from '../support/cxml';
import { divideHalfUp, scaledUnits, unitsText } from '../support/exact-decimal';
import { HookReceiver, startHookReceiver } from '../support/hook-receiver';
import { addInBrowser } from '../support/punchout-pages';
import { Json } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

/*
 * Every money figure a buyer or an auditor reads, recomputed by this test from the lines as they were
 * posted (the sessions' stored returned_fields: OCI fields, or a cXML order message) with its own
 * arithmetic (BigInt, half away from zero), never the gateway's functions: the shop cart, the console
 * dashboard (net spend per day, top vendors), the sessions list, the session page, the review API
 * and the CSV and JSON Lines exports. Carts mix gross- and net-quoted offers, VAT rates 19, 7, 5.5 and
 * 0 (and one not stated), a tier price, a price per 100, and EUR, USD and JPY (cXML). One older
 * session was posted before unit prices were rounded to the cent (38.0252 x 3).
 */

type Lang = 'en' | 'de';
const LOCALE: Record<Lang, string> = { en: 'en-US', de: 'de-DE' };
/** ISO 4217 minor units of the currencies used here. */
const DIGITS: Record<string, number> = { EUR: 2, USD: 2, JPY: 0 };

// ---------------------------------------------------------------- the test's own decimal arithmetic

/** Amounts as BigInt of 10^-8 units (test/support/exact-decimal.ts). */
const SCALE = 8;
const parseAmount = (text: string): bigint => scaledUnits(text, SCALE);
/** numerator / denominator rounded half away from zero to `digits` decimals, still in 10^-8 units. */
function roundedQuotient(numerator: bigint, denominator: bigint, digits: number): bigint {
  const step = 10n ** BigInt(SCALE - digits);
  return divideHalfUp(numerator, denominator * step) * step;
}
const amountText = (amount: bigint, digits: number): string =>
  unitsText(amount / 10n ** BigInt(SCALE - digits), digits);
const formatters = new Map<string, Intl.NumberFormat>();
/** Money as a person reads it in the language, with the currency's minor unit. */
function shown(amount: bigint, currency: string, lang: Lang, digits = DIGITS[currency]): string {
  const key = `${lang}:${currency}:${digits}`;
  let format = formatters.get(key);
  if (!format)
    formatters.set(
      key,
      (format = new Intl.NumberFormat(LOCALE[lang], {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      })),
    );
  // Whitespace as the page texts are compared (Intl's German no-break space read as a space).
  return format.format(amountText(amount, digits) as Intl.StringNumericLiteral).replace(/\s+/g, ' ');
}
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A UTC day (YYYY-MM-DD) as the console writes it in the language: 04.11.2026, Nov 4, 2026. */
function dayShown(day: string, lang: Lang): string {
  const [year, month, date] = day.split('-');
  return lang === 'de' ? `${date}.${month}.${year}` : `${MONTHS[Number(month) - 1]} ${Number(date)}, ${year}`;
}
const rateShown = (rate: string, lang: Lang) => (lang === 'de' ? `${rate.replace('.', ',')} %` : `${rate}%`);

// ---------------------------------------------------------------- the catalog

interface Quote {
  offerId: string;
  productId: string;
  name: string;
  vendor: string;
  currency: string;
  /** The price as the vendor quotes it, of `per` units (the tier's at the quantity bought). */
  quote: string;
  rate: string | null;
  gross: boolean;
  per: number;
}

const product = (
  q: Quote & { tiers?: Array<{ minQuantity: number; price: number }>; base?: string },
): ProductSpec => ({
  id: q.productId,
  name: q.name,
  categoryId: 'desk-accessories',
  offers: [
    {
      id: q.offerId,
      vendor: q.vendor,
      price: q.base ?? q.quote,
      currency: q.currency,
      vatRate: q.rate,
      priceIncludesVat: q.gross,
      priceUnitQuantity: q.per,
      quantityTiers: q.tiers ?? [],
    },
  ],
});

const q = (
  offerId: string,
  name: string,
  vendor: string,
  currency: string,
  quote: string,
  rate: string | null,
  gross: boolean,
  per = 1,
): Quote => ({
  offerId,
  productId: offerId.replace(/-a$/, ''),
  name,
  vendor,
  currency,
  quote,
  rate,
  gross,
  per,
});

const QUOTES = {
  desk: q('mf-desk-a', 'Figures standing desk', 'Büroprofi', 'EUR', '45.25', '19', true),
  book: q('mf-book-a', 'Figures procurement handbook', 'Buchhandel Lenz', 'EUR', '21.40', '7', true),
  tea: q('mf-tea-a', 'Figures green tea', 'Teehaus', 'EUR', '3.99', '5.5', true),
  stamp: q('mf-stamp-a', 'Figures postage stamp', 'Post', 'EUR', '0.85', '0', false),
  screws: q('mf-screws-a', 'Figures wood screws', 'Schraubenwelt', 'EUR', '12.50', '19', true, 100),
  chair: q('mf-chair-a', 'Figures office chair', 'Net Furniture', 'EUR', '82.80', '19', false),
  // Quoted 6.00 gross; from 10 pieces 5.50 gross.
  paper: q('mf-paper-a', 'Figures copy paper', 'Büroprofi', 'EUR', '5.50', '19', true),
  cable: q('mf-cable-a', 'Figures HDMI cable', 'Cable Corp', 'USD', '12.04', '19', true),
  monitor: q('mf-monitor-a', 'Figures monitor', 'Screens Inc', 'USD', '100.00', null, false),
  matcha: q('mf-matcha-a', 'Figures matcha', 'Ocha Shop', 'JPY', '1999', '10', true),
  teapot: q('mf-teapot-a', 'Figures teapot', 'Ocha Shop', 'JPY', '4500', '10', false),
};
const BY_OFFER = new Map(Object.values(QUOTES).map((quote) => [quote.offerId, quote]));

/** THE unit price the rule gives a quote, by this test's arithmetic: round(quote / (1 + rate)) when gross. */
function expectedUnitPrice(quote: Quote): string {
  const digits = DIGITS[quote.currency];
  const amount = parseAmount(quote.quote);
  const net =
    quote.gross && quote.rate !== null
      ? roundedQuotient(amount * 10_000n, 10_000n + parseAmount(quote.rate) / 10n ** 6n, digits)
      : roundedQuotient(amount, 1n, digits);
  return amountText(net, digits);
}

// ---------------------------------------------------------------- posted lines and their figures

interface PostedLine {
  offerId: string;
  quantity: number;
  price: string;
  per: number;
  currency: string;
  rate: string | null;
}

/** The lines of stored posted fields, read by this test: OCI NEW_ITEM-* fields, or a cXML order message. */
function postedLinesOf(stored: unknown): PostedLine[] {
  const fields = stored as Array<[string, string]>;
  if (fields.length === 1 && fields[0][0].startsWith('cxml-')) {
    const [name, value] = fields[0];
    const document = name === 'cxml-base64' ? Buffer.from(value, 'base64').toString('utf8') : value;
    const order = at(readCxml(document), 'Message/PunchOutOrderMessage');
    return all(order, 'ItemIn').map((item) => ({
      offerId: at(item, 'ItemID/SupplierPartAuxiliaryID')!.text,
      quantity: Number(item.attributes.quantity),
      price: at(item, 'ItemDetail/UnitPrice/Money')!.text,
      per: Number(at(item, 'ItemDetail/PriceBasisQuantity')?.attributes.quantity ?? '1'),
      currency: at(item, 'ItemDetail/UnitPrice/Money')!.attributes.currency,
      rate: at(item, 'Tax/TaxDetail')?.attributes.percentageRate ?? null,
    }));
  }
  const byLine = new Map<number, Record<string, string>>();
  for (const [name, value] of fields) {
    const match = /^NEW_ITEM-([A-Z0-9_]+)\[(\d+)\]$/.exec(name);
    if (!match) continue;
    const n = Number(match[2]);
    byLine.set(n, { ...(byLine.get(n) ?? {}), [match[1]]: value });
  }
  return [...byLine.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, v]) => ({
      offerId: v.CUST_FIELD5,
      quantity: Number(v.QUANTITY),
      price: v.PRICE,
      per: Number(v.PRICEUNIT),
      currency: v.CURRENCY,
      rate: v.CUST_FIELD1 ?? null,
    }));
}

const lineNet = (line: PostedLine): bigint =>
  roundedQuotient(parseAmount(line.price) * BigInt(line.quantity), BigInt(line.per), DIGITS[line.currency]);

interface Totals {
  currency: string;
  net: bigint;
  /** Highest rate first. */
  vat: Array<{ rate: string; net: bigint; vat: bigint }>;
  gross: bigint | null;
}

/** A cart's totals per currency (sorted by code): nets added up, VAT once per rate, gross = net + VAT. */
function totalsOf(lines: readonly PostedLine[]): Totals[] {
  const currencies = [...new Set(lines.map((line) => line.currency))].sort();
  return currencies.map((currency) => {
    const mine = lines.filter((line) => line.currency === currency);
    const net = mine.reduce((sum, line) => sum + lineNet(line), 0n);
    const rates = [...new Set(mine.flatMap((line) => (line.rate === null ? [] : [line.rate])))].sort(
      (a, b) => Number(b) - Number(a),
    );
    const vat = rates.map((rate) => {
      const base = mine.filter((line) => line.rate === rate).reduce((sum, line) => sum + lineNet(line), 0n);
      return {
        rate,
        net: base,
        vat: roundedQuotient(base * parseAmount(rate), parseAmount('100'), DIGITS[currency]),
      };
    });
    const known = mine.every((line) => line.rate !== null);
    return {
      currency,
      net,
      vat,
      gross: known ? net + vat.reduce((sum, share) => sum + share.vat, 0n) : null,
    };
  });
}

/**
 * A cart's totals as the rows under its lines read (shop cart and console session page): net total,
 * VAT per rate, then the total incl. VAT or, where a line states no rate, the page's note.
 */
function totalRows(totals: Totals[], lang: Lang, vatMissing: string): string[] {
  return totals.flatMap((total) => {
    const money = (amount: bigint) => shown(amount, total.currency, lang);
    const de = lang === 'de';
    return [
      `${de ? 'Nettosumme' : 'Net total'} (${total.currency}) ${money(total.net)}`,
      ...total.vat.map(
        (share) => `${de ? 'MwSt.' : 'VAT'} ${rateShown(share.rate, lang)} ${money(share.vat)}`,
      ),
      total.gross === null
        ? vatMissing
        : `${de ? 'Gesamtsumme inkl. MwSt.' : 'Total incl. VAT'} (${total.currency}) ${money(total.gross)}`,
    ];
  });
}

// ---------------------------------------------------------------- the test

interface BrowserCart {
  lang: Lang;
  key: string;
  viewport: { width: number; height: number };
  start: 'rest' | 'cxml';
  lines: Array<{ quote: Quote; quantity: number }>;
}

const CARTS: BrowserCart[] = [
  {
    lang: 'en',
    key: 'gross-and-net-eur',
    viewport: DESKTOP,
    start: 'rest',
    lines: [
      { quote: QUOTES.desk, quantity: 12 },
      { quote: QUOTES.book, quantity: 3 },
      { quote: QUOTES.tea, quantity: 7 },
      { quote: QUOTES.stamp, quantity: 100 },
      { quote: QUOTES.screws, quantity: 250 },
    ],
  },
  {
    lang: 'de',
    key: 'tier-eur',
    viewport: PHONE,
    start: 'rest',
    lines: [
      { quote: QUOTES.desk, quantity: 3 },
      { quote: QUOTES.chair, quantity: 1 },
      { quote: QUOTES.paper, quantity: 12 },
    ],
  },
  {
    lang: 'en',
    key: 'usd-rate-missing',
    viewport: PHONE,
    start: 'rest',
    lines: [
      { quote: QUOTES.cable, quantity: 3 },
      { quote: QUOTES.monitor, quantity: 1 },
    ],
  },
  {
    lang: 'de',
    key: 'jpy-cxml',
    viewport: DESKTOP,
    start: 'cxml',
    lines: [
      { quote: QUOTES.matcha, quantity: 3 },
      { quote: QUOTES.teapot, quantity: 2 },
    ],
  },
];

/** What the buyer's cart page showed, read in Chromium before the transfer. */
interface CartSeen {
  rows: Array<{ offerId: string; unit: string; vat: string; line: string }>;
  foot: string[];
}

describeWithBrowser('money figures: every figure recomputed from the posted lines', () => {
  let t: TestApp;
  let browser: Browser;
  let hook: HookReceiver;
  let organization: Organization;
  let client: OAuthClient;
  let buyer: User;
  let buyerToken: string;
  let auditor: User;
  let auditorToken: string;
  let cxmlBuyer: { clientId: string; secret: string; email: string };
  const seen = new Map<string, CartSeen>();
  const sessionOf = new Map<string, string>();
  let oldSessionId: string;
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await startTestApp();
    browser = await launchBrowser();
    hook = await startHookReceiver();
    await createCatalog(t.prisma, [
      ...Object.values(QUOTES)
        .filter((quote) => quote !== QUOTES.paper)
        .map((quote) => product(quote)),
      product({ ...QUOTES.paper, base: '6.00', tiers: [{ minQuantity: 10, price: 5.5 }] }),
    ]);
    organization = await createOrganization(t.prisma, { name: 'Figures GmbH' });
    ({ client } = await createClient(t.prisma, organization));
    buyer = await createUser(t.prisma, organization, { email: 'einkauf@figures.example' });
    buyerToken = await issueTestToken(t.prisma, buyer, client, { expiresInSeconds: 3_600 });
    auditor = await createUser(t.prisma, organization, {
      roles: [UserRole.auditor],
      email: 'pruefung@figures.example',
    });
    auditorToken = await issueTestToken(t.prisma, auditor, client, { expiresInSeconds: 3_600 });
    const cxmlClient = await createClient(t.prisma, organization, { callbackOrigins: [hook.origin] });
    const { punchoutSecret } = await t.app
      .get(ClientsService)
      .setPunchoutSecret(cxmlClient.clientId, { label: 'test' });
    cxmlBuyer = { clientId: cxmlClient.clientId, secret: punchoutSecret, email: buyer.email };

    // Posted yesterday, before unit prices were rounded to the cent: OCI PRICE 38.0252 (45.25 / 1.19
    // at the catalog's precision) x 3, the line as the upgrade leaves it (net 114.0756 -> 114.08).
    const old = await createPunchoutSession(t.prisma, t.app.get(AuditService), {
      organization,
      client,
      user: buyer,
      productId: QUOTES.desk.productId,
      status: 'TRANSFERRED',
      createdAt: new Date(`${yesterday}T10:00:00.000Z`),
      cart: [
        {
          offerId: QUOTES.desk.offerId,
          quantity: 3,
          unitPrice: '38.0252',
          vatRate: '19',
          lineNet: '114.08',
          vendor: QUOTES.desk.vendor,
        },
      ],
      returnedFields: [
        ['NEW_ITEM-DESCRIPTION[1]', QUOTES.desk.name],
        ['NEW_ITEM-QUANTITY[1]', '3'],
        ['NEW_ITEM-UNIT[1]', 'PCE'],
        ['NEW_ITEM-PRICE[1]', '38.0252'],
        ['NEW_ITEM-PRICEUNIT[1]', '1'],
        ['NEW_ITEM-CURRENCY[1]', 'EUR'],
        ['NEW_ITEM-CUST_FIELD1[1]', '19'],
        ['NEW_ITEM-CUST_FIELD5[1]', QUOTES.desk.offerId],
      ],
    });
    oldSessionId = old.id;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await hook?.close();
    await t?.close();
  });

  async function shop(cart: BrowserCart): Promise<Page> {
    const context = await browser.newContext({
      viewport: cart.viewport,
      locale: LOCALE[cart.lang],
      extraHTTPHeaders: { 'accept-language': cart.lang },
    });
    const page = await context.newPage();
    failOnDialogs(page);
    if (cart.start === 'rest') {
      const started = await startPunchout(t.baseUrl, buyerToken, cart.lines[0].quote.productId, {
        callbackUrl: `${hook.origin}/hook/${cart.key}`,
      });
      expect(started.status).toBe(201);
      await page.goto(onTestApp(started.body.redirectUrl, t.baseUrl));
    } else {
      const answer = await postSetup(
        t.baseUrl,
        setupRequest({ ...cxmlBuyer, url: `${hook.origin}/hook/${cart.key}` }),
      );
      expect(answer.code).toBe('200');
      await page.goto(onTestApp(answer.startUrl!, t.baseUrl));
    }
    return page;
  }

  const texts = async (page: Page, selector: string) =>
    (await page.locator(selector).allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());

  it('fills four carts in Chromium, reads what each shows, and transfers them', async () => {
    for (const cart of CARTS) {
      const page = await shop(cart);
      for (const line of cart.lines)
        await addInBrowser(page, line.quote.productId, line.quote.offerId, line.quantity);
      const rows: CartSeen['rows'] = [];
      for (const row of await page.locator('tbody tr[data-offer-id]').all()) {
        const cell = async (selector: string) =>
          ((await row.locator(selector).innerText()).split('\n')[0] ?? '').replace(/\s+/g, ' ').trim();
        rows.push({
          offerId: (await row.getAttribute('data-offer-id')) as string,
          unit: await cell('.punchout-unit-price'),
          vat: await cell('.punchout-vat-rate'),
          line: await cell('.punchout-line-total'),
        });
      }
      seen.set(cart.key, { rows, foot: await texts(page, 'tfoot tr') });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      const size = cart.viewport === PHONE ? 'phone' : 'desktop';
      await saveScreenshot(page, `money-cart-${cart.key}-${size}-${cart.lang}`);
      await page.locator('button.punchout-transfer').click();
      const post = await hook.next();
      expect(post.url).toBe(`/hook/${cart.key}`);
      await page.context().close();
    }
    // Which session is which cart (each posted to its own HOOK_URL).
    for (const session of await t.prisma.punchoutSession.findMany({
      where: { organizationId: organization.id },
    }))
      for (const cart of CARTS)
        if (session.callbackUrl.endsWith(`/hook/${cart.key}`)) sessionOf.set(cart.key, session.id);
    expect(sessionOf.size).toBe(CARTS.length);
  }, 240_000);

  /** The stored posted lines of every transferred session of the organization, with the day it closed. */
  async function postedSessions() {
    const sessions = await t.prisma.punchoutSession.findMany({
      where: { organizationId: organization.id, status: 'TRANSFERRED' },
      orderBy: { createdAt: 'desc' },
    });
    // A cXML line names its cart line by key (SupplierPartAuxiliaryID): the cart line knows the offer.
    const keyed = await t.prisma.cartItem.findMany({
      where: { session: { organizationId: organization.id }, orderKey: { not: null } },
      select: { orderKey: true, offerId: true },
    });
    const offerOfKey = new Map(keyed.map((row) => [row.orderKey, row.offerId]));
    return sessions.map((session) => ({
      id: session.id,
      publicId: session.publicId,
      day: session.closedAt!.toISOString().slice(0, 10),
      lines: postedLinesOf(session.returnedFields).map((line) => ({
        ...line,
        offerId: offerOfKey.get(line.offerId) ?? line.offerId,
      })),
    }));
  }

  it('posted THE unit prices: each quote net, rounded once to the minor unit, with its rate and price unit', async () => {
    for (const cart of CARTS) {
      const [session] = (await postedSessions()).filter((s) => s.id === sessionOf.get(cart.key));
      expect(session.lines).toEqual(
        cart.lines.map(({ quote, quantity }) => ({
          offerId: quote.offerId,
          quantity,
          price: expectedUnitPrice(quote),
          per: quote.per,
          currency: quote.currency,
          rate: quote.rate,
        })),
      );
    }
  });

  it('the cart showed exactly what was posted: units, lines, net total, VAT per rate, total incl. VAT', async () => {
    for (const cart of CARTS) {
      const { lang } = cart;
      const [session] = (await postedSessions()).filter((s) => s.id === sessionOf.get(cart.key));
      const cartSeen = seen.get(cart.key)!;
      expect(cartSeen.rows).toEqual(
        session.lines.map((line) => ({
          offerId: line.offerId,
          unit: shown(parseAmount(line.price), line.currency, lang),
          vat:
            line.rate === null
              ? lang === 'de'
                ? 'nicht angegeben'
                : 'not stated'
              : rateShown(line.rate, lang),
          line: shown(lineNet(line), line.currency, lang),
        })),
      );
      const foot = totalRows(
        totalsOf(session.lines),
        lang,
        lang === 'de'
          ? 'Einige Verkäufer geben die MwSt. ihrer Angebote nicht an: keine Summe inklusive MwSt.'
          : 'Some vendors do not state the VAT of their offers: no total including VAT.',
      );
      expect(cartSeen.foot).toEqual(foot);
    }
  });

  const consolePage = (lang: Lang, viewport: { width: number; height: number }): Promise<Page> =>
    consoleInBrowser(t, browser, auditor, lang, viewport);

  for (const [lang, size, viewport] of [
    ['en', 'desktop', DESKTOP],
    ['de', 'desktop', DESKTOP],
    ['en', 'phone', PHONE],
    ['de', 'phone', PHONE],
  ] as const) {
    it(`the console's figures are the posted lines' (${lang}, ${size})`, async () => {
      const sessions = await postedSessions();
      const page = await consolePage(lang, viewport);

      // Dashboard: net spend per day and currency.
      await page.goto(`${t.baseUrl}/audit/console?from=${yesterday}&to=${today}`);
      const spend = new Map<string, bigint>();
      for (const session of sessions)
        for (const line of session.lines) {
          const key = `${line.currency}|${session.day}`;
          spend.set(key, (spend.get(key) ?? 0n) + lineNet(line));
        }
      for (const currency of ['EUR', 'JPY', 'USD']) {
        // The table is folded (details): its cells' text, not their rendering.
        const rows = await page
          .locator(`[data-currency="${currency}"] .spend-table tbody tr`)
          .evaluateAll((trs) =>
            trs.map((tr) =>
              [...tr.children].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()).join(' '),
            ),
          );
        expect(rows).toEqual(
          [yesterday, today].map(
            (day) => `${dayShown(day, lang)} ${shown(spend.get(`${currency}|${day}`) ?? 0n, currency, lang)}`,
          ),
        );
        // The period's total, net and labelled: every posted line of the currency in the period.
        const periodNet = [yesterday, today].reduce(
          (sum, day) => sum + (spend.get(`${currency}|${day}`) ?? 0n),
          0n,
        );
        expect(await texts(page, `[data-currency="${currency}"] .period-total`)).toEqual([
          lang === 'de'
            ? `Nettoausgaben im Zeitraum: ${shown(periodNet, currency, lang)} (ohne MwSt.)`
            : `Net spend in this period: ${shown(periodNet, currency, lang)} (excl. VAT)`,
        ]);
      }
      // Top vendors, net: the vendor of each posted line's offer, per currency, largest first.
      const vendors = new Map<string, { vendor: string; currency: string; net: bigint; lines: number }>();
      for (const session of sessions)
        for (const line of session.lines) {
          const vendor = BY_OFFER.get(line.offerId)!.vendor;
          const entry = vendors.get(`${vendor}|${line.currency}`) ?? {
            vendor,
            currency: line.currency,
            net: 0n,
            lines: 0,
          };
          entry.net += lineNet(line);
          entry.lines += 1;
          vendors.set(`${vendor}|${line.currency}`, entry);
        }
      const ranked = [...vendors.values()].sort(
        (a, b) =>
          a.currency.localeCompare(b.currency) ||
          (b.net > a.net ? 1 : b.net < a.net ? -1 : 0) ||
          a.vendor.localeCompare(b.vendor),
      );
      const vendorRows = await page
        .locator('table.vendors tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) =>
            [...row.children].map((cell) => (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
          ),
        );
      expect(vendorRows).toEqual(
        ranked.map((v) => [v.vendor, shown(v.net, v.currency, lang), String(v.lines)]),
      );
      await saveScreenshot(page, `money-console-dashboard-${size}-${lang}`);

      // The sessions list: each session's cart total, net, with the gross under it.
      await page.goto(`${t.baseUrl}/audit/console/sessions?status=TRANSFERRED`);
      for (const session of sessions) {
        const totals = totalsOf(session.lines);
        const net = totals.map((total) => shown(total.net, total.currency, lang)).join(', ');
        const gross = totals.every((total) => total.gross !== null)
          ? ` ${totals.map((total) => shown(total.gross!, total.currency, lang)).join(', ')} ${lang === 'de' ? 'inkl. MwSt.' : 'incl. VAT'}`
          : '';
        expect(await texts(page, `tr[data-session-id="${session.id}"] td.number:last-child`)).toEqual([
          `${net}${gross}`,
        ]);
      }
      await saveScreenshot(page, `money-console-sessions-${size}-${lang}`);

      // Each session page: the lines (net unit, VAT rate, net line) and the totals under them.
      for (const session of sessions) {
        await page.goto(`${t.baseUrl}/audit/console/sessions/${session.id}`);
        const lines = await page
          .locator('table.cart tbody tr')
          .evaluateAll((rows) =>
            rows.map((row) =>
              [...row.children]
                .slice(2)
                .map((cell) => (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
            ),
          );
        expect(lines).toEqual(
          session.lines.map((line) => [
            String(line.quantity),
            `${shown(parseAmount(line.price), line.currency, lang, Math.max(DIGITS[line.currency], (line.price.split('.')[1] ?? '').replace(/0+$/, '').length))}${line.per > 1 ? ` ${lang === 'de' ? 'pro' : 'per'} ${line.per}` : ''}`,
            line.rate === null
              ? lang === 'de'
                ? 'nicht angegeben'
                : 'not stated'
              : rateShown(line.rate, lang),
            shown(lineNet(line), line.currency, lang),
          ]),
        );
        const totals = totalsOf(session.lines);
        expect(await texts(page, 'table.cart tfoot tr')).toEqual(
          totalRows(
            totals,
            lang,
            lang === 'de'
              ? 'Keine Summe inklusive MwSt.: Einige Positionen nennen ihren MwSt.-Satz nicht.'
              : 'No total including VAT: some lines do not state their VAT rate.',
          ),
        );
        expect(await texts(page, '[data-figure="cart-net"]')).toEqual([
          totals.map((total) => shown(total.net, total.currency, lang)).join(', '),
        ]);
        // The posted cart's table is not cut off on a desktop: every column, "Weitere Felder" last, fits.
        if (size === 'desktop') {
          const clipped = await page
            .locator('.table-wrap:has(table.posted-cart)')
            .evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth);
          expect(clipped).toBeLessThanOrEqual(0);
        }
        // Every further field is shown as posted, one per line.
        const further = await page.locator('table.posted-cart td.other-fields li').allInnerTexts();
        expect(further.length).toBeGreaterThan(0);
        for (const field of further) expect(field).toMatch(/^NEW_ITEM-[A-Z0-9_]+\[\d+\]=|^[A-Z0-9_]+=/);
        if (session.id === sessionOf.get('gross-and-net-eur') || session.id === oldSessionId) {
          expect(await seriousAccessibilityViolations(page)).toEqual([]);
          await saveScreenshot(
            page,
            `money-console-session-${session.id === oldSessionId ? 'older' : 'eur'}-${size}-${lang}`,
          );
        }
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.context().close();
    }, 120_000);
  }

  it('the review API and both exports carry the same figures, each named by its basis', async () => {
    const sessions = await postedSessions();
    const api = async (path: string): Promise<Json> => {
      const response = await fetch(`${t.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${auditorToken}` },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as Json;
    };
    const totalsJson = (lines: PostedLine[]) =>
      totalsOf(lines).map((total) => {
        const digits = DIGITS[total.currency];
        return {
          currency: total.currency,
          net: amountText(total.net, digits),
          vat: total.vat.map((share) => ({
            rate: share.rate,
            net: amountText(share.net, digits),
            vat: amountText(share.vat, digits),
          })),
          vatTotal: amountText(
            total.vat.reduce((sum, share) => sum + share.vat, 0n),
            digits,
          ),
          gross: total.gross === null ? null : amountText(total.gross, digits),
        };
      });
    const list = await api('/api/v1/audit/sessions?status=TRANSFERRED&limit=100');
    for (const session of sessions) {
      const item = list.items.find((entry: Json) => entry.id === session.id);
      expect(item.cartTotals).toEqual(totalsJson(session.lines));
      const detail = await api(`/api/v1/audit/sessions/${session.id}`);
      expect(
        detail.cartItems.map((entry: Json) => [
          entry.offerId,
          entry.netUnitPrice,
          entry.priceUnit,
          entry.vatRate,
          entry.netLineTotal,
        ]),
      ).toEqual(
        session.lines.map((line) => [
          line.offerId,
          line.price,
          line.per,
          line.rate,
          amountText(lineNet(line), DIGITS[line.currency]),
        ]),
      );
    }

    const cookie = await consoleCookie(t, auditor);
    const download = async (format: string) => {
      const response = await fetch(
        `${t.baseUrl}/audit/console/sessions/export?format=${format}&status=TRANSFERRED`,
        {
          headers: { cookie },
        },
      );
      expect(response.status).toBe(200);
      return response.text();
    };
    const columns = (lines: PostedLine[]) => {
      const totals = totalsOf(lines);
      const join = (amount: (total: Totals) => bigint) =>
        totals
          .map((total) => `${amountText(amount(total), DIGITS[total.currency])} ${total.currency}`)
          .join('; ');
      return {
        cartTotalNet: join((total) => total.net),
        cartVat: join((total) => total.vat.reduce((sum, share) => sum + share.vat, 0n)),
        cartTotalGross: totals.every((total) => total.gross !== null) ? join((total) => total.gross!) : '',
      };
    };
    const csv = parse(await download('csv'), { columns: true }) as Array<Record<string, string>>;
    const jsonl = (await download('jsonl'))
      .trim()
      .split('\n')
      .map((row) => JSON.parse(row) as Record<string, unknown>);
    for (const session of sessions) {
      const expected = columns(session.lines);
      const fromCsv = csv.find((row) => row.id === session.id)!;
      expect({
        cartTotalNet: fromCsv.cartTotalNet,
        cartVat: fromCsv.cartVat,
        cartTotalGross: fromCsv.cartTotalGross,
      }).toEqual(expected);
      const fromJson = jsonl.find((row) => row.id === session.id)!;
      expect({
        cartTotalNet: fromJson.cartTotalNet,
        cartVat: fromJson.cartVat,
        cartTotalGross: fromJson.cartTotalGross,
      }).toEqual(expected);
    }
  });
});
