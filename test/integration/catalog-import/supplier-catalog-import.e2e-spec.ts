import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bmecat } from '../../factories/bmecat.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { cli } from '../../support/cli';
import { bodyOf, Json } from '../../support/http';
import { onTestApp, startPunchout } from '../../factories/punchout.factory';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const EXAMPLES = join(__dirname, '../../../docs/examples');

describe('supplier catalog import', () => {
  let t: TestApp;
  let dir: string;
  let token: string;

  beforeAll(async () => {
    // Product details and search see a committed import at once (no cached catalog version).
    t = await startTestApp({ env: { CATALOG_VERSION_CHECK_MS: '0' } });
    dir = mkdtempSync(join(tmpdir(), 'supplier-import-'));
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    token = await issueTestToken(t.prisma, await createUser(t.prisma, organization), client, {
      expiresInSeconds: 86_400,
    });
    for (const [slug, name] of [
      ['schmidt', 'Schreibwaren Schmidt GmbH'],
      ['alpha', 'Alpha Elektro'],
      ['beta', 'Beta Industriebedarf'],
      ['nord', 'Büroversand Nord GmbH'],
    ])
      expect((await cli(t.database.url, 'supplier', 'add', slug, '--name', name)).code).toBe(0);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const file = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const importJson = async (...argv: string[]) => {
    const run = await cli(t.database.url, 'catalog', 'import', ...argv, '--json');
    return { code: run.code, report: JSON.parse(run.stdout) as Json, stderr: run.stderr };
  };
  const product = (id: string) =>
    fetch(`${t.baseUrl}/api/v1/marketplace/product/${id}`, { headers: bearer(token) });
  const search = async (query: string) =>
    bodyOf(
      await fetch(`${t.baseUrl}/api/v1/marketplace/search?query=${encodeURIComponent(query)}`, {
        headers: bearer(token),
      }),
    );
  /** Every catalog row, to prove a refused file changed nothing. */
  const catalogRows = async () => ({
    products: await t.prisma
      .$queryRaw`SELECT to_jsonb(p) - 'search_vector' AS row FROM product p ORDER BY id`,
    offers: await t.prisma.$queryRaw`SELECT to_jsonb(o) AS row FROM offer o ORDER BY id`,
  });

  it("imports the project's example BMEcat: products with their texts, facts and pictures, offers of the supplier", async () => {
    const { code, report } = await importJson(
      join(EXAMPLES, 'bmecat-2005-office-supplies.xml'),
      '--supplier',
      'schmidt',
    );
    expect(report).toMatchObject({
      format: 'bmecat',
      transaction: 'full',
      supplier: { slug: 'schmidt', name: 'Schreibwaren Schmidt GmbH' },
      organization: null,
      applied: true,
      offers: { withdrawn: 0 },
      file: { name: 'bmecat-2005-office-supplies.xml', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(code).toBe(report.rejectedCount > 0 ? 3 : 0);
    expect(report.products.created).toBeGreaterThan(0);
    expect(report.offers.created).toBe(report.items - report.rejectedCount);

    const paper = await t.prisma.product.findFirstOrThrow({ where: { gtin: '4006381333931' } });
    expect(paper).toMatchObject({
      name: 'Kopierpapier A4, 80 g/m², weiß, 500 Blatt',
      manufacturer: 'Navigator',
      manufacturerPartNumber: 'NAV-A4-80',
      texts: {
        de: { name: 'Kopierpapier A4, 80 g/m², weiß, 500 Blatt' },
        en: { name: 'Copy paper A4, 80 g/m², white, 500 sheets' },
      },
      taxonomies: [{ type: 'eclass', code: '24320101' }],
    });
    expect(paper.overview).toMatchObject({ Format: 'A4', Farbe: 'weiß' });
    expect(paper.images).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          url: 'https://media.schreibwaren-schmidt.example/katalog/bilder/sch-10045.jpg',
          kind: 'medium',
        }),
      ]),
    );
    expect(paper.links).toEqual([expect.objectContaining({ purpose: 'data_sheet' })]);
    const offer = await t.prisma.offer.findFirstOrThrow({ where: { productId: paper.id } });
    expect(offer).toMatchObject({
      vendor: 'Schreibwaren Schmidt GmbH',
      vendorSku: 'SCH-10045',
      unit: 'PK',
      contentUnit: 'C62',
      quantityMin: 5,
      quantityInterval: 5,
      currency: 'EUR',
    });
    expect(offer.price.toString()).toBe('4.89');
    expect(offer.quantityTiers).toEqual([
      { minQuantity: 50, price: 4.49 },
      { minQuantity: 250, price: 4.19 },
    ]);

    // Buyers find it by its GTIN and by the supplier's part number, and see the supplier as vendor.
    for (const query of ['4006381333931', 'SCH-10045']) {
      const found = await search(query);
      expect([query, found.data[0]?.id]).toEqual([query, paper.id]);
    }
    const details = await bodyOf(await product(paper.id));
    expect(details.offers.map((o: Json) => o.vendor)).toEqual(['Schreibwaren Schmidt GmbH']);

    // The same file again changes nothing.
    const again = await importJson(
      join(EXAMPLES, 'bmecat-2005-office-supplies.xml'),
      '--supplier',
      'schmidt',
    );
    expect(again.report.products).toMatchObject({ created: 0, updated: 0 });
    expect(again.report.offers).toMatchObject({ created: 0, updated: 0, withdrawn: 0 });
  });

  it('records on a cart line the supplier and the import its offer came from', async () => {
    const paper = await t.prisma.product.findFirstOrThrow({ where: { gtin: '4006381333931' } });
    const offer = await t.prisma.offer.findFirstOrThrow({ where: { productId: paper.id } });
    expect(offer.importId).not.toBeNull();
    const { body } = await startPunchout(t.baseUrl, token, paper.id, {
      callbackUrl: 'https://srm.example.com/hook',
    });
    const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl));
    const url = `${t.baseUrl}${start.location}`;
    const csrf = csrfOf((await getPage(url)).html);
    expect((await postForm(`${url}/cart/add`, { csrf, offerId: offer.id, quantity: '5' })).status).toBe(303);
    const line = await t.prisma.cartItem.findFirstOrThrow({ where: { offerId: offer.id } });
    expect(line).toMatchObject({
      supplierId: offer.supplierId,
      importId: offer.importId,
      vendor: offer.vendor,
    });
  });

  it('joins two suppliers offering the same GTIN into one product with both offers', async () => {
    const shared = { gtin: '4008705057028', manufacturer: 'Wago', manufacturerPid: '221-413' };
    const a = await importJson(
      file(
        'alpha.xml',
        bmecat([{ pid: 'A-1', name: 'Verbindungsklemme 3-Leiter', price: '0.41', ...shared }]),
      ),
      '--supplier',
      'alpha',
    );
    const b = await importJson(
      file(
        'beta.xml',
        bmecat([
          { pid: 'B-77', name: 'Klemme 221-413 Wago', price: '0.39', ...shared, manufacturerPid: '221 413' },
        ]),
      ),
      '--supplier',
      'beta',
    );
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.report.products.created).toBe(1);
    expect(b.report.products).toEqual({ created: 0, updated: 0, unchanged: 1 });
    const products = await t.prisma.product.findMany({ where: { gtin: shared.gtin } });
    expect(products).toHaveLength(1);
    const details = await bodyOf(await product(products[0].id));
    expect(details.offers.map((o: Json) => [o.vendor, o.price.amount]).sort()).toEqual([
      ['Alpha Elektro', 0.41],
      ['Beta Industriebedarf', 0.39],
    ]);

    // Without a GTIN, manufacturer and part number match (case, spaces and hyphens aside).
    const c = await importJson(
      file(
        'beta-2.xml',
        bmecat([
          { pid: 'B-78', name: 'Klemme', price: '0.40', manufacturer: 'WAGO', manufacturerPid: '221413' },
        ]),
      ),
      '--supplier',
      'beta',
    );
    expect(c.report.products.created).toBe(0);
    expect(await t.prisma.offer.count({ where: { productId: products[0].id, withdrawnAt: null } })).toBe(2);
    // Beta's full catalog without B-77 withdrew it: only Beta's own offer, Alpha's stays.
    expect(c.report.offers.withdrawn).toBe(1);
    const after = await bodyOf(await product(products[0].id));
    expect(after.offers.map((o: Json) => o.vendor).sort()).toEqual(['Alpha Elektro', 'Beta Industriebedarf']);
  });

  it('withdraws what a full catalog no longer contains: not found, kept for the audit', async () => {
    const first = await importJson(
      file(
        'full-1.xml',
        bmecat([
          { pid: 'W-1', name: 'Schraubendreher Schlitz 4 mm', price: '3.10' },
          { pid: 'W-2', name: 'Schraubendreher Kreuz PH2', price: '3.40' },
        ]),
      ),
      '--supplier',
      'alpha',
    );
    // Alpha's full catalog: its clamp of the test before is no longer in it.
    expect(first.report.offers).toMatchObject({ created: 2, withdrawn: 1 });
    const gone = await t.prisma.offer.findFirstOrThrow({ where: { vendorSku: 'W-2' } });
    expect((await product(gone.productId)).status).toBe(200);

    const second = await importJson(
      file('full-2.xml', bmecat([{ pid: 'W-1', name: 'Schraubendreher Schlitz 4 mm', price: '3.20' }])),
      '--supplier',
      'alpha',
    );
    expect(second.code).toBe(0);
    expect(second.report.offers).toMatchObject({ created: 0, updated: 1, withdrawn: 1 });
    expect((await t.prisma.offer.findUniqueOrThrow({ where: { id: gone.id } })).withdrawnAt).not.toBeNull();
    expect((await product(gone.productId)).status).toBe(404);
    expect((await search('Kreuz PH2')).count.value).toBe(0);
  });

  it('applies update transactions: new, update and delete per product, and prices only', async () => {
    await importJson(
      file(
        'upd-0.xml',
        bmecat([
          { pid: 'U-1', name: 'Kabelbinder 200 mm', price: '5.00' },
          { pid: 'U-2', name: 'Kabelbinder 300 mm', price: '6.00' },
        ]),
      ),
      '--supplier',
      'nord',
    );
    const updates = await importJson(
      file(
        'upd-1.xml',
        bmecat(
          [
            { pid: 'U-3', name: 'Kabelbinder 400 mm', price: '7.00', mode: 'new' },
            { pid: 'U-1', name: 'Kabelbinder 200 mm, schwarz', price: '5.50', mode: 'update' },
            { pid: 'U-2', name: 'x', mode: 'delete' },
          ],
          { transaction: 'T_UPDATE_PRODUCTS' },
        ),
      ),
      '--supplier',
      'nord',
    );
    expect(updates.report).toMatchObject({
      transaction: 'incremental',
      offers: { created: 1, updated: 1, withdrawn: 1 },
    });
    const prices = await importJson(
      file(
        'upd-2.xml',
        bmecat([{ pid: 'U-1', name: '', price: '4.99' }], { transaction: 'T_UPDATE_PRICES' }),
      ),
      '--supplier',
      'nord',
    );
    expect(prices.report).toMatchObject({ transaction: 'prices', offers: { updated: 1, withdrawn: 0 } });
    const u1 = await t.prisma.offer.findFirstOrThrow({
      where: { vendorSku: 'U-1', supplier: { slug: 'nord' } },
    });
    expect(u1.price.toString()).toBe('4.99');
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: u1.productId } })).name).toBe(
      'Kabelbinder 200 mm, schwarz',
    );
  });

  it('rejects items without a usable price with their part id, line and reason, imports the rest, exit 3', async () => {
    const errorsOut = join(dir, 'rejected.jsonl');
    const { code, report } = await importJson(
      file(
        'partial.xml',
        bmecat([
          { pid: 'P-1', name: 'Gewebeband 50 mm', price: '4.10' },
          { pid: 'P-2', name: 'Gewebeband ohne Preis' },
          { pid: 'P-3', name: 'Gewebeband gratis', price: '0' },
        ]),
      ),
      '--supplier',
      'beta',
      '--errors-out',
      errorsOut,
    );
    expect(code).toBe(3);
    expect(report.rejectedCount).toBe(2);
    expect(report.rejected).toEqual([
      { item: 'P-2', line: expect.any(Number), reason: 'no price' },
      { item: 'P-3', line: expect.any(Number), reason: 'no usable price: the price is 0' },
    ]);
    expect(report.offers.created).toBe(1);
    expect(
      readFileSync(errorsOut, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).item),
    ).toEqual(['P-2', 'P-3']);
    expect(await t.prisma.offer.count({ where: { vendorSku: { in: ['P-2', 'P-3'] } } })).toBe(0);
  });

  it('writes nothing for a truncated or hostile file (exit 1) and for a dry run (exit 0)', async () => {
    const before = await catalogRows();
    const whole = bmecat([
      { pid: 'T-1', name: 'Isolierband', price: '1.10' },
      { pid: 'T-2', name: 'Isolierband rot', price: '1.20' },
    ]);
    const truncated = await importJson(
      file('truncated.xml', whole.slice(0, whole.indexOf('T-2') + 10)),
      '--supplier',
      'alpha',
    );
    expect(truncated.code).toBe(1);
    expect(truncated.report).toMatchObject({ applied: false, error: expect.stringMatching(/line \d+/) });
    const hostile = await importJson(
      file('hostile.xml', whole.replace('<BMECAT', '<!DOCTYPE BMECAT [<!ENTITY x "boom">]>\n<BMECAT')),
      '--supplier',
      'alpha',
    );
    expect(hostile.code).toBe(1);
    expect(hostile.report.error).toMatch(/DTD|entit/i);
    const dry = await importJson(file('dry.xml', whole), '--supplier', 'alpha', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.report).toMatchObject({ dryRun: true, applied: false, offers: { created: 2 } });
    expect(await catalogRows()).toEqual(before);
    const failed = await t.prisma.catalogImport.findMany({
      where: { fileName: { in: ['truncated.xml', 'hostile.xml'] } },
    });
    expect(failed.map((i) => i.status)).toEqual(['failed', 'failed']);
  });

  it('answers bad usage with exit 2 and an unknown supplier with exit 1', async () => {
    const example = join(EXAMPLES, 'bmecat-2005-office-supplies.xml');
    for (const argv of [
      [example],
      [example, '--supplier', 'alpha', '--format', 'pdf'],
      [example, '--org', 'acme'],
      [join(dir, 'missing.xml'), '--supplier', 'alpha'],
      [example, '--supplier', 'alpha', '--strict'],
    ]) {
      const run = await cli(t.database.url, 'catalog', 'import', ...argv);
      expect({ argv, code: run.code }).toEqual({ argv, code: 2 });
    }
    const unknown = await cli(t.database.url, 'catalog', 'import', example, '--supplier', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No supplier "nobody".');
  });

  it("records a contract catalog import in the organization's audit trail", async () => {
    const acme = await createOrganization(t.prisma);
    const { code, report } = await importJson(
      file('contract.xml', bmecat([{ pid: 'K-1', name: 'Vertragsartikel Kabeltrommel', price: '55.00' }])),
      '--supplier',
      'alpha',
      '--org',
      acme.slug,
    );
    expect(code).toBe(0);
    expect(report.organization).toBe(acme.slug);
    const offer = await t.prisma.offer.findFirstOrThrow({ where: { vendorSku: 'K-1' } });
    expect(offer.organizationId).toBe(acme.id);
    const events = await t.prisma.auditEvent.findMany({
      where: { organizationId: acme.id, type: 'catalog.imported' },
    });
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        supplier: { slug: 'alpha', name: 'Alpha Elektro' },
        organization: acme.slug,
        format: 'bmecat',
        applied: true,
        file: expect.objectContaining({ name: 'contract.xml', sha256: report.file.sha256 }),
        offers: expect.objectContaining({ created: 1 }),
      }),
    ]);
    expect(events[0].actorLabel).toMatch(/^cli:/);
  });

  it("never shows another organization's contract offers: not in product details, search results, prices or counts", async () => {
    const contractor = await createOrganization(t.prisma);
    const gtin = '4008705057035';
    const publicFile = file(
      'public.xml',
      bmecat([{ pid: 'PUB-1', name: 'Hutschienenklemme grau', price: '10.00', gtin }]),
    );
    expect((await importJson(publicFile, '--supplier', 'nord')).code).toBe(0);
    const shared = await t.prisma.product.findFirstOrThrow({ where: { gtin } });
    const countBefore = (await search('Hutschienenklemme')).count.value;
    const contract = file(
      'contract-2.xml',
      bmecat([
        { pid: 'C-1', name: 'Hutschienenklemme grau (Rahmenvertrag)', price: '1.00', gtin },
        { pid: 'C-2', name: 'Sonderanfertigung Schaltschrank Vertrag', price: '999.00' },
      ]),
    );
    const imported = await importJson(contract, '--supplier', 'beta', '--org', contractor.slug);
    expect(imported.report.offers.created).toBe(2);
    const onlyContract = await t.prisma.offer.findFirstOrThrow({ where: { vendorSku: 'C-2' } });

    // This test's organization is not the contractor.
    expect((await product(onlyContract.productId)).status).toBe(404);
    expect((await search('Sonderanfertigung Schaltschrank')).count.value).toBe(0);
    const details = await bodyOf(await product(shared.id));
    expect(details.offers.map((o: Json) => [o.vendor, o.price.amount])).toEqual([
      ['Büroversand Nord GmbH', 10],
    ]);
    const found = await search('Hutschienenklemme');
    expect(found.count.value).toBe(countBefore);
    expect(found.data.find((hit: Json) => hit.id === shared.id)?.price?.amount).toBe(10);
  });

  it('keeps the own-shape import without --supplier, and gives its offers to a supplier with it', async () => {
    const plain = await cli(t.database.url, 'catalog', 'import', join(EXAMPLES, 'catalog.jsonl'), '--json');
    expect(plain.code).toBe(0);
    const withSupplier = await cli(
      t.database.url,
      'catalog',
      'import',
      join(EXAMPLES, 'catalog.csv'),
      '--supplier',
      'beta',
      '--json',
    );
    expect(withSupplier.code).toBe(0);
    const vendors = await t.prisma.offer.groupBy({ by: ['vendor'], where: { supplierItemKey: null } });
    expect(vendors.map((v) => v.vendor)).toContain('Beta Industriebedarf');
  });
});
