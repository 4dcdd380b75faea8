import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

// gw_search_query reads a query in German and in English; where both readings agree, one copy.
describe('gw_search_query', () => {
  let database: TestDatabase;
  let client: Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  const read = async (query: string) =>
    (await client.query<{ q: string }>('SELECT gw_search_query($1)::text AS q', [query])).rows[0].q;

  it('matches and ranks a term once when its German and English stems agree', async () => {
    expect(await read('cable')).toBe("'cabl'");
  });

  it('keeps both readings where they differ', async () => {
    expect(await read('Messkolben')).toBe("'messkolb' | 'messkolben'");
    expect(await read('papier A4')).toBe("'papi' & 'a4' | 'papier' & 'a4'");
  });
});
