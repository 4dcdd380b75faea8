import {
  AVAILABILITY_NAMES,
  CONDITION_NAMES,
  deliveryIn,
  OFFER_TEXTS,
} from '../../../src/catalog/catalog.messages';
import { priceUnitText, UNIT_NAMES } from '../../../src/catalog/units';
import { Language } from '../../../src/common/i18n/language';
import { UserRole } from '../../../src/generated/prisma/client';
import { ClientsService } from '../../../src/oauth/clients.service';
import { OCI_CALLUP_MESSAGES } from '../../../src/punchout/oci/oci-callup.messages';
import { MESSAGES } from '../../../src/punchout/shop/punchout.messages';
import {
  FACET_NAMES,
  YES,
  deliveryWithin,
  priceRangeName,
  starsAndUp,
} from '../../../src/search/search.messages';
import { ERROR_PAGE_TEXTS } from '../../../src/web/html-error.responder';
import { createCatalog, ProductSpec } from '../../factories/catalog.factory';
import { addRules } from '../../factories/guidance.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, startPunchout } from '../../factories/punchout.factory';
import { issueTestToken } from '../../support/auth';
import { englishOn, englishPhrases } from '../../support/english-phrases';
import { csrfOf, getPage, PageResponse, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

/** A function of the catalog that takes the language last, as a catalog with an en and a de branch. */
const byLanguage = <A extends unknown[]>(fn: (...args: [...A, Language]) => string) => ({
  en: (...args: A) => fn(...args, 'en'),
  de: (...args: A) => fn(...args, 'de'),
});

/** Every message catalog the buyer's pages draw on. */
const PHRASES = englishPhrases({
  punchout: MESSAGES,
  ociCallup: OCI_CALLUP_MESSAGES,
  errorPages: ERROR_PAGE_TEXTS,
  availability: AVAILABILITY_NAMES,
  condition: CONDITION_NAMES,
  offerTexts: OFFER_TEXTS,
  units: UNIT_NAMES,
  facets: FACET_NAMES,
  yes: YES,
  deliveryIn: byLanguage((days: number, lang: Language) => deliveryIn(days, lang)),
  deliveryWithin: byLanguage((days: number, lang: Language) => deliveryWithin(days, lang)),
  starsAndUp: byLanguage((stars: number, lang: Language) => starsAndUp(stars, lang)),
  priceRange: byLanguage((lang: Language) => priceRangeName('10-25', 'EUR', lang)),
  priceUnit: byLanguage((lang: Language) => priceUnitText('PK', 5, lang)),
});

/**
 * Product data in German (names, vendors, notes are the catalog's and the organization's words, not
 * ours), with every offer text the catalog translates: tax labels, price information, fulfilment.
 */
const CATALOG: ProductSpec[] = [
  {
    id: 'de-stift',
    name: 'Kugelschreiber blau',
    categoryId: 'writing',
    brand: 'Schreibwerk',
    starRating: 4.2,
    features: ['Nachfüllbar'],
    offers: [
      {
        id: 'de-stift-a',
        vendor: 'Bürowelt',
        price: '4.5000',
        vatRate: '19',
        priceTaxLabel: 'excl. VAT',
        priceInfo: 'Volume discounts from 10 units',
        fulfillment: 'Shipped by the vendor',
        quantityTiers: [{ minQuantity: 10, price: 4.0 }],
        quantityMin: 1,
        quantityMax: 100,
        condition: 'new',
        availability: 'limited',
        unit: 'PK',
        priceUnitQuantity: 5,
      },
      {
        id: 'de-stift-b',
        vendor: 'Gesperrter Händler',
        price: '3.0000',
        vatRate: '19',
        priceIncludesVat: true,
        priceTaxLabel: 'incl. 19% VAT',
        fulfillment: 'Fulfilled by the marketplace',
        condition: 'refurbished',
        availability: 'backorder',
      },
    ],
  },
  {
    id: 'de-buch',
    name: 'Handbuch Beschaffung',
    categoryId: 'writing',
    offers: [
      {
        id: 'de-buch-a',
        vendor: 'Buchhandel',
        price: '21.4000',
        vatRate: '7',
        priceIncludesVat: true,
        priceTaxLabel: 'incl. 7% VAT',
        condition: 'used',
        availability: 'out_of_stock',
        deliveryDays: 1,
      },
    ],
  },
];

const DE = { 'accept-language': 'de-DE,de;q=0.9' };
const HOOK = 'https://srm.example.com/hook';

describe('every word of the buyer pages in German', () => {
  let t: TestApp;
  let buyer: string;
  let callup: { clientId: string; punchoutSecret: string; email: string };
  /** Every page rendered, by name, to check together. */
  const pages = new Map<string, PageResponse>();

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, CATALOG);
    const organization = await createOrganization(t.prisma);
    const { client, clientId } = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://srm.example.com'],
    });
    const user = await createUser(t.prisma, organization, { email: `einkauf-${clientId}@firma.example` });
    buyer = await issueTestToken(t.prisma, user, client);
    const admin = await issueTestToken(
      t.prisma,
      await createUser(t.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] }),
      client,
    );
    await addRules(t.baseUrl, admin, [
      {
        effect: 'blocked',
        matcher: 'vendor',
        value: 'Gesperrter Händler',
        note: 'Kein freigegebener Lieferant',
      },
      { effect: 'preferred', matcher: 'product', value: 'de-stift' },
    ]);
    const { punchoutSecret } = await t.app.get(ClientsService).setPunchoutSecret(clientId, { label: 'test' });
    callup = { clientId, punchoutSecret, email: user.email };
  });
  afterAll(() => t.close());

  async function openSession(): Promise<{ url: string; startUrl: string }> {
    const started = await startPunchout(t.baseUrl, buyer, 'de-stift', { callbackUrl: HOOK });
    expect(started.status).toBe(201);
    const startUrl = onTestApp(started.body.redirectUrl as string, t.baseUrl);
    const opened = await getPage(startUrl, DE);
    expect(opened.status).toBe(303);
    return { url: `${t.baseUrl}${opened.location}`, startUrl };
  }

  const keep = (name: string, page: PageResponse, status: number) => {
    expect({ name, status: page.status }).toEqual({ name, status });
    pages.set(name, page);
    return page;
  };

  it('finds English phrases to look for (the check itself can fail)', () => {
    const phrases = PHRASES.map((p) => p.phrase);
    for (const phrase of [
      'Add to cart',
      'Shipped by the vendor',
      'Volume discounts from 10 units',
      'excl. VAT',
    ]) {
      expect(phrases).toContain(phrase);
    }
    expect(englishOn('<p>Versand: <b>Shipped by the vendor</b></p>', PHRASES)).toEqual([
      '"Shipped by the vendor" (offerTexts.Shipped by the vendor)',
    ]);
    expect(englishOn('<button aria-label="Add to cart">x</button>', PHRASES)[0]).toContain('Add to cart');
    expect(
      englishOn('<p>In den Warenkorb</p><input type="hidden" name="x" value="Add to cart">', PHRASES),
    ).toEqual([]);
  });

  it('renders every page of a session, its refusals and its end in German only', async () => {
    const { url, startUrl } = await openSession();
    const product = keep('product', await getPage(url, DE), 200);
    // The control: the same page in English shows the phrases the German one must not.
    const english = englishOn((await getPage(url, { 'accept-language': 'en' })).html, PHRASES).join('\n');
    for (const phrase of [
      'Add to cart',
      'Shipped by the vendor',
      'Volume discounts from 10 units',
      'Quantity prices',
    ]) {
      expect(english).toContain(`"${phrase}"`);
    }
    const csrf = csrfOf(product.html);
    keep('other product', await getPage(`${url}/product/de-buch`, DE), 200);
    keep('search', await getPage(`${url}/search?query=kugelschreiber`, DE), 200);
    keep('search filtered', await getPage(`${url}/search?query=kugelschreiber&condition-type=new`, DE), 200);
    keep('search without hits', await getPage(`${url}/search?query=zzzkeinetreffer`, DE), 200);
    keep('search refused', await getPage(`${url}/search?query=-nur`, DE), 400);
    keep('search malformed', await getPage(`${url}/search?query=`, DE), 400);
    keep('cart empty', await getPage(`${url}/cart`, DE), 200);
    keep(
      'add blocked',
      await postForm(
        `${url}/cart/add`,
        { csrf, offerId: 'de-stift-b', quantity: '1', productId: 'de-stift' },
        DE,
      ),
      403,
    );
    keep(
      'add too many',
      await postForm(
        `${url}/cart/add`,
        { csrf, offerId: 'de-stift-a', quantity: '500', productId: 'de-stift' },
        DE,
      ),
      400,
    );
    keep(
      'add unknown',
      await postForm(`${url}/cart/add`, { csrf, offerId: 'nichts', quantity: '1' }, DE),
      404,
    );
    expect(
      (
        await postForm(
          `${url}/cart/add`,
          { csrf, offerId: 'de-stift-a', quantity: '12', productId: 'de-stift' },
          DE,
        )
      ).status,
    ).toBe(303);
    expect(
      (
        await postForm(
          `${url}/cart/add`,
          { csrf, offerId: 'de-buch-a', quantity: '1', productId: 'de-buch' },
          DE,
        )
      ).status,
    ).toBe(303);
    keep('cart with lines', await getPage(`${url}/cart?done=added`, DE), 200);
    keep(
      'update refused',
      await postForm(`${url}/cart/update`, { csrf, offerId: 'de-stift-a', quantity: '0' }, DE),
      400,
    );
    keep(
      'bad csrf',
      await postForm(`${url}/cart/add`, { csrf: 'falsch', offerId: 'de-stift-a', quantity: '1' }, DE),
      403,
    );
    keep('transfer', await postForm(`${url}/transfer`, { csrf }, DE), 200);
    keep('after transfer', await getPage(url, DE), 200);
    keep('start link used', await getPage(startUrl, DE), 410);
    keep('unknown session', await getPage(`${t.baseUrl}/punchout/s/psk_gibtesnicht/cart`, DE), 404);

    const cancelled = await openSession();
    const cancelCsrf = csrfOf((await getPage(cancelled.url, DE)).html);
    keep('cancel', await postForm(`${cancelled.url}/cancel`, { csrf: cancelCsrf }, DE), 200);
  });

  it('renders the OCI call-up pages in German: start page, DETAIL, VALIDATE, background search, refusals', async () => {
    const call = (params: Record<string, string>) =>
      `${t.baseUrl}/punchout/oci?${new URLSearchParams({
        USERNAME: callup.clientId,
        PASSWORD: callup.punchoutSecret,
        EMAIL: callup.email,
        HOOK_URL: HOOK,
        ...params,
      }).toString()}`;
    const shop = await getPage(call({}), DE);
    expect(shop.status).toBe(303);
    keep('call-up start page', await getPage(`${t.baseUrl}${shop.location}`, DE), 200);
    keep('DETAIL', await getPage(call({ FUNCTION: 'DETAIL', PRODUCTID: 'de-stift' }), DE), 200);
    keep(
      'VALIDATE',
      await getPage(call({ FUNCTION: 'VALIDATE', PRODUCTID: 'de-stift', QUANTITY: '2' }), DE),
      200,
    );
    keep(
      'BACKGROUND_SEARCH',
      await getPage(call({ FUNCTION: 'BACKGROUND_SEARCH', SEARCHSTRING: 'kugelschreiber' }), DE),
      200,
    );
    keep('wrong secret', await getPage(call({ PASSWORD: 'mpgp_falsch' }), DE), 401);
    keep('hook outside origins', await getPage(call({ HOOK_URL: 'https://fremd.example/hook' }), DE), 403);
    keep('unknown function', await getPage(call({ FUNCTION: 'GIBTESNICHT' }), DE), 400);
  });

  it('labels the OCI long texts sent to SAP in German: transfer and VALIDATE', () => {
    for (const name of ['transfer', 'VALIDATE']) {
      const html = pages.get(name)?.html ?? '';
      expect({ name, german: html.includes('Lieferant: ') }).toEqual({ name, german: true });
      expect({ name, english: /Vendor: |Condition: /.test(html) }).toEqual({ name, english: false });
    }
  });

  it('shows no English text from the message catalogs on any of them', () => {
    expect(pages.size).toBeGreaterThanOrEqual(25);
    const english = [...pages].flatMap(([name, page]) =>
      englishOn(page.html, PHRASES).map((found) => `${name}: ${found}`),
    );
    expect(english).toEqual([]);
  });
});
