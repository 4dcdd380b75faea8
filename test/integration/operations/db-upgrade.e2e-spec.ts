import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrationStatus, readMigrations, runMigrations } from '../../../src/database/migration-runner';
import { cli } from '../../support/cli';
import { bodyOf } from '../../support/http';
import { basicAuth, requestToken } from '../../support/oauth';
import { startTestApp, TestApp } from '../../support/test-app';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

/*
 * An upgrade as it happens in the field: a database at the previous release's schema, holding data that
 * release wrote (test/fixtures/previous-release*), gets every later migration; nothing is lost or
 * changed, the audit chains verify with the heads they had, and the gateway answers with the old
 * client's secret.
 */
interface PreviousRelease {
  lastMigration: string;
  data: string;
  client: { organization: string; clientId: string; clientSecret: string; email: string };
  auditHeads: Record<string, { sequence: number; hash: string }>;
}

const FIXTURES = join(__dirname, '../../fixtures');
const previous = JSON.parse(readFileSync(join(FIXTURES, 'previous-release.json'), 'utf8')) as PreviousRelease;

describe('upgrade from the previous release', () => {
  let database: TestDatabase;
  let dir: string;
  let t: TestApp | undefined;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    dir = mkdtempSync(join(tmpdir(), 'db-upgrade-'));
  });
  afterAll(async () => {
    await t?.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function sql<T = Record<string, unknown>>(text: string): Promise<T[]> {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  }

  /**
   * Values later migrations may recompute on purpose, because they change how the value is derived:
   * offer_vat makes a product's best offer its cheapest by net price (a gross-quoted book's
   * best_price becomes its net price). Checked on their own below.
   */
  const RECOMPUTED = ['best_price', 'updated_at'];
  /** Product columns later migrations add (the price span), backfilled from the offers: checked below. */
  const ADDED = [
    'price_ceiling',
    'price_currency',
    // Supplier catalogs: matching keys and content per language, empty for the old rows.
    'gtin',
    'manufacturer_key',
    'texts',
    'facts',
    'links',
    'keywords',
    'content_supplier_id',
    'content_score',
    // Feature facets: the terms of the product's facts (none for the old rows).
    'feature_terms',
  ];
  /** Offer columns later migrations add: facts the previous release did not have. */
  const ADDED_TO_OFFERS = [
    'vat_rate',
    'price_includes_vat',
    'net_price',
    'supplier_id',
    'organization_id',
    'supplier_item_key',
    'supplier_part_aux_id',
    'import_id',
    'withdrawn_at',
    'content_unit',
    'content_per_order_unit',
    'quantity_interval',
    'valid_from',
    'valid_to',
    'statuses',
    'special_treatment',
    // Offers held until their validity starts (none among the old rows).
    'validity_hold',
  ];

  /** Every row the previous release wrote, as text, table by table (the new columns left out). */
  const snapshot = async () => ({
    organizations: await sql('SELECT id, slug, name, created_at::text FROM organization ORDER BY id'),
    clients: await sql(
      `SELECT id, client_id, encode(secret_hash, 'hex') AS secret, name, callback_origins, revoked_at::text
         FROM oauth_client ORDER BY id`,
    ),
    users: await sql('SELECT id, email, roles::text, disabled_at::text FROM "user" ORDER BY id'),
    rules: await sql('SELECT to_jsonb(r) AS row FROM guidance_rule r ORDER BY id'),
    categories: await sql('SELECT to_jsonb(c) AS row FROM category c ORDER BY id'),
    products: await sql(
      `SELECT to_jsonb(p) - ARRAY[${[...RECOMPUTED, ...ADDED].map((c) => `'${c}'`).join(', ')}] AS row
         FROM product p ORDER BY id`,
    ),
    // Only the columns the previous release had: columns a migration adds are new facts, not changes.
    offers: await sql(
      `SELECT to_jsonb(o) - ARRAY[${ADDED_TO_OFFERS.map((c) => `'${c}'`).join(', ')}] AS row FROM offer o ORDER BY id`,
    ),
    events: await sql(
      `SELECT organization_id, sequence, encode(hash, 'hex') AS hash FROM audit_event
        ORDER BY organization_id, sequence`,
    ),
  });

  it('applies every later migration to a previous release database, loses nothing and serves', async () => {
    const all = await readMigrations();
    const cut = all.findIndex((migration) => migration.name === previous.lastMigration);
    // The marker must name a committed migration: a renamed or removed one breaks every upgrade.
    expect(cut).toBeGreaterThanOrEqual(0);
    const [earlier, later] = [all.slice(0, cut + 1), all.slice(cut + 1)];

    // The previous release's schema: its migrations only, recorded as it recorded them.
    const oldDir = join(dir, 'migrations');
    for (const migration of earlier) {
      cpSync(join(__dirname, '../../../prisma/migrations', migration.name), join(oldDir, migration.name), {
        recursive: true,
      });
    }
    expect(await runMigrations(database.url, oldDir)).toEqual(earlier.map((m) => m.name));
    // Its data, rows as they were (triggers and foreign keys checked when they were first written).
    await sql(
      `SET session_replication_role = replica;
       ${readFileSync(join(FIXTURES, previous.data), 'utf8')}
       SET session_replication_role = DEFAULT;`,
    );
    const before = await snapshot();
    expect(before.organizations.length).toBeGreaterThan(0);
    expect(before.products.length).toBeGreaterThan(0);

    // The upgrade: exactly the later migrations, in order; all applied afterwards.
    expect(await runMigrations(database.url)).toEqual(later.map((m) => m.name));
    expect((await migrationStatus(database.url)).map((m) => m.state)).toEqual(all.map(() => 'applied'));
    expect(await snapshot()).toEqual(before);
    // The recomputed values: an offer's tax label became facts, and best prices are net prices.
    const book = await sql<{
      vat_rate: string;
      price_includes_vat: boolean;
      net_price: string;
      best_price: string;
      price_ceiling: string;
      price_currency: string;
    }>(
      `SELECT o.vat_rate::text, o.price_includes_vat, o.net_price::text, p.best_price::text,
              p.price_ceiling::text, p.price_currency
         FROM offer o JOIN product p ON p.id = o.product_id WHERE p.product_code = 'ACME-BOOK-1'`,
    );
    expect(book).toEqual([
      {
        vat_rate: '7.00',
        price_includes_vat: true,
        net_price: '27.9439',
        best_price: '27.9439',
        price_ceiling: '27.9439',
        price_currency: 'EUR',
      },
    ]);
    // Every product's span, as the catalog writer computes it (catalog_refresh_products).
    const spans = await sql<{ differs: number }>(
      `SELECT count(*)::int AS differs FROM product p
         JOIN (SELECT product_id, max(net_price) AS ceiling, count(DISTINCT currency) AS currencies,
                      min(currency) AS currency
                 FROM offer GROUP BY product_id) o ON o.product_id = p.id
        WHERE p.price_ceiling IS DISTINCT FROM o.ceiling
           OR p.price_currency IS DISTINCT FROM CASE WHEN o.currencies = 1 THEN o.currency END`,
    );
    expect(spans).toEqual([{ differs: 0 }]);

    // Every vendor name became one of the marketplace's suppliers, and every offer belongs to its vendor's.
    const vendors = await sql<{ vendor: string }>('SELECT DISTINCT vendor FROM offer ORDER BY vendor');
    expect(vendors.length).toBeGreaterThan(1);
    const suppliers = await sql<{ name: string; slug: string; organization_id: string | null }>(
      'SELECT name, slug, organization_id FROM supplier ORDER BY name',
    );
    expect(suppliers.map((s) => s.name)).toEqual(vendors.map((v) => v.vendor));
    expect(
      suppliers.every((s) => s.organization_id === null && /^[a-z0-9][a-z0-9-]{1,63}$/.test(s.slug)),
    ).toBe(true);
    expect(
      await sql(`SELECT o.id FROM offer o JOIN supplier s ON s.id = o.supplier_id WHERE s.name <> o.vendor`),
    ).toEqual([]);
    // The old rows have no features and no held offers: their new columns are empty, not guessed.
    expect(await sql(`SELECT id FROM product WHERE feature_terms <> '{}'`)).toEqual([]);
    expect(await sql(`SELECT id FROM offer WHERE validity_hold`)).toEqual([]);

    for (const [slug, head] of Object.entries(previous.auditHeads)) {
      const verified = await cli(database.url, 'audit', 'verify', '--org', slug, '--json');
      expect(verified.code).toBe(0);
      expect(JSON.parse(verified.stdout)).toMatchObject({ intact: true, checked: head.sequence, head });
    }

    // Then it serves: the old client gets a token and searches the old catalog.
    t = await startTestApp({ database });
    const { clientId, clientSecret, email } = previous.client;
    const token = await requestToken(
      t.baseUrl,
      { grant_type: 'client_credentials', email },
      { authorization: basicAuth(clientId, clientSecret) },
    );
    expect(token.status).toBe(200);
    const { access_token } = await bodyOf(token);

    const search = await fetch(`${t.baseUrl}/api/v1/marketplace/search?query=B%C3%BCrostuhl`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(search.status).toBe(200);
    const body = await bodyOf(search);
    expect(JSON.stringify(body)).toContain('ACME-CHAIR-1');

    // What the new schema added works on old rows: rotating the old client's secret.
    const rotated = await cli(database.url, 'client', 'rotate-secret', clientId, '--grace', '1h', '--json');
    expect(rotated.code).toBe(0);
    const again = await requestToken(
      t.baseUrl,
      { grant_type: 'client_credentials', email },
      { authorization: basicAuth(clientId, clientSecret) },
    );
    expect(again.status).toBe(200);
  });
});
