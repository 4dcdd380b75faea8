import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { cli } from '../../support/cli';
import { startTestApp, TestApp } from '../../support/test-app';

interface FacetValue {
  id: string;
  name: string;
  selected?: boolean;
  count?: number;
}
interface Facet {
  id: string;
  name: string;
  values: FacetValue[];
}
interface SearchBody {
  count: { value: number; relation: string };
  data: Array<{ id: string }>;
  facets: Facet[];
}

/** A feature as a BMEcat 2005 FEATURE: names and values per language, an optional unit. */
interface Feature {
  de: string;
  en?: string;
  values: Array<[string, string?]>;
  unit?: string;
}
interface Item {
  pid: string;
  de: string;
  en: string;
  unspsc: string;
  price: string;
  features: Feature[];
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The project's own BMEcat 2005: two languages, a UNSPSC class (the category) and features. */
function bmecat(items: Item[]): string {
  const products = items.map((item) => {
    const features = item.features
      .map(
        (f) =>
          `<FEATURE><FNAME lang="deu">${escape(f.de)}</FNAME>${f.en ? `<FNAME lang="eng">${escape(f.en)}</FNAME>` : ''}` +
          f.values
            .map(
              ([de, en]) =>
                `<FVALUE lang="deu">${escape(de)}</FVALUE>${en ? `<FVALUE lang="eng">${escape(en)}</FVALUE>` : ''}`,
            )
            .join('') +
          (f.unit ? `<FUNIT>${escape(f.unit)}</FUNIT>` : '') +
          '</FEATURE>',
      )
      .join('');
    return `
    <PRODUCT>
      <SUPPLIER_PID>${item.pid}</SUPPLIER_PID>
      <PRODUCT_DETAILS>
        <DESCRIPTION_SHORT lang="deu">${escape(item.de)}</DESCRIPTION_SHORT>
        <DESCRIPTION_SHORT lang="eng">${escape(item.en)}</DESCRIPTION_SHORT>
      </PRODUCT_DETAILS>
      <PRODUCT_FEATURES>
        <REFERENCE_FEATURE_SYSTEM_NAME>UNSPSC</REFERENCE_FEATURE_SYSTEM_NAME>
        <REFERENCE_FEATURE_GROUP_ID>${item.unspsc}</REFERENCE_FEATURE_GROUP_ID>
        ${features}
      </PRODUCT_FEATURES>
      <PRODUCT_ORDER_DETAILS><ORDER_UNIT>C62</ORDER_UNIT><PRICE_QUANTITY>1</PRICE_QUANTITY></PRODUCT_ORDER_DETAILS>
      <PRODUCT_PRICE_DETAILS><PRODUCT_PRICE price_type="net_customer"><PRICE_AMOUNT>${item.price}</PRICE_AMOUNT><TAX>0.19</TAX></PRODUCT_PRICE></PRODUCT_PRICE_DETAILS>
    </PRODUCT>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<BMECAT xmlns="http://www.bmecat.org/bmecat/2005" version="2005">
  <HEADER>
    <CATALOG><LANGUAGE default="true">deu</LANGUAGE><LANGUAGE>eng</LANGUAGE><CATALOG_ID>F</CATALOG_ID><CATALOG_VERSION>1</CATALOG_VERSION><CURRENCY>EUR</CURRENCY></CATALOG>
    <SUPPLIER><SUPPLIER_NAME>Merkmal GmbH</SUPPLIER_NAME></SUPPLIER>
  </HEADER>
  <T_NEW_CATALOG>${products.join('')}
  </T_NEW_CATALOG>
</BMECAT>
`;
}

const COLOURS: Array<[string, string]> = [
  ['schwarz', 'black'],
  ['grau', 'grey'],
  ['blau', 'blue'],
];
const CABLES = '26121609';
const PAPER = '14111507';

/**
 * 12 cables (category "cables") and 10 papers (category "paper"), all with the word "Werkstatt":
 * cables share colour, cross-section and cores; the colour's name is written "Farbe" or "farbe "
 * (one key); one cable has a feature of its own. Papers share size and colour.
 */
const CATALOG: Item[] = [
  ...Array.from({ length: 12 }, (_, i): Item => ({
    pid: `CAB-${i + 1}`,
    de: `Werkstatt Installationskabel ${i + 1}`,
    en: `Workshop installation cable ${i + 1}`,
    unspsc: CABLES,
    price: `${10 + i}.00`,
    features: [
      { de: i % 4 === 0 ? 'farbe ' : 'Farbe', en: 'Colour', values: [COLOURS[i % 3]] },
      {
        de: 'Nennquerschnitt',
        en: 'Nominal cross-section',
        values: [[i % 2 === 0 ? '1,5' : '2,5']],
        unit: 'mm²',
      },
      { de: 'Aderzahl', en: 'Number of cores', values: [[i < 8 ? '3' : '5']] },
      ...(i === 0
        ? [
            {
              de: 'Sonderzulassung',
              en: 'Special approval',
              values: [['ja', 'yes']] as Array<[string, string]>,
            },
          ]
        : []),
    ],
  })),
  ...Array.from({ length: 10 }, (_, i): Item => ({
    pid: `PAP-${i + 1}`,
    de: `Werkstatt Kopierpapier ${i + 1}`,
    en: `Workshop copy paper ${i + 1}`,
    unspsc: PAPER,
    price: `${3 + i}.00`,
    features: [
      { de: 'Format', en: 'Size', values: [[i < 6 ? 'A4' : 'A3']] },
      { de: 'Farbe', en: 'Colour', values: [['weiß', 'white']] },
    ],
  })),
];

/**
 * Facets from features over HTTP on a real database, with a BMEcat the test writes imported by the
 * CLI: which features become facets (within a category, the shared ones), their names and values in
 * the buyer's language, counts equal to the filtered search's totals, filters that narrow, and
 * another organization's contract catalog kept out of the numbers.
 */
describe('search feature facets', () => {
  let t: TestApp;
  let dir: string;
  let token: string;
  let otherToken: string;
  let otherSlug: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { CATALOG_VERSION_CHECK_MS: '0', SEARCH_CACHE_MAX_ENTRIES: '0' } });
    dir = mkdtempSync(join(tmpdir(), 'feature-facets-'));
    const tokenOf = async (organization: Awaited<ReturnType<typeof createOrganization>>) => {
      const { client } = await createClient(t.prisma, organization);
      const user = await createUser(t.prisma, organization);
      return issueTestToken(t.prisma, user, client, { expiresInSeconds: 86_400 });
    };
    token = await tokenOf(await createOrganization(t.prisma));
    const other = await createOrganization(t.prisma);
    otherToken = await tokenOf(other);
    otherSlug = other.slug;
    expect((await cli(t.database.url, 'supplier', 'add', 'merkmal', '--name', 'Merkmal GmbH')).code).toBe(0);
    const path = join(dir, 'features.xml');
    writeFileSync(path, bmecat(CATALOG));
    const run = await cli(t.database.url, 'catalog', 'import', path, '--supplier', 'merkmal');
    expect([run.code, run.stderr]).toEqual([0, '']);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const search = async (
    params: Array<[string, string]>,
    language = 'en',
    bearerToken = token,
  ): Promise<SearchBody> => {
    const response = await fetch(`${t.baseUrl}/api/v1/marketplace/search?${new URLSearchParams(params)}`, {
      headers: { ...bearer(bearerToken), 'accept-language': language },
    });
    expect([response.status, params]).toEqual([200, params]);
    return (await response.json()) as SearchBody;
  };
  const productOf = async (sku: string) =>
    (await t.prisma.offer.findFirstOrThrow({ where: { vendorSku: sku } })).productId;
  const features = (body: SearchBody) => body.facets.filter((f) => f.id.startsWith('feature.'));
  const facet = (body: SearchBody, id: string) => body.facets.find((f) => f.id === id);

  it('stores features as normalized terms in the facts\' order: "Farbe" and "farbe " are one key, values with their unit', async () => {
    const rows = await t.prisma.$queryRaw<Array<{ terms: string[] }>>`
      SELECT p.feature_terms AS terms FROM product p JOIN offer o ON o.product_id = p.id
       WHERE o.vendor_sku IN ('CAB-1', 'CAB-2') ORDER BY o.vendor_sku`;
    expect(rows.map((r) => r.terms)).toEqual([
      ['farbe=schwarz', 'nennquerschnitt=1-5-mm', 'aderzahl=3', 'sonderzulassung=ja'],
      ['farbe=grau', 'nennquerschnitt=2-5-mm', 'aderzahl=3'],
    ]);
    // A term given twice is kept once (counts stay per product), a pair without a key is a gap, and a
    // facts value of another shape is no term rather than an error (each stays at its pair's position).
    const [odd] = await t.prisma.$queryRaw<Array<{ terms: string[]; broken: string[] }>>`
      SELECT gw_feature_terms('[{"name": {"de": "Farbe"}, "values": [{"de": "Rot"}, {"en": "rot"}, {"de": "blau"}]},
                                {"name": {"de": "%%"}, "values": [{"de": "x"}]}, "x",
                                {"name": {"en": "Length"}, "values": [{"en": "5"}], "unit": "m"}]'::jsonb) AS terms,
             gw_feature_terms('{"Farbe": "rot"}'::jsonb) AS broken`;
    expect(odd).toEqual({ terms: ['farbe=rot', null, 'farbe=blau', null, 'length=5-m'], broken: [] });
  });

  it("within the matches' one category, the features most of them share become facets, in the buyer's language", async () => {
    const en = await search([['query', 'installationskabel']]);
    expect(en.count.value).toBe(12);
    expect(features(en).map((f) => [f.id, f.name])).toEqual([
      ['feature.aderzahl', 'Number of cores'],
      ['feature.farbe', 'Colour'],
      ['feature.nennquerschnitt', 'Nominal cross-section'],
    ]);
    // Right after the category facet; the one cable's own feature is no facet.
    const ids = en.facets.map((f) => f.id);
    expect(ids.indexOf('feature.aderzahl')).toBe(ids.indexOf('category') + 1);
    expect(facet(en, 'feature.farbe')!.values).toEqual([
      { id: 'blau', name: 'blue', count: 4 },
      { id: 'grau', name: 'grey', count: 4 },
      { id: 'schwarz', name: 'black', count: 4 },
    ]);
    expect(facet(en, 'feature.nennquerschnitt')!.values).toEqual([
      { id: '1-5-mm', name: '1,5 mm²', count: 6 },
      { id: '2-5-mm', name: '2,5 mm²', count: 6 },
    ]);

    const de = await search([['query', 'installationskabel']], 'de');
    expect(features(de).map((f) => [f.id, f.name])).toEqual([
      ['feature.aderzahl', 'Aderzahl'],
      ['feature.farbe', 'Farbe'],
      ['feature.nennquerschnitt', 'Nennquerschnitt'],
    ]);
    expect(facet(de, 'feature.farbe')!.values.map((v) => v.name)).toEqual(['blau', 'grau', 'schwarz']);
  });

  it('gives no feature facets when the matches spread over categories, and those of the category chosen', async () => {
    const mixed = await search([['query', 'werkstatt']]);
    expect(mixed.count.value).toBe(22);
    expect(features(mixed)).toEqual([]);

    const paper = await search([
      ['query', 'werkstatt'],
      ['category', 'paper'],
    ]);
    expect(paper.count.value).toBe(10);
    expect(features(paper).map((f) => [f.id, f.name])).toEqual([
      ['feature.farbe', 'Colour'],
      ['feature.format', 'Size'],
    ]);
    // Counts are over the search with its other filters: white is every paper's colour.
    expect(facet(paper, 'feature.farbe')!.values).toEqual([{ id: 'weiss', name: 'white', count: 10 }]);
  });

  it('counts each value exactly as many results as its filter returns, and a filter narrows the search', async () => {
    const base: Array<[string, string]> = [
      ['query', 'werkstatt'],
      ['category', 'cables'],
    ];
    const body = await search(base);
    expect(body.count.value).toBe(12);
    const checked: string[] = [];
    for (const f of features(body)) {
      for (const value of f.values) {
        const filtered = await search([...base, [f.id, value.id]]);
        expect([f.id, value.id, filtered.count.value]).toEqual([f.id, value.id, value.count]);
        expect(filtered.count.value).toBeLessThan(body.count.value);
        // The selected value comes back selected, with its count.
        expect(facet(filtered, f.id)!.values.find((v) => v.id === value.id)).toMatchObject({
          selected: true,
          count: value.count,
        });
        checked.push(`${f.id}=${value.id}`);
      }
    }
    expect(checked).toHaveLength(7);

    // Values of one feature OR, features AND (with each other and the other facets).
    const either = await search([...base, ['feature.farbe', 'schwarz'], ['feature.farbe', 'blau']]);
    expect(either.count.value).toBe(8);
    // Selecting a colour keeps the colour's other values counted without it (multi-select).
    expect(facet(either, 'feature.farbe')!.values.map((v) => [v.id, v.count, v.selected ?? false])).toEqual([
      ['blau', 4, true],
      ['grau', 4, false],
      ['schwarz', 4, true],
    ]);
    const both = await search([...base, ['feature.farbe', 'schwarz'], ['feature.aderzahl', '5']]);
    // Black are cables i = 0, 3, 6, 9; five cores i >= 8: only i = 9 is both.
    expect(both.data.map((hit) => hit.id)).toEqual([await productOf('CAB-10')]);
    expect(facet(both, 'feature.aderzahl')!.values).toEqual([
      { id: '3', name: '3', count: 3 },
      { id: '5', name: '5', count: 1, selected: true },
    ]);
    const cheap = await search([...base, ['feature.farbe', 'schwarz'], ['price', '0-12']]);
    expect(cheap.data.map((hit) => hit.id)).toEqual([await productOf('CAB-1')]);
  });

  it('answers a feature or value no product has with no results, and keeps the selection to deselect it', async () => {
    const body = await search([
      ['query', 'installationskabel'],
      ['feature.laenge', '5-m'],
    ]);
    expect(body.count.value).toBe(0);
    expect(facet(body, 'feature.laenge')).toEqual({
      id: 'feature.laenge',
      name: 'laenge',
      values: [{ id: '5-m', name: '5-m', selected: true }],
    });
  });

  it('refuses a malformed feature key or value, and too many feature filters, with a 400', async () => {
    const refused = async (query: string) => {
      const response = await fetch(`${t.baseUrl}/api/v1/marketplace/search?query=kabel&${query}`, {
        headers: bearer(token),
      });
      const body = (await response.json()) as { error: string; error_description: string };
      return [response.status, body.error, body.error_description];
    };
    expect(await refused('feature.Farbe=rot')).toEqual([
      400,
      'invalid_request',
      'feature.Farbe: "Farbe" is not a feature key (lower-case letters, digits and "-")',
    ]);
    expect(await refused('feature.=rot')).toEqual([
      400,
      'invalid_request',
      'feature.: "" is not a feature key (lower-case letters, digits and "-")',
    ]);
    expect(await refused('feature.farbe=Rot')).toEqual([
      400,
      'invalid_request',
      'feature.farbe: "Rot" is not a value of this facet',
    ]);
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((k) => `feature.${k}=x`).join('&');
    expect(await refused(six)).toEqual([
      400,
      'invalid_request',
      'feature.<key>: at most 5 feature filters at once',
    ]);
    const many = Array.from({ length: 21 }, (_, i) => `feature.farbe=v${i}`).join('&');
    expect(await refused(many)).toEqual([400, 'invalid_request', 'feature.farbe: at most 20 values']);
  });

  it("keeps another organization's contract catalog out of the feature facets and their counts", async () => {
    const before = await search([['query', 'installationskabel']]);
    const contract = join(dir, 'contract.xml');
    writeFileSync(
      contract,
      bmecat(
        Array.from({ length: 4 }, (_, i): Item => ({
          pid: `VK-${i + 1}`,
          de: `Vertrags Installationskabel ${i + 1}`,
          en: `Contract installation cable ${i + 1}`,
          unspsc: CABLES,
          price: '7.00',
          features: [
            { de: 'Farbe', en: 'Colour', values: [['violett', 'purple']] },
            { de: 'Aderzahl', en: 'Number of cores', values: [['7']] },
          ],
        })),
      ),
    );
    expect((await cli(t.database.url, 'supplier', 'add', 'vertrag', '--name', 'Vertrag AG')).code).toBe(0);
    const run = await cli(
      t.database.url,
      'catalog',
      'import',
      contract,
      '--supplier',
      'vertrag',
      '--org',
      otherSlug,
    );
    expect([run.code, run.stderr]).toEqual([0, '']);

    // This organization sees the same facets and numbers as before: no purple, no 7 cores.
    const after = await search([['query', 'installationskabel']]);
    expect(features(after)).toEqual(features(before));
    expect(
      (
        await search([
          ['query', 'installationskabel'],
          ['feature.farbe', 'violett'],
        ])
      ).count.value,
    ).toBe(0);

    // The contractor sees its contract products among the facets, and each count is exactly what its
    // filtered search returns.
    const own = await search([['query', 'installationskabel']], 'en', otherToken);
    expect(own.count.value).toBe(16);
    expect(facet(own, 'feature.farbe')!.values).toContainEqual({ id: 'violett', name: 'purple', count: 4 });
    for (const f of features(own)) {
      for (const value of f.values) {
        const filtered = await search(
          [
            ['query', 'installationskabel'],
            [f.id, value.id],
          ],
          'en',
          otherToken,
        );
        expect([f.id, value.id, filtered.count.value]).toEqual([f.id, value.id, value.count]);
      }
    }
  });
});
