import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

const FACTS = [
  { name: { de: 'Farbe', en: 'Colour' }, values: [{ de: 'Schwarz', en: 'Black' }], unit: null },
  { name: { de: 'Länge', en: 'Length' }, values: [{ de: '2', en: '2' }], unit: 'm' },
];

/**
 * A product's feature terms (what feature facets and filters read) follow its facts; writing other
 * columns, as the import's refresh of a product's offer columns does for every product it writes,
 * does not compute them again (for a product with 20 features that cost more than the insert).
 */
describe('product feature terms', () => {
  let database: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `INSERT INTO category (id, path, depth, name_en, name_de) VALUES ('other', 'other', 0, 'Other', 'Sonstiges')
       ON CONFLICT (id) DO NOTHING`,
    );
    await client.query(
      `INSERT INTO product (id, product_code, name, category_id, category_path, facts)
       VALUES ('p1', 'p1', 'Kabel', 'other', 'other', $1::jsonb)`,
      [JSON.stringify(FACTS)],
    );
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  const terms = async () =>
    (await client.query<{ t: string[] }>(`SELECT feature_terms AS t FROM product WHERE id = 'p1'`)).rows[0].t;
  /** How often this transaction has computed feature terms (function call statistics of the session). */
  const computed = async () =>
    Number(
      (
        await client.query<{ n: string | null }>(
          `SELECT pg_stat_get_xact_function_calls('gw_feature_terms(jsonb)'::regprocedure) AS n`,
        )
      ).rows[0].n ?? 0,
    );

  it('are computed from the facts when a product is written', async () => {
    expect(await terms()).toEqual(['farbe=schwarz', 'lange=2-m']);
  });

  it('are not computed again when only the offer columns are refreshed', async () => {
    await client.query('BEGIN');
    try {
      await client.query(`SET LOCAL track_functions = 'all'`);
      await client.query(`SELECT catalog_refresh_products(ARRAY['p1']::varchar[])`);
      await client.query(`UPDATE product SET updated_at = now() WHERE id = 'p1'`);
      expect(await computed()).toBe(0);
      expect(await terms()).toEqual(['farbe=schwarz', 'lange=2-m']);
    } finally {
      await client.query('ROLLBACK');
    }
  });

  it('follow the facts when the facts are written', async () => {
    await client.query('BEGIN');
    try {
      await client.query(`SET LOCAL track_functions = 'all'`);
      await client.query(`UPDATE product SET facts = $1::jsonb WHERE id = 'p1'`, [JSON.stringify(FACTS.slice(0, 1))]);
      expect(await computed()).toBe(1);
      expect(await terms()).toEqual(['farbe=schwarz']);
    } finally {
      await client.query('ROLLBACK');
    }
  });

  it('keep the sign of a value: -20 °C (hyphen or minus sign) is not 20 °C', async () => {
    const key = async (text: string) =>
      (await client.query<{ k: string }>(`SELECT gw_feature_key($1, 80) AS k`, [text])).rows[0].k;
    expect(await key('-20 °C')).toBe('minus-20-c');
    expect(await key('\u221220 °C')).toBe('minus-20-c');
    expect(await key('20 °C')).toBe('20-c');
    expect(await key('-40 bis +85 °C')).toBe('minus-40-bis-85-c');
    // A hyphen inside a word or between numbers is no sign.
    expect(await key('X-Large')).toBe('x-large');
    expect(await key('10-20 mm')).toBe('10-20-mm');
  });
});
