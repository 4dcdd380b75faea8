import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogService } from '../../src/catalog/catalog.service';
import { startTestApp, TestApp } from '../support/test-app';
import { cli as runCliIn } from '../support/cli';

describe('catalog import and demo (CLI)', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await startTestApp();
    dir = await mkdtemp(join(tmpdir(), 'catalog-import-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const cli = (...argv: string[]) => runCliIn(t.database.url, ...argv);
  async function file(name: string, lines: string[]): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, `${lines.join('\n')}\n`);
    return path;
  }
  const line = (record: object) => JSON.stringify(record);
  const product = (code: string, extra: object = {}) => ({
    productCode: code,
    name: `Stapler ${code}`,
    category: 'desk-accessories',
    offers: [{ vendor: 'V1', price: '10.00', currency: 'EUR' }],
    ...extra,
  });

  it('imports the documented example files and recomputes the search columns', async () => {
    expect((await cli('catalog', 'import', 'docs/examples/catalog.jsonl')).code).toBe(0);
    expect((await cli('catalog', 'import', 'docs/examples/catalog.csv')).code).toBe(0);
    const chair = await t.prisma.product.findUniqueOrThrow({ where: { productCode: 'ACME-CHAIR-1' } });
    expect(chair).toMatchObject({ offerCount: 2, categoryPath: '/furniture/chairs/', brandKey: 'acme' });
    expect(chair.bestPrice?.toString()).toBe('149');
    expect(chair.conditions.sort()).toEqual(['new', 'refurbished']);
    const cable = await t.prisma.product.findUniqueOrThrow({
      where: { productCode: 'ACME-CABLE-1' },
      include: { offers: true },
    });
    expect(cable).toMatchObject({
      offerCount: 2,
      isPrime: true,
      availability: 'in_stock',
      fastestDelivery: 2,
    });
    expect(cable.offers.find((o) => o.id === 'ACME-CABLE-1-A')?.quantityTiers).toEqual([
      { minQuantity: 10, price: 8.99 },
      { minQuantity: 50, price: 7.99 },
    ]);
  });

  it('reports bad rows with their line numbers and imports the good ones', async () => {
    const path = await file('mixed.jsonl', [
      line(product('MIX-1')),
      '{not json',
      line(product('MIX-2', { category: 'nowhere' })),
      '',
      line(product('MIX-3', { offers: [{ vendor: 'V', price: '-1', currency: 'eur' }] })),
      line(product('MIX-4')),
    ]);
    const { code, stdout, stderr } = await cli('catalog', 'import', path, '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ imported: 2, skipped: 3, aborted: false });
    expect(report.problems.map((p: { line: number }) => p.line)).toEqual([2, 3, 5]);
    expect(report.problems[1].message).toContain('unknown category "nowhere"');
    expect(report.problems[2].message).toMatch(/price.*currency|currency/);
    expect(stderr).not.toContain('server_error');
    const codes = (await t.prisma.product.findMany({ where: { productCode: { startsWith: 'MIX-' } } })).map(
      (p) => p.productCode,
    );
    expect(codes.sort()).toEqual(['MIX-1', 'MIX-4']);
  });

  it('writes nothing with --strict when any row is bad', async () => {
    const path = await file('strict.jsonl', [
      line(product('STRICT-1')),
      line(product('STRICT-2', { name: '' })),
    ]);
    const { code, stderr } = await cli('catalog', 'import', path, '--strict');
    expect(code).toBe(1);
    expect(stderr).toContain('line 2: name: is required');
    expect(await t.prisma.product.count({ where: { productCode: { startsWith: 'STRICT-' } } })).toBe(0);

    const json = await cli('catalog', 'import', path, '--strict', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ imported: 0, aborted: true, problems: [{ line: 2 }] });
  });

  it('reports broken CSV quoting with its line and imports the products before it', async () => {
    const header = 'productCode,name,category,vendor,price,currency';
    const path = await file('broken.csv', [
      header,
      'CSVQ-1,"Stapler, ""heavy duty""",desk-accessories,V1,10.00,EUR',
      'CSVQ-2,"Punch',
      'with a line break",desk-accessories,V1,5.00,EUR',
      'CSVQ-3,Clip"s,desk-accessories,V1,1.00,EUR',
      'CSVQ-4,Pin,desk-accessories,V1,1.00,EUR',
    ]);
    const { code, stdout, stderr } = await cli('catalog', 'import', path);
    expect(code).toBe(0);
    expect(stdout).toContain('Imported 1 product(s), skipped 1');
    // CSVQ-2 was being read when the broken row came: reported (it starts on line 3), not imported.
    expect(stderr).toMatch(
      /line 3: line 5: not valid CSV \(Invalid Opening Quote.*line 5.*\); nothing after it was read/,
    );
    const names = await t.prisma.product.findMany({
      where: { productCode: { startsWith: 'CSVQ-' } },
      select: { productCode: true, name: true },
    });
    expect(names).toEqual([{ productCode: 'CSVQ-1', name: 'Stapler, "heavy duty"' }]);
  });

  it('upserts by product code: a second import replaces the product and its offers', async () => {
    await cli('catalog', 'import', await file('v1.jsonl', [line(product('UP-1'))]));
    const first = await t.prisma.product.findUniqueOrThrow({ where: { productCode: 'UP-1' } });
    const v2 = product('UP-1', {
      name: 'Stapler renamed',
      offers: [{ id: 'UP-1-new', vendor: 'V2', price: '8.50', currency: 'EUR' }],
    });
    expect((await cli('catalog', 'import', await file('v2.jsonl', [line(v2)]))).code).toBe(0);
    const second = await t.prisma.product.findUniqueOrThrow({
      where: { productCode: 'UP-1' },
      include: { offers: true },
    });
    expect(second.id).toBe(first.id);
    expect(second.name).toBe('Stapler renamed');
    expect(second.offers.map((o) => o.id)).toEqual(['UP-1-new']);
    expect(second.bestPrice?.toString()).toBe('8.5');
  });

  it('rejects bad usage with exit code 2 before touching the database', async () => {
    expect((await cli('catalog', 'import', join(dir, 'missing.jsonl'))).code).toBe(2);
    expect((await cli('catalog', 'import', 'docs/examples/catalog.csv', '--format', 'xml')).code).toBe(2);
    expect((await cli('catalog', 'demo', '--products', '0')).code).toBe(2);
    expect((await cli('catalog', 'demo', '--products', 'lots')).code).toBe(2);
    expect((await cli('catalog', 'demo', '--seed', '-3')).code).toBe(2);
  });

  it('generates the same demo catalog twice without duplicates', async () => {
    const first = await cli('catalog', 'demo', '--products', '300', '--seed', '7', '--json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ products: 300, seed: 7 });
    const before = await t.prisma.product.count({ where: { id: { startsWith: 'demo-7-' } } });
    const names = await t.prisma.product.findMany({
      where: { id: { startsWith: 'demo-7-' } },
      orderBy: { id: 'asc' },
    });
    expect((await cli('catalog', 'demo', '--products', '300', '--seed', '7')).code).toBe(0);
    expect(await t.prisma.product.count({ where: { id: { startsWith: 'demo-7-' } } })).toBe(before);
    expect(before).toBe(300);
    const again = await t.prisma.product.findMany({
      where: { id: { startsWith: 'demo-7-' } },
      orderBy: { id: 'asc' },
    });
    expect(again.map((p) => p.name)).toEqual(names.map((p) => p.name));
  });

  it('leaves a non-empty catalog alone at first start', async () => {
    const catalog = t.app.get(CatalogService);
    expect(await catalog.seedDemoIfEmpty(50, 1)).toBe(false);
  });
});
