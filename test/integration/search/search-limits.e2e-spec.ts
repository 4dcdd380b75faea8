import { FIXED_CATALOG, createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

// 15 words joined by 14 ORs: a 30-word query seen in review.
const THIRTY_WORD_OR = Array.from({ length: 15 }, (_, i) => `word${i}`).join(' OR ');

describe('search: bounds on what one search may cost', () => {
  let t: TestApp;
  /** The same data behind an app with a small search budget: 20 points per user and minute, charged up front. */
  let budget: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { SEARCH_STATEMENT_TIMEOUT_MS: '300' } });
    await createCatalog(t.prisma, FIXED_CATALOG);
    budget = await startTestApp({
      database: t.database,
      // The door price alone: measured time never tops it up here (search-admission.e2e-spec.ts tests that).
      env: {
        RATE_LIMIT_WINDOW_SECONDS: '60',
        RATE_LIMIT_GROUPS: 'search=20/100000',
        SEARCH_COST_MS_PER_POINT: '60000',
      },
    });
  });
  afterAll(async () => {
    await budget.close();
    await t.close();
  });

  async function newToken(): Promise<string> {
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    return issueTestToken(t.prisma, await createUser(t.prisma, organization), client);
  }

  const search = (token: string, params: Record<string, string>, app = t) =>
    fetch(`${app.baseUrl}/api/v1/marketplace/search?${new URLSearchParams(params).toString()}`, {
      headers: bearer(token),
    });
  const searchOnBudget = (token: string, params: Record<string, string>) => search(token, params, budget);

  async function expectInvalid(response: Response, parameter: string) {
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(body).toEqual({
      error: 'invalid_request',
      error_description: expect.stringMatching(new RegExp(`^${parameter}\\b`)),
    });
  }

  it('refuses the 30-word OR query and page=1000 with 400 naming the parameter', async () => {
    const token = await newToken();
    await expectInvalid(await search(token, { query: THIRTY_WORD_OR }), 'query');
    await expectInvalid(await search(token, { query: 'fixture', page: '1000' }), 'page');
    await expectInvalid(await search(token, { query: THIRTY_WORD_OR, page: '1000' }), 'query');
  });

  it('serves up to the 1,000th result and 12 terms or 6 operators, not one more', async () => {
    const token = await newToken();
    expect((await search(token, { query: 'fixture', page: '41' })).status).toBe(200);
    expect((await search(token, { query: 'fixture', page: '100', pageSize: '10' })).status).toBe(200);
    await expectInvalid(await search(token, { query: 'fixture', page: '42' }), 'page');
    await expectInvalid(await search(token, { query: 'fixture', page: '101', pageSize: '10' }), 'page');
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect((await search(token, { query: words(12) })).status).toBe(200);
    await expectInvalid(await search(token, { query: words(13) }), 'query');
    expect((await search(token, { query: 'a OR b OR c -d -e "f g"' })).status).toBe(200);
    await expectInvalid(await search(token, { query: 'a OR b OR c OR d OR e -f -g "h i"' }), 'query');
  });

  it('charges expensive searches more points against the per-user limit', async () => {
    // Plain searches cost 1 point: 20 pass.
    const light = await newToken();
    for (let i = 0; i < 20; i++) expect((await searchOnBudget(light, { query: 'fixture' })).status).toBe(200);
    expect((await searchOnBudget(light, { query: 'fixture' })).status).toBe(429);

    // The widest and deepest search the bounds allow costs 9 (README): two of them and a plain one fill 19.
    const heavy = await newToken();
    const expensive = { query: 'a OR b OR c OR d OR e OR f OR g h i j k l', page: '41' };
    expect((await searchOnBudget(heavy, expensive)).status).toBe(200);
    expect((await searchOnBudget(heavy, expensive)).status).toBe(200);
    expect((await searchOnBudget(heavy, { query: 'fixture' })).status).toBe(200);
    expect((await searchOnBudget(heavy, expensive)).status).toBe(429);
    const limited = await searchOnBudget(heavy, { query: 'fixture' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-policy')).toBe('"search-user";q=20;w=60');

    // A refused 30-word OR query at page 1000 is charged too (12 points): it cannot be retried for free.
    const abusive = await newToken();
    expect((await searchOnBudget(abusive, { query: THIRTY_WORD_OR, page: '1000' })).status).toBe(400);
    for (let i = 0; i < 8; i++)
      expect((await searchOnBudget(abusive, { query: 'fixture' })).status).toBe(200);
    expect((await searchOnBudget(abusive, { query: 'fixture' })).status).toBe(429);
  });

  it('ends a search that runs past SEARCH_STATEMENT_TIMEOUT_MS with 503 and Retry-After, not a stuck request', async () => {
    // A query function that takes 2 s for one word: the search's own timeout (300 ms) must end it.
    await t.prisma.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION gw_search_query(text) RETURNS tsquery LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        IF $1 = 'slowpoke' THEN PERFORM pg_sleep(2); END IF;
        RETURN websearch_to_tsquery('gw_de', $1) || websearch_to_tsquery('gw_en', $1);
      END $$`);
    const token = await newToken();
    const started = Date.now();
    const response = await search(token, { query: 'slowpoke' });
    const elapsed = Date.now() - started;
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await bodyOf(response)).toEqual({
      error: 'service_unavailable',
      error_description: expect.any(String),
    });
    // Well under the 2 s the query would take (and the pool's 15 s statement timeout).
    expect(elapsed).toBeLessThan(1_900);
    // Other searches are unaffected.
    expect((await search(token, { query: 'fixture' })).status).toBe(200);
  });
});
