import { UserRole } from '../../../src/generated/prisma/client';
import { ClientsService } from '../../../src/oauth/clients.service';
import { createCatalog, ProductSpec } from '../../factories/catalog.factory';
import { addRules } from '../../factories/guidance.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, startPunchout } from '../../factories/punchout.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { ociFormOf, ociItemsOf } from '../../support/oci-form';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Products with texts in two languages, one in German only, one without texts (its stored name):
 * every place a buyer reads a product's name answers in the buyer's language, falling back to the
 * other language, then to the stored name (docs/catalogs.md, "Languages").
 */
const CATALOG: ProductSpec[] = [
  {
    id: 'lang-both',
    name: 'Tastatur Lingua, kabelgebunden',
    texts: {
      de: { name: 'Tastatur Lingua, kabelgebunden', description: 'Deutsches Layout' },
      en: { name: 'Lingua keyboard, wired', description: 'German layout' },
    },
    categoryId: 'peripherals',
    features: ['lingua'],
    offers: [{ price: '19.9000', vatRate: '19', vendorSku: 'LB-1' }],
  },
  {
    id: 'lang-de',
    name: 'stored name of the German-only product',
    texts: { de: { name: 'Lingua Mauspad, nur deutsch' } },
    categoryId: 'peripherals',
    features: ['lingua'],
    offers: [{ price: '4.9000', vatRate: '19' }],
  },
  {
    id: 'lang-none',
    name: 'Lingua Ablage, gespeichert',
    categoryId: 'peripherals',
    features: ['lingua'],
    offers: [{ price: '2.9000', vatRate: '19' }],
  },
];

const EN = { 'accept-language': 'en-GB,en;q=0.9' };
const DE = { 'accept-language': 'de-DE,de;q=0.9' };
const HOOK = 'https://srm.example.com/hook';

