import { FIXED_CATALOG, createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { Json, bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

const COUNT_CAP = 10; // the fixed catalog has 13 products, all matching "fixture"

describe('GET /api/v1/marketplace/search', () => {
  let t: TestApp;
  /** The same application and data with a small count cap. */
  let capped: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, FIXED_CATALOG);
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    token = await issueTestToken(t.prisma, await createUser(t.prisma, organization), client);
    capped = await startTestApp({ database: t.database, env: { SEARCH_COUNT_CAP: String(COUNT_CAP) } });
  });
  afterAll(async () => {
    await capped.close();
    await t.close();
  });

  function get(
    params: Array<[string, string]> | Record<string, string>,
    headers: Record<string, string> = {},
  ) {
    const query = new URLSearchParams(params).toString();
    return fetch(`${t.baseUrl}/api/v1/marketplace/search?${query}`, {
      headers: { ...bearer(token), ...headers },
    });
  }
  async function search(
    params: Array<[string, string]> | Record<string, string>,
    headers = {},
  ): Promise<Json> {
    const response = await get(params, headers);
    expect(response.status).toBe(200);
    return bodyOf(response);
  }
  const ids = (body: Json): string[] => body.data.map((r: Json) => r.id);
  const facet = (body: Json, id: string): Json => body.facets.find((f: Json) => f.id === id);

  it('answers 401 without a token', async () => {
    const response = await fetch(`${t.baseUrl}/api/v1/marketplace/search?query=pen`);
    expect(response.status).toBe(401);
    expect((await bodyOf(response)).error).toBe('invalid_token');
  });

  it('returns the spec shape with every required field', async () => {
    const body = await search({ query: 'fixture' });
    expect(body).toMatchObject({
      id: 'marketplace',
      name: 'Marketplace',
      count: { value: expect.any(Number) },
    });
    expect(body.data.length).toBe(13);
    for (const result of body.data) {
      expect(result).toMatchObject({
        id: expect.any(String),
        provider: 'marketplace',
        name: expect.any(String),
        price: { amount: expect.any(Number), currency: 'EUR', formatted: expect.any(String) },
        preview: {
          url: expect.stringMatching(/^http:\/\/gateway\.test\/images\/products\/.+\/small\.svg$/),
          kind: 'small',
        },
        preferred: false,
        blocked: false,
        sku: expect.any(String),
        availability: expect.any(String),
      });
      expect(result.price.amount).toBeGreaterThanOrEqual(0);
    }
    expect(body.facets.map((f: Json) => f.id)).toEqual(
      expect.arrayContaining([
        'category',
        'price',
        'availability',
        'delivery_day',
        'lbr_brands_browse-bin',
        'condition-type',
      ]),
    );
    for (const f of body.facets) {
      expect(f).toMatchObject({
        id: expect.any(String),
        name: expect.any(String),
        values: expect.any(Array),
      });
      for (const v of f.values) expect(v).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    }
  });

  it('shows the best offer of a result: lowest price, its vendor, delivery and tax label', async () => {
    const [chair] = (await search({ query: 'Comfort' })).data;
    expect(chair).toMatchObject({
      id: 'chair-1',
      vendor: 'Möbelwerk',
      price: { amount: 199, formatted: '€199.00' },
      delivery: 'Delivery in 2 days',
      priceTaxLabel: 'excl. VAT',
      starRating: 4.5,
      quantityDiscountsAvailable: false,
    });
    const [used] = (await search({ query: 'armrests' })).data;
    expect(used).toMatchObject({ id: 'chair-2', vendor: 'Second Hand Office', price: { amount: 180 } });
    const [pen] = (await search({ query: 'ballpoint', pageSize: '1' })).data;
    expect(pen).toMatchObject({ id: 'pen-1', quantityDiscountsAvailable: true });
  });

  it('ranks a match in the name above a match in the description only', async () => {
    const body = await search({ query: 'pen' });
    expect(ids(body)).toEqual(expect.arrayContaining(['pen-1', 'pen-3', 'organiser']));
    expect(ids(body).indexOf('organiser')).toBe(ids(body).length - 1);
  });

  it('matches a quoted phrase only when its words are adjacent', async () => {
    expect(ids(await search({ query: 'ballpoint pen' })).sort()).toEqual(['pen-1', 'pen-3']);
    expect(ids(await search({ query: '"ballpoint pen"' }))).toEqual(['pen-1']);
  });

  it('excludes -words and accepts "or"', async () => {
    expect(ids(await search({ query: 'pelikan -fountain' }))).toEqual(['pen-1']);
    expect(ids(await search({ query: 'highlighter or armrests' })).sort()).toEqual(['chair-2', 'pen-2']);
  });

  it('finds German words without umlauts and accents, and stems German and English', async () => {
    // The English-named chair is found through its category name "Bürostühle", after
    // the product that has the word in its own name.
    expect(ids(await search({ query: 'burostuhl' }))).toEqual(['chair-1', 'chair-2']);
    expect(ids(await search({ query: 'Bürostuhl' }))).toEqual(['chair-1', 'chair-2']);
    expect(ids(await search({ query: 'kopierpapier weiss' }))).toEqual(['paper-1']);
    expect(ids(await search({ query: 'creme' }))).toEqual(['creme-1']);
    expect(ids(await search({ query: 'Handschuh' }))).toEqual(['gloves-1']);
    expect(ids(await search({ query: 'cables' })).sort()).toEqual(['cable-1', 'cable-2']);
  });

  it('falls back to trigram similarity when full-text search finds nothing', async () => {
    expect(ids(await search({ query: 'Bürostul' }))).toEqual(['chair-1']);
    expect(ids(await search({ query: 'stabillo' }))).toEqual(['pen-2']);
    const nothing = await search({ query: 'zzqxj' });
    expect(nothing.count).toEqual({ value: 0, relation: 'eq' });
    expect(nothing.data).toEqual([]);
  });

  it.each([
    ['category', 'writing', ['pen-1', 'pen-2', 'pen-3']],
    ['category', 'office', ['organiser', 'paper-1', 'paper-2', 'pen-1', 'pen-2', 'pen-3']],
    ['price', '0-1', ['pen-2']],
    ['price', '250-', []],
    ['availability', 'backorder', ['cable-2']],
    ['delivery_day', '2', ['chair-1']],
    ['review-rating', '4', ['chair-1', 'pen-1']],
    ['is_prime', 'true', ['chair-1']],
    ['cpf_eligible', 'true', ['paper-1', 'pen-1']],
    ['lbr_brands_browse-bin', 'pelikan', ['pen-1', 'pen-3']],
    ['condition-type', 'refurbished', ['cable-1']],
  ])('narrows by %s=%s', async (name, value, expected) => {
    const body = await search([
      ['query', 'fixture'],
      [name, value],
    ]);
    expect(ids(body).sort()).toEqual(expected);
    expect(body.count).toEqual({ value: expected.length, relation: 'eq' });
  });

  it('ORs the values of one facet and ANDs different facets', async () => {
    const either = await search([
      ['query', 'fixture'],
      ['lbr_brands_browse-bin', 'pelikan'],
      ['lbr_brands_browse-bin', 'stabilo'],
    ]);
    expect(ids(either).sort()).toEqual(['pen-1', 'pen-2', 'pen-3']);
    const both = await search([
      ['query', 'fixture'],
      ['lbr_brands_browse-bin', 'pelikan'],
      ['lbr_brands_browse-bin', 'stabilo'],
      ['price', '0-10'],
    ]);
    expect(ids(both).sort()).toEqual(['pen-1', 'pen-2']);
  });

  it('round-trips every facet value as a filter that comes back selected', async () => {
    const all = await search({ query: 'fixture' });
    for (const f of all.facets) {
      for (const value of f.values) {
        const body = await search([
          ['query', 'fixture'],
          [f.id, value.id],
        ]);
        expect(body.data.length).toBeGreaterThan(0);
        const again = [...(facet(body, f.id).values ?? []), ...(facet(body, f.id).parents ?? [])];
        expect(again.find((v: Json) => v.id === value.id)).toMatchObject({ selected: true });
      }
    }
  });

  it('lists child categories and the selected category with its parents', async () => {
    const roots = facet(await search({ query: 'fixture' }), 'category');
    expect(roots.parents).toBeUndefined();
    expect(roots.values.map((v: Json) => v.id).sort()).toEqual(['books', 'furniture', 'it', 'mro', 'office']);
    const office = facet(await search({ query: 'fixture', category: 'office' }), 'category');
    expect(office.parents).toEqual([{ id: 'office', name: 'Office supplies', selected: true }]);
    expect(office.values.map((v: Json) => v.id).sort()).toEqual(['desk-accessories', 'paper', 'writing']);
    const writing = facet(await search({ query: 'fixture', category: 'writing' }), 'category');
    expect(writing.parents.map((p: Json) => p.id)).toEqual(['office', 'writing']);
  });

  it('pages without duplicates in a stable order', async () => {
    const whole = ids(await search({ query: 'fixture', pageSize: '24' }));
    const pages: string[] = [];
    for (const page of ['1', '2', '3'])
      pages.push(...ids(await search({ query: 'fixture', page, pageSize: '5' })));
    expect(pages).toEqual(whole);
    expect(new Set(pages).size).toBe(13);
    expect(ids(await search({ query: 'fixture', page: '4', pageSize: '5' }))).toEqual([]);
  });

  it('reports a lower bound above the count cap and an exact count below it', async () => {
    expect((await search({ query: 'fixture' })).count).toEqual({ value: 13, relation: 'eq' });
    {
      const count = async (query: string) => {
        const response = await fetch(`${capped.baseUrl}/api/v1/marketplace/search?query=${query}`, {
          headers: bearer(token),
        });
        return (await bodyOf(response)).count;
      };
      expect(await count('fixture')).toEqual({ value: COUNT_CAP, relation: 'gte' });
      expect(await count('pelikan')).toEqual({ value: 2, relation: 'eq' });
    }
  });

  it('localizes names and prices by Accept-Language, English by default', async () => {
    const de = await get({ query: 'Comfort' }, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(de.headers.get('content-language')).toBe('de');
    const body = await bodyOf(de);
    expect(body.name).toBe('Marktplatz');
    expect(body.data[0].price.formatted).toBe('199,00\u00a0€');
    expect(body.data[0].delivery).toBe('Lieferung in 2 Tagen');
    expect(facet(body, 'category').name).toBe('Kategorie');
    expect(facet(body, 'category').values[0].name).toBe('Möbel');
    const en = await get({ query: 'Comfort' }, { 'accept-language': 'fr' });
    expect(en.headers.get('content-language')).toBe('en');
    expect((await bodyOf(en)).data[0].price.formatted).toBe('€199.00');
  });

  it('ignores unknown filter parameters', async () => {
    const plain = await search({ query: 'pelikan' });
    const withUnknown = await search({ query: 'pelikan', p_n_feature_browse: 'x', 'some-facet': 'y' });
    expect(ids(withUnknown)).toEqual(ids(plain));
  });

  it.each([
    ['a missing query', {}],
    ['a blank query', { query: '   ' }],
    ['an over-long query', { query: 'x'.repeat(201) }],
    ['page 0', { query: 'pen', page: '0' }],
    ['page -1', { query: 'pen', page: '-1' }],
    ['page abc', { query: 'pen', page: 'abc' }],
    ['pageSize 0', { query: 'pen', pageSize: '0' }],
    ['pageSize 25', { query: 'pen', pageSize: '25' }],
    ['pageSize abc', { query: 'pen', pageSize: 'abc' }],
    ['a malformed value of a known facet', { query: 'pen', price: 'cheap' }],
    ['an over-long query string', { query: 'pen', junk: 'x'.repeat(5000) }],
  ])('answers %s with 400 invalid_request', async (_case, params) => {
    const response = await get(params as Record<string, string>);
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toEqual(expect.any(String));
  });

  it('serves the preview image as a sized, cacheable SVG', async () => {
    const [result] = (await search({ query: 'Comfort' })).data;
    const path = new URL(result.preview.url).pathname;
    const image = await fetch(`${t.baseUrl}${path}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(image.headers.get('cache-control')).toContain('max-age');
    expect(await image.text()).toContain('width="160" height="160"');
    // An unknown id gets the same placeholder (images.e2e-spec.ts): existence is not revealed.
    expect((await fetch(`${t.baseUrl}/images/products/nope/small.svg`)).status).toBe(200);
    expect((await fetch(`${t.baseUrl}/images/products/chair-1/huge.svg`)).status).toBe(400);
  });
});
