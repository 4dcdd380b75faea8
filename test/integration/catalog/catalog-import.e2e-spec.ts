import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogService } from '../../../src/catalog/catalog.service';
import { startTestApp, TestApp } from '../../support/test-app';
import { cli as runCliIn } from '../../support/cli';

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

  it('reports each bad row with its line, field and reason, imports the good ones, and exits 3', async () => {
    const path = await file('mixed.jsonl', [
      line(product('MIX-1')),
      '{not json',
      line(product('MIX-2', { category: 'nowhere' })),
      '',
      line(product('MIX-3', { offers: [{ vendor: 'V', price: '-1', currency: 'eur' }] })),
      line(product('MIX-4')),
    ]);
    const { code, stdout, stderr } = await cli('catalog', 'import', path, '--json');
    expect(code).toBe(3);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ imported: 2, skipped: 3, rows: 5, aborted: false });
    expect(report.problems.map((p: { line: number }) => p.line)).toEqual([2, 3, 5, 5]);
    expect(report.problems[0]).toEqual({ line: 2, reason: expect.stringMatching(/^not valid JSON/) });
    expect(report.problems[1]).toEqual({ line: 3, field: 'category', reason: 'unknown category "nowhere"' });
    expect(report.problems.slice(2).map((p: { field: string }) => p.field)).toEqual([
      'offers[0].price',
      'offers[0].currency',
    ]);
    expect(stderr).not.toContain('server_error');
    const codes = (await t.prisma.product.findMany({ where: { productCode: { startsWith: 'MIX-' } } })).map(
      (p) => p.productCode,
    );
    expect(codes.sort()).toEqual(['MIX-1', 'MIX-4']);

    const human = await cli('catalog', 'import', path);
    expect(human.code).toBe(3);
    expect(human.stderr).toContain('line 3, category: unknown category "nowhere"\n');
    expect(human.stdout).toBe('Imported 2 of 5 product(s), skipped 3\n');
  });

  it('exits 0 only when every row was imported', async () => {
    const path = await file('clean.jsonl', [line(product('CLEAN-1')), line(product('CLEAN-2'))]);
    const run = await cli('catalog', 'import', path);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Imported 2 of 2 product(s)\n');
  });

  it('writes every problem to --errors-out as JSON Lines, and refuses to overwrite that file', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => line(product(`ERR-${i}`, { category: 'nowhere' })));
    const path = await file('errors.jsonl', [line(product('ERR-OK')), ...rows]);
    const out = join(dir, 'rejected.jsonl');
    const run = await cli('catalog', 'import', path, '--errors-out', out);
    expect(run.code).toBe(3);
    const written = (await readFile(out, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(written).toHaveLength(30);
    expect(written[0]).toEqual({ line: 2, field: 'category', reason: 'unknown category "nowhere"' });
    // The terminal shows the first 20 and says where the rest are.
    expect(run.stderr).toContain(`... and 10 more problem(s) (all of them in ${out})`);
    expect((await cli('catalog', 'import', path, '--errors-out', out)).code).toBe(2);
  });

  it('writes nothing with --strict when any row is bad', async () => {
    const path = await file('strict.jsonl', [
      line(product('STRICT-1')),
      line(product('STRICT-2', { name: '' })),
    ]);
    const { code, stderr } = await cli('catalog', 'import', path, '--strict');
    expect(code).toBe(1);
    expect(stderr).toContain('line 2, name: is required');
    expect(await t.prisma.product.count({ where: { productCode: { startsWith: 'STRICT-' } } })).toBe(0);

    const json = await cli('catalog', 'import', path, '--strict', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      imported: 0,
      aborted: true,
      problems: [{ line: 2, field: 'name', reason: 'is required' }],
    });
  });

  it('a malformed CSV line costs only that line: the rows before and after it are imported', async () => {
    const header = 'productCode,name,category,vendor,price,currency';
    const path = await file('broken.csv', [
      header,
      'CSVQ-1,"Stapler, ""heavy duty""",desk-accessories,V1,10.00,EUR',
      'CSVQ-2,"Punch',
      'with a line break",desk-accessories,V1,5.00,EUR',
      'CSVQ-3,Clip"s,desk-accessories,V1,1.00,EUR',
      'CSVQ-4,Pin,desk-accessories,V1,1.00,EUR',
      'CSVQ-5,"Tape" roll,desk-accessories,V1,2.00,EUR',
      'CSVQ-6,Glue,desk-accessories,V1,3.00,EUR',
    ]);
    const { code, stdout, stderr } = await cli('catalog', 'import', path);
    expect(code).toBe(3);
    expect(stdout).toBe('Imported 4 of 6 product(s), skipped 2\n');
    expect(stderr).toMatch(/^line 5: not valid CSV: a quoted field is not closed$/m);
    expect(stderr).toMatch(/^line 7: not valid CSV: Invalid Closing Quote/m);
    const names = await t.prisma.product.findMany({
      where: { productCode: { startsWith: 'CSVQ-' } },
      select: { productCode: true, name: true },
      orderBy: { productCode: 'asc' },
    });
    expect(names).toEqual([
      { productCode: 'CSVQ-1', name: 'Stapler, "heavy duty"' },
      { productCode: 'CSVQ-2', name: 'Punch\nwith a line break' },
      { productCode: 'CSVQ-4', name: 'Pin' },
      { productCode: 'CSVQ-6', name: 'Glue' },
    ]);
  });

  it('a malformed CSV line between two rows of one product fails that product (it may have been its offer)', async () => {
    const path = await file('split.csv', [
      'productCode,name,category,vendor,price,currency',
      'SPLIT-1,Folder,filing,V1,1.00,EUR',
      'SPLIT-1,Folder,filing,V2",2.00,EUR',
      'SPLIT-1,Folder,filing,V3,3.00,EUR',
      'SPLIT-2,Binder,filing,V1,4.00,EUR',
    ]);
    const { code, stdout } = await cli('catalog', 'import', path, '--json');
    expect(code).toBe(3);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ imported: 1, skipped: 2 });
    expect(report.problems).toEqual([
      { line: 3, reason: 'not valid CSV: a quoted field is not closed' },
      { line: 2, reason: "line 3 is not valid CSV and lies between this product's rows" },
    ]);
    expect(await t.prisma.product.count({ where: { productCode: 'SPLIT-1' } })).toBe(0);
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
