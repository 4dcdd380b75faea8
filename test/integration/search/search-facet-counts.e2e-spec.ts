import { CatalogService } from '../../../src/catalog/catalog.service';
import { UserRole } from '../../../src/generated/prisma/client';
import { bearer, issueTestToken } from '../../support/auth';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { startTestApp, TestApp } from '../../support/test-app';

interface FacetValue {
  id: string;
  name: string;
  selected?: boolean;
  count?: number;
}
interface SearchBody {
  count: { value: number; relation: string };
  facets: Array<{ id: string; values: FacetValue[] }>;
}

/**
 * Facet value counts: present only when the facets were computed over every match (fewer matches
 * than SEARCH_FACET_SAMPLE), and then exactly the number of results that value's filter returns.
 */
describe('search facet counts', () => {
  let t: TestApp;
  let token: string;
  let words: Array<{ word: string; n: number }>;

  beforeAll(async () => {
    t = await startTestApp({ env: { SEARCH_FACET_SAMPLE: '100', SEARCH_CACHE_MAX_ENTRIES: '0' } });
    await t.app.get(CatalogService).generateDemo({ products: 1_000, seed: 7 });
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const user = await createUser(t.prisma, organization, { roles: [UserRole.buyer] });
    token = await issueTestToken(t.prisma, user, client, { expiresInSeconds: 3_600 });
    // The catalog's own words, by how many product names hold them.
    words = await t.prisma.$queryRaw<Array<{ word: string; n: number }>>`
      SELECT w AS word, count(*)::int AS n
        FROM product, regexp_split_to_table(lower(name), '[^a-zäöüß]+') AS w
       WHERE length(w) >= 5 GROUP BY w ORDER BY n DESC, w`;
  }, 120_000);
  afterAll(() => t?.close());

  const search = async (params: Record<string, string>): Promise<SearchBody> => {
    const response = await fetch(
      `${t.baseUrl}/api/v1/marketplace/search?${new URLSearchParams({ ...params, pageSize: '1' })}`,
      { headers: { ...bearer(token), 'accept-language': 'en' } },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as SearchBody;
  };

  it('gives each value the exact number of results its filter returns when every match was counted', async () => {
    const narrow = words.find((w) => w.n >= 8 && w.n <= 40);
    expect(narrow).toBeDefined();
    const body = await search({ query: narrow!.word });
    expect(body.count.value).toBeLessThan(100);
    const checked: string[] = [];
    for (const facet of body.facets) {
      for (const value of facet.values.filter((v) => !v.selected).slice(0, 3)) {
        expect([facet.id, value.id, typeof value.count]).toEqual([facet.id, value.id, 'number']);
        const filtered = await search({ query: narrow!.word, [facet.id]: value.id });
        expect([facet.id, value.id, filtered.count.value]).toEqual([facet.id, value.id, value.count]);
        checked.push(`${facet.id}=${value.id}`);
      }
    }
    // Enough of the facets were compared for the check to mean something.
    expect(checked.length).toBeGreaterThanOrEqual(8);
  });

  it('gives no counts when the facets come from a sample of a broader search', async () => {
    // The catalog's most frequent word (seed 7: more than 100 matches with its stemmed forms).
    const broad = words[0];
    const body = await search({ query: broad!.word });
    expect(body.count.value).toBeGreaterThanOrEqual(100);
    const values = body.facets.flatMap((facet) => facet.values);
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((value) => value.count !== undefined)).toEqual([]);
  });
});
