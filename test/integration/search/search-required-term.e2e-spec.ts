import { SearchRepository } from '../../../src/search/search.repository';
import { ProductSpec, createCatalog } from '../../factories/catalog.factory';
import { OrganizationTokens, organizationWithTokens } from '../../factories/guidance.factory';
import { onTestApp, startPunchout } from '../../factories/punchout.factory';
import { bearer } from '../../support/auth';
import { getPage } from '../../support/punchout-pages';
import { bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

const CATALOG: ProductSpec[] = [
  { id: 'rt-cable', name: 'Kabel rot', categoryId: 'desk-accessories', offers: [{ price: '3.00' }] },
  { id: 'rt-lamp', name: 'Lampe blau', categoryId: 'desk-accessories', offers: [{ price: '9.00' }] },
];

/**
 * A query without a word the results must contain would read the whole catalog (an adversarial
 * probe: `query=-zz1` at 10/s starved another organization). It is refused before any search runs.
 */
describe('search refuses queries without a required word', () => {
  let t: TestApp;
  let org: OrganizationTokens;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, CATALOG);
    org = await organizationWithTokens(t.prisma);
  });
  afterAll(() => t.close());

  const search = (query: string) =>
    fetch(`${t.baseUrl}/api/v1/marketplace/search?${new URLSearchParams({ query })}`, {
      headers: bearer(org.buyer),
    });

  it.each([
    ['only an exclusion', '-zz1'],
    ['only exclusions and a phrase exclusion', '-zz1 -"rot blau"'],
    ['a word ORed with an exclusion', 'kabel or -zz1'],
    ['only stop words of both languages', 'in'],
    ['only punctuation', '!!! ...'],
  ])('answers 400 invalid_request for %s (%s) and reads no product', async (_, query) => {
    // The catalog's search statements (page and facets) must not run at all.
    const repository = t.app.get(SearchRepository);
    const page = jest.spyOn(repository, 'page');
    const facets = jest.spyOn(repository, 'facets');
    const response = await search(query);
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(/^query has no word the results must contain/);
    expect([page.mock.calls.length, facets.mock.calls.length]).toEqual([0, 0]);
    jest.restoreAllMocks();
  });

  it('tells the buyer in the shop, in German too, with a 400 search page', async () => {
    const { body } = await startPunchout(t.baseUrl, org.buyer, 'rt-cable', {
      callbackUrl: 'https://erp.example/hook',
    });
    const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl));
    expect(start.status).toBe(303);
    const de = await getPage(`${t.baseUrl}${start.location}/search?query=-zz1`, { 'accept-language': 'de' });
    expect(de.status).toBe(400);
    expect(de.html).toContain('Geben Sie ein Suchwort ein');
    expect(de.html).not.toContain('data-product-id');
  });

  it('still answers a query with a word and an exclusion', async () => {
    const response = await search('kabel -blau');
    expect(response.status).toBe(200);
    expect((await bodyOf(response)).data.map((r: { id: string }) => r.id)).toEqual(['rt-cable']);
  });
});
