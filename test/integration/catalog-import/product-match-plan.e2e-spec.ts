import { Client, type PoolClient } from 'pg';
import { SupplierImportRepository } from '../../../src/catalog/supplier-import/supplier-import.repository';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

/** Products an import has written in its (still open) transaction before the batch is matched. */
const WRITTEN = 20_000;
/** A batch's worth of keys, as the import matches them. */
const BATCH = 500;

const gtinOf = (i: number) => String(4_000_000_000_000 + i);
const keyOf = (i: number) => `acme|part${i}`;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * The client the repository writes through, answering each statement's plan instead of its rows: the
 * statement is the repository's own, planned by the real PostgreSQL inside the import's transaction.
 */
function explaining(client: Client, plans: PlanNode[]): PoolClient {
  return {
    query: async (text: string, values: unknown[]) => {
      const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        `EXPLAIN (FORMAT JSON) ${text}`,
        values,
      );
      plans.push(rows[0]['QUERY PLAN'][0].Plan);
      return { rows: [] };
    },
  } as unknown as PoolClient;
}

describe('matching imported items to products inside an import of a large catalog', () => {
  let database: TestDatabase;
  let client: Client;
  const repository = new SupplierImportRepository();

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    // As in an import: one transaction has written many products the planner has no statistics for.
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO category (id, path, depth, name_en, name_de) VALUES ('other', 'other', 0, 'Other', 'Sonstiges')
       ON CONFLICT (id) DO NOTHING`,
    );
    await client.query(
      `INSERT INTO product (id, product_code, name, category_id, category_path, gtin, manufacturer_key, created_at)
       SELECT 'p' || i, 'p' || i, 'Produkt ' || i, 'other', 'other', (4000000000000 + i)::text, 'acme|part' || i,
              timestamptz '2026-01-01' + i * interval '1 second'
         FROM generate_series(1, $1::int) AS i`,
      [WRITTEN],
    );
  }, 120_000);
  afterAll(async () => {
    await client?.query('ROLLBACK');
    await client?.end();
    await database?.drop();
  });

  const batch = (offset: number) => Array.from({ length: BATCH }, (_, i) => offset + i);

  it('looks each key up in the GTIN and manufacturer indexes, never reading the whole product table', async () => {
    const plans: PlanNode[] = [];
    const keys = batch(WRITTEN - BATCH / 2); // half of them known, half new
    await repository.matchProducts(explaining(client, plans), keys.map(gtinOf), keys.map(keyOf));
    expect(plans).toHaveLength(1);
    const nodes = nodesOf(plans[0]);
    expect(nodes.filter((node) => node['Relation Name'] === 'product').map((n) => n['Node Type'])).not.toContain(
      'Seq Scan',
    );
    const indexes = new Set(nodes.map((node) => node['Index Name']).filter(Boolean));
    expect(indexes).toEqual(new Set(['product_gtin_idx', 'product_manufacturer_key_idx']));
  });

  it('finds the oldest product of a GTIN or manufacturer key, and nothing for unknown keys', async () => {
    // A newer product sharing product 7's GTIN and product 9's manufacturer key: the older one wins.
    await client.query(
      `INSERT INTO product (id, product_code, name, category_id, category_path, gtin, manufacturer_key, created_at)
       VALUES ('p-newer', 'p-newer', 'Neuer', 'other', 'other', $1, $2, timestamptz '2027-01-01')`,
      [gtinOf(7), keyOf(9)],
    );
    const { byGtin, byManufacturer } = await repository.matchProducts(
      client as unknown as PoolClient,
      [gtinOf(7), gtinOf(7), gtinOf(WRITTEN + 1)],
      [keyOf(9), keyOf(WRITTEN + 1)],
    );
    expect([...byGtin].map(([gtin, product]) => [gtin, product.id])).toEqual([[gtinOf(7), 'p7']]);
    expect([...byManufacturer].map(([key, product]) => [key, product.id])).toEqual([[keyOf(9), 'p9']]);
  });
});
