import { join } from 'node:path';
import { cli } from '../../support/cli';
import { CATALOG_SAMPLES, CXML_SAMPLES, describeWithCatalogSamples } from '../../support/catalog-samples';
import { Json } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

const EXAMPLES = join(__dirname, '../../../docs/examples');

/*
 * Real suppliers' files (and the project's own examples) through the whole import: read, matched and
 * written. Each imports what it carries; the update transactions of the BMEcat 1.2 sample change what
 * its new catalog wrote.
 */
describeWithCatalogSamples('importing real supplier catalogs', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    expect((await cli(t.database.url, 'supplier', 'add', 'supplyco', '--name', 'SupplyCo')).code).toBe(0);
    expect((await cli(t.database.url, 'supplier', 'add', 'samples', '--name', 'Sample Supplier')).code).toBe(
      0,
    );
  });
  afterAll(() => t.close());

  const importJson = async (supplier: string, path: string, ...argv: string[]) => {
    const run = await cli(
      t.database.url,
      'catalog',
      'import',
      path,
      '--supplier',
      supplier,
      '--json',
      ...argv,
    );
    return { code: run.code, report: JSON.parse(run.stdout) as Json };
  };

  it.each([
    ['bmecat', join(CATALOG_SAMPLES, 'bmecat/2005/olivere-new_catalog.xml')],
    ['cif', join(CATALOG_SAMPLES, 'cif/altf4-Catalog1.cif')],
    ['cif', join(CATALOG_SAMPLES, 'cif/altf4-Catalog2.cif')],
    ['cif', join(CATALOG_SAMPLES, 'cif/altf4-Using12RequiredFields.cif')],
    ['cxml-index', join(CXML_SAMPLES, 'cxml-php-Index.xml')],
    ['cif', join(EXAMPLES, 'cif-3.0-office-supplies.cif')],
    ['cxml-index', join(EXAMPLES, 'cxml-index-office-supplies.xml')],
  ])('imports a %s file (%s) with its offers written as the report says', async (format, path) => {
    const before = await t.prisma.offer.count({
      where: { supplier: { slug: 'samples' }, withdrawnAt: null },
    });
    const { code, report } = await importJson('samples', path, '--format', format);
    expect(report).toMatchObject({ format, applied: true, error: null });
    expect(code).toBe(report.rejectedCount > 0 ? 3 : 0);
    expect(report.items).toBeGreaterThan(0);
    const written = report.offers.created + report.offers.updated + report.offers.unchanged;
    expect(written).toBe(report.items - report.rejectedCount);
    const after = await t.prisma.offer.count({ where: { supplier: { slug: 'samples' }, withdrawnAt: null } });
    // A full catalog replaces the supplier's offers; an incremental one adds to them.
    expect(after).toBe(
      report.transaction === 'full' ? written : before + report.offers.created - report.offers.withdrawn,
    );
  });

  it('applies the BMEcat 1.2 sample: a new catalog, then its product and price updates', async () => {
    // Its prices were valid in 2000 and 2001: an offer outside its dates is not offered, so rejected.
    const created = await importJson('supplyco', join(CATALOG_SAMPLES, 'bmecat/1.2/olivere-new_catalog.xml'));
    expect(created.report).toMatchObject({ transaction: 'full', formatVersion: '1.2', applied: true });
    expect(created.code).toBe(3);
    expect(created.report.rejected).toEqual([
      {
        item: expect.any(String),
        line: expect.any(Number),
        reason: 'no usable price: none of its prices is valid today or later',
      },
    ]);
    for (const [file, transaction] of [
      ['olivere-update_products.xml', 'incremental'],
      ['olivere-update_prices.xml', 'prices'],
    ]) {
      const { report } = await importJson('supplyco', join(CATALOG_SAMPLES, 'bmecat/1.2', file));
      expect(report).toMatchObject({ transaction, formatVersion: '1.2', applied: true });
      const { created: c, updated: u, unchanged: n, withdrawn: w } = report.offers;
      // Every item is accounted for: written, withdrawn or rejected with its reason.
      expect(c + u + n + w + report.rejectedCount).toBe(report.items);
      expect(report.items).toBeGreaterThan(0);
    }
  });
});
