import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { readMigrations, runMigrations } from '../../../src/database/migration-runner';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

const MIGRATION = '20261129100000_cart_item_net_money';

/*
 * The upgrade to cart lines in THE unit price: carts stored before it kept the price as the vendor
 * quoted it (gross for gross quotes). Transferred carts take the unit price, price unit and VAT rate
 * they were posted with (OCI fields, or the ItemIn lines of a cXML order message, in either
 * encoding), also where the offer has left the catalog since; carts that were never sent take the
 * net of their quote in the minor unit; each line gets its net amount.
 */
describe('migration cart_item_net_money: cart lines as posted', () => {
  let database: TestDatabase;
  let pool: Pool;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    pool = new Pool({ connectionString: database.url, max: 2 });
    dir = mkdtempSync(join(tmpdir(), 'cart-money-'));
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> =>
    (await pool.query(text, values)).rows as T[];

  it('backfills unit price, VAT rate, price unit and net amount from what each cart posted', async () => {
    const all = await readMigrations();
    const cut = all.findIndex((migration) => migration.name === MIGRATION);
    expect(cut).toBeGreaterThan(0);
    for (const migration of all.slice(0, cut))
      cpSync(join(__dirname, '../../../prisma/migrations', migration.name), join(dir, migration.name), {
        recursive: true,
      });
    await runMigrations(database.url, dir);

    // The catalog: a desk quoted 45.25 incl. 19%, a teapot quoted 1999 yen incl. 10%. Written with
    // the SQL of the schema before the migration: today's catalog writer needs later migrations.
    await sql(
      `INSERT INTO category (id, parent_id, path, depth, name_en, name_de)
       VALUES ('mig-desks', NULL, 'mig-desks', 0, 'Desks', 'Schreibtische')`,
    );
    for (const [product, offer, name, price, currency, rate] of [
      ['mig-desk', 'mig-desk-a', 'Desk', '45.25', 'EUR', '19'],
      ['mig-pot', 'mig-pot-a', 'Teapot', '1999', 'JPY', '10'],
    ]) {
      await sql(
        `INSERT INTO product (id, product_code, name, category_id, category_path, updated_at)
         VALUES ($1, $1, $2, 'mig-desks', 'mig-desks', now())`,
        [product, name],
      );
      await sql(
        `INSERT INTO offer (id, product_id, vendor, price, currency, vat_rate, price_includes_vat, updated_at)
         VALUES ($1, $2, 'Mig Vendor', $3, $4, $5, true, now())`,
        [offer, product, price, currency, rate],
      );
    }
    const [org] = await sql<{ id: string }>(
      `INSERT INTO organization (id, slug, name) VALUES ($1, 'mig', 'Mig') RETURNING id`,
      [randomUUID()],
    );
    const [user] = await sql<{ id: string }>(
      `INSERT INTO "user" (id, organization_id, email, roles) VALUES ($1, $2, 'b@mig.example', '{buyer}') RETURNING id`,
      [randomUUID(), org.id],
    );
    const [oauth] = await sql<{ id: string }>(
      `INSERT INTO oauth_client (id, organization_id, client_id, secret_hash) VALUES ($1, $2, 'mpgc_mig', '\\x00') RETURNING id`,
      [randomUUID(), org.id],
    );
    const session = async (status: string, protocol: string, fields: unknown) => {
      const id = randomUUID();
      await sql(
        `INSERT INTO punchout_session (id, public_id, csrf_token, organization_id, user_id, client_id, callback_url,
                                       status, expires_at, returned_fields, protocol)
         VALUES ($1, $2, 'csrf', $3, $4, $5, 'https://srm.example/hook', $6::punchout_status, now() + interval '1 hour',
                 $7::jsonb, $8)`,
        [
          id,
          `PO-${randomBytes(5).toString('hex')}`,
          org.id,
          user.id,
          oauth.id,
          status,
          JSON.stringify(fields),
          protocol,
        ],
      );
      return id;
    };
    const line = async (
      sessionId: string,
      offerId: string | null,
      quantity: number,
      unitPrice: string,
      currency = 'EUR',
      seconds = 0,
    ) => {
      await sql(
        `INSERT INTO cart_item (id, session_id, offer_id, label, quantity, unit_price, currency, created_at, updated_at)
         VALUES ($1, $2, $3, 'line', $4, $5, $6, now() + make_interval(secs => $7), now())`,
        [randomUUID(), sessionId, offerId, quantity, unitPrice, currency, seconds],
      );
    };
    const oci = (
      lines: Array<{ offerId: string; quantity: number; price: string; rate?: string; per?: number }>,
    ) =>
      lines.flatMap((l, i) => {
        const n = i + 1;
        return [
          [`NEW_ITEM-DESCRIPTION[${n}]`, 'Desk'],
          [`NEW_ITEM-QUANTITY[${n}]`, String(l.quantity)],
          [`NEW_ITEM-PRICE[${n}]`, l.price],
          [`NEW_ITEM-PRICEUNIT[${n}]`, String(l.per ?? 1)],
          [`NEW_ITEM-CURRENCY[${n}]`, 'EUR'],
          ...(l.rate ? [[`NEW_ITEM-CUST_FIELD1[${n}]`, l.rate]] : []),
          [`NEW_ITEM-CUST_FIELD5[${n}]`, l.offerId],
          [`NEW_ITEM-LONGTEXT_${n}:132[]`, 'Desk'],
        ];
      });
    const orderMessage = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">
<cXML payloadID="1@gateway.test" timestamp="2026-11-27T10:00:00Z" xml:lang="de-DE"><Header/>
<Message><PunchOutOrderMessage><BuyerCookie>c</BuyerCookie>
<PunchOutOrderMessageHeader operationAllowed="edit"><Total><Money currency="JPY">5452</Money></Total></PunchOutOrderMessageHeader>
<ItemIn quantity="3"><ItemID><SupplierPartID>CODE-mig-pot</SupplierPartID><SupplierPartAuxiliaryID>mig-pot-a</SupplierPartAuxiliaryID></ItemID>
<ItemDetail><UnitPrice><Money currency="JPY">1817.2727</Money></UnitPrice><Description xml:lang="de-DE">Teapot</Description>
<UnitOfMeasure>EA</UnitOfMeasure><Classification domain="UNSPSC"/></ItemDetail>
<Tax><Money currency="JPY">545</Money><Description xml:lang="de-DE">VAT 10%</Description>
<TaxDetail category="vat" percentageRate="10"><TaxableAmount><Money currency="JPY">5452</Money></TaxableAmount><TaxAmount><Money currency="JPY">545</Money></TaxAmount></TaxDetail></Tax>
</ItemIn></PunchOutOrderMessage></Message></cXML>`;

    // Posted over OCI: 45.25 incl. 19% as 38.0252 (four decimals), and a net line per 10 at 12.5.
    const ociSent = await session(
      'TRANSFERRED',
      'rest',
      oci([
        { offerId: 'mig-desk-a', quantity: 3, price: '38.0252', rate: '19' },
        { offerId: 'gone-offer', quantity: 25, price: '12.5', per: 10 },
      ]),
    );
    await line(ociSent, 'mig-desk-a', 3, '45.25');
    // The second offer left the catalog after the transfer: its line is matched by position.
    await line(ociSent, null, 25, '12.5', 'EUR', 1);
    // Posted as a cXML order message, base64 (the teapot's net at four decimals).
    const cxmlSent = await session('TRANSFERRED', 'cxml', [
      ['cxml-base64', Buffer.from(orderMessage, 'utf8').toString('base64')],
    ]);
    await line(cxmlSent, 'mig-pot-a', 3, '1999', 'JPY');
    // Never sent: an open cart and a cancelled one whose offer is gone.
    const open = await session('OPENED', 'rest', null);
    await line(open, 'mig-desk-a', 12, '45.25');
    const cancelled = await session('CANCELLED', 'oci-callup', []);
    await line(cancelled, null, 2, '10.00');

    expect(await runMigrations(database.url)).toEqual(all.slice(cut).map((m) => m.name));

    const lines = await sql<Record<string, unknown>>(
      `SELECT session_id, offer_id, quantity, unit_price::text, vat_rate::text, price_unit_quantity, line_net::text
         FROM cart_item ORDER BY created_at, offer_id`,
    );
    const of = (sessionId: string) =>
      lines.filter((row) => row.session_id === sessionId).map(({ session_id: _, ...row }) => row);
    expect(of(ociSent)).toEqual([
      {
        offer_id: 'mig-desk-a',
        quantity: 3,
        unit_price: '38.0252',
        vat_rate: '19.00',
        price_unit_quantity: 1,
        line_net: '114.0800', // 114.0756
      },
      {
        offer_id: null,
        quantity: 25,
        unit_price: '12.5000',
        vat_rate: null,
        price_unit_quantity: 10,
        line_net: '31.2500',
      },
    ]);
    expect(of(cxmlSent)).toEqual([
      {
        offer_id: 'mig-pot-a',
        quantity: 3,
        unit_price: '1817.2727',
        vat_rate: '10.00',
        price_unit_quantity: 1,
        line_net: '5452.0000', // 5451.8181 yen
      },
    ]);
    // 45.25 / 1.19 = 38.0252... -> 38.03 (the cart showed 38.03); 12 x 38.03.
    expect(of(open)).toEqual([
      {
        offer_id: 'mig-desk-a',
        quantity: 12,
        unit_price: '38.0300',
        vat_rate: '19.00',
        price_unit_quantity: 1,
        line_net: '456.3600',
      },
    ]);
    expect(of(cancelled)).toEqual([
      {
        offer_id: null,
        quantity: 2,
        unit_price: '10.0000',
        vat_rate: null,
        price_unit_quantity: 1,
        line_net: '20.0000',
      },
    ]);
    // The dashboard reads the lines' net amounts from its index alone.
    const [index] = await sql<{ definition: string }>(
      `SELECT pg_get_indexdef('cart_item_figures_idx'::regclass) AS definition`,
    );
    expect(index.definition).toContain('INCLUDE (line_net, currency, vendor, preferred)');
  });
});
