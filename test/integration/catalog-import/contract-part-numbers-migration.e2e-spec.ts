import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { readMigrations, runMigrations } from '../../../src/database/migration-runner';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

const MIGRATION = '20261129131100_contract_part_numbers_out_of_search_ids';
const MIGRATIONS = join(__dirname, '../../../prisma/migrations');

/**
 * Contract part numbers imported before they were kept per organization stand in the product's own
 * search identifiers, which every organization searches: the migration takes them out (a number a
 * marketplace offer or the product itself also carries stays).
 */
describe('migration contract_part_numbers_out_of_search_ids', () => {
  let database: TestDatabase;
  let pool: Pool;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    pool = new Pool({ connectionString: database.url, max: 2 });
    dir = mkdtempSync(join(tmpdir(), 'contract-ids-'));
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> =>
    (await pool.query(text, values)).rows as T[];

  it('removes contract part numbers from the search identifiers and keeps every other identifier', async () => {
    const all = await readMigrations();
    const cut = all.findIndex((migration) => migration.name === MIGRATION);
    expect(cut).toBeGreaterThan(0);
    for (const migration of all.slice(0, cut))
      cpSync(join(MIGRATIONS, migration.name), join(dir, migration.name), { recursive: true });
    await runMigrations(database.url, dir);

    const [org] = await sql<{ id: string }>(
      `INSERT INTO organization (id, slug, name) VALUES ($1, 'acme', 'Acme') RETURNING id`,
      [randomUUID()],
    );
    const [supplier] = await sql<{ id: string }>(
      `INSERT INTO supplier (slug, name, created_by) VALUES ('kabel', 'Kabel GmbH', 'test') RETURNING id`,
    );
    await sql(
      `INSERT INTO category (id, path, depth, name_en, name_de) VALUES ('cables', 'cables', 0, 'Cables', 'Kabel')`,
    );
    // As an import before the change wrote them: every offer's part number in the product's search_ids.
    for (const [product, code, ids] of [
      ['p-shared', 'CODE-1', 'code1 pub4711 hkvertrag1'],
      ['p-same', 'CODE-2', 'code2 same900'],
    ])
      await sql(
        `INSERT INTO product (id, product_code, name, category_id, category_path, search_ids, updated_at)
         VALUES ($1, $2, 'Cable', 'cables', 'cables', $3, now())`,
        [product, code, ids],
      );
    for (const [offer, product, sku, organization] of [
      ['o-public', 'p-shared', 'PUB-4711', null],
      ['o-contract', 'p-shared', 'HK-VERTRAG-1', org.id],
      ['o-same-public', 'p-same', 'SAME-900', null],
      ['o-same-contract', 'p-same', 'SAME 900', org.id],
    ])
      await sql(
        `INSERT INTO offer (id, product_id, supplier_id, vendor, vendor_sku, organization_id, price, currency, updated_at)
         VALUES ($1, $2, $3, 'Kabel GmbH', $4, $5, 9.90, 'EUR', now())`,
        [offer, product, supplier.id, sku, organization],
      );

    await runMigrations(database.url, MIGRATIONS);

    const rows = await sql<{ id: string; search_ids: string; found: boolean }>(
      `SELECT id, search_ids, search_vector @@ to_tsquery('simple', 'hkvertrag1') AS found FROM product ORDER BY id`,
    );
    expect(rows).toEqual([
      // The part number a marketplace offer also carries is the marketplace's too: it stays.
      { id: 'p-same', search_ids: 'code2 same900', found: false },
      { id: 'p-shared', search_ids: 'code1 pub4711', found: false },
    ]);
  });
});