describe("product texts in the buyer's language", () => {
  let t: TestApp;
  let buyer: string;
  let callup: { clientId: string; punchoutSecret: string; email: string };

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, CATALOG);
    const organization = await createOrganization(t.prisma);
    const { client, clientId } = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://srm.example.com'],
    });
    const user = await createUser(t.prisma, organization, { email: `buyer-${clientId}@firma.example` });
    buyer = await issueTestToken(t.prisma, user, client);
    const admin = await issueTestToken(
      t.prisma,
      await createUser(t.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] }),
      client,
    );
    await addRules(t.baseUrl, admin, [{ effect: 'preferred', matcher: 'product', value: 'lang-both' }]);
    const { punchoutSecret } = await t.app.get(ClientsService).setPunchoutSecret(clientId, { label: 'test' });
    callup = { clientId, punchoutSecret, email: user.email };
    // Booting the app on a busy machine can take longer than jest's default.
  }, 120_000);
  afterAll(() => t.close());

  async function details(id: string, headers: Record<string, string>) {
    const response = await fetch(`${t.baseUrl}/api/v1/marketplace/product/${id}`, {
      headers: { ...bearer(buyer), ...headers },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { name: string; images: Array<{ altText?: string }> };
    return { language: response.headers.get('content-language'), body };
  }

  async function search(headers: Record<string, string>) {
    const response = await fetch(`${t.baseUrl}/api/v1/marketplace/search?query=lingua&sort=price-asc`, {
      headers: { ...bearer(buyer), ...headers },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Array<{ id: string; name: string }> };
    return {
      language: response.headers.get('content-language'),
      names: Object.fromEntries(body.data.map((hit) => [hit.id, hit.name])),
    };
  }

  const NAMES = {
    en: {
      'lang-both': 'Lingua keyboard, wired',
      'lang-de': 'Lingua Mauspad, nur deutsch',
      'lang-none': 'Lingua Ablage, gespeichert',
    },
    de: {
      'lang-both': 'Tastatur Lingua, kabelgebunden',
      'lang-de': 'Lingua Mauspad, nur deutsch',
      'lang-none': 'Lingua Ablage, gespeichert',
    },
  };

  it('product details: English after German and German after English, each from the warm caches', async () => {
    for (const [headers, language] of [
      [EN, 'en'],
      [DE, 'de'],
      [EN, 'en'],
      [DE, 'de'],
    ] as const) {
      for (const id of ['lang-both', 'lang-de', 'lang-none'] as const) {
        const answer = await details(id, headers);
        expect({ id, language: answer.language, name: answer.body.name }).toEqual({
          id,
          language,
          name: NAMES[language][id],
        });
      }
    }
    // The placeholder pictures' alt text names the product as the answer does.
    expect((await details('lang-both', DE)).body.images[0].altText).toContain('Tastatur Lingua');
  });

  it('search results: English after German and German after English (the result cache is keyed by language)', async () => {
    for (const [headers, language] of [
      [DE, 'de'],
      [EN, 'en'],
      [DE, 'de'],
      [EN, 'en'],
    ] as const) {
      expect(await search(headers)).toEqual({ language, names: NAMES[language] });
    }
  });

  it("the shop's product, search, cart and start pages name products in the page's language", async () => {
    const started = await startPunchout(t.baseUrl, buyer, 'lang-both', { callbackUrl: HOOK });
    const opened = await getPage(onTestApp(started.body.redirectUrl as string, t.baseUrl), DE);
    const url = `${t.baseUrl}${opened.location}`;
    const titleOf = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
    expect(titleOf((await getPage(url, EN)).html)).toBe('Lingua keyboard, wired');
    expect(titleOf((await getPage(url, DE)).html)).toBe('Tastatur Lingua, kabelgebunden');
    expect(titleOf((await getPage(url, EN)).html)).toBe('Lingua keyboard, wired');

    const searchEn = (await getPage(`${url}/search?query=lingua`, EN)).html;
    const searchDe = (await getPage(`${url}/search?query=lingua`, DE)).html;
    expect(searchEn).toContain('Lingua keyboard, wired');
    expect(searchEn).not.toContain('Tastatur Lingua');
    expect(searchDe).toContain('Tastatur Lingua, kabelgebunden');
    expect(searchDe).not.toContain('Lingua keyboard');

    const csrf = csrfOf((await getPage(url, DE)).html);
    await postForm(
      `${url}/cart/add`,
      { csrf, offerId: 'lang-both-o1', quantity: '2', productId: 'lang-both' },
      DE,
    );
    expect((await getPage(`${url}/cart`, EN)).html).toContain('Lingua keyboard, wired');
    expect((await getPage(`${url}/cart`, DE)).html).toContain('Tastatur Lingua, kabelgebunden');

    // An OCI call-up without a product opens on the start page: the preferred product in its language.
    const call = `${t.baseUrl}/punchout/oci?${new URLSearchParams({
      USERNAME: callup.clientId,
      PASSWORD: callup.punchoutSecret,
      EMAIL: callup.email,
      HOOK_URL: HOOK,
    }).toString()}`;
    const shop = await getPage(call, EN);
    const startEn = (await getPage(`${t.baseUrl}${shop.location}`, EN)).html;
    const startDe = (await getPage(`${t.baseUrl}${shop.location}`, DE)).html;
    expect(startEn).toContain('Lingua keyboard, wired');
    expect(startDe).toContain('Tastatur Lingua, kabelgebunden');
  });

  it("the OCI transfer sends DESCRIPTION and LONGTEXT in the session's language", async () => {
    for (const [headers, name] of [
      [DE, 'Tastatur Lingua, kabelgebunden'],
      [EN, 'Lingua keyboard, wired'],
    ] as const) {
      const started = await startPunchout(t.baseUrl, buyer, 'lang-both', { callbackUrl: HOOK });
      const opened = await getPage(onTestApp(started.body.redirectUrl as string, t.baseUrl), headers);
      const url = `${t.baseUrl}${opened.location}`;
      const csrf = csrfOf((await getPage(url, headers)).html);
      for (const id of ['lang-both', 'lang-de'])
        await postForm(
          `${url}/cart/add`,
          { csrf, offerId: `${id}-o1`, quantity: '1', productId: id },
          headers,
        );
      const sent = await postForm(`${url}/transfer`, { csrf }, headers);
      expect(sent.status).toBe(200);
      const items = ociItemsOf(ociFormOf(sent.html).fields);
      expect(items.map((item) => item.DESCRIPTION)).toEqual([name, 'Lingua Mauspad, nur deutsch']);
      expect(items[0].LONGTEXT.split('\r\n')[0]).toBe(name);
    }
  });
});
