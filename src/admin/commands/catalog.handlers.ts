import { createReadStream, createWriteStream, existsSync, statSync, type WriteStream } from 'node:fs';
import { basename } from 'node:path';
import { dirname, resolve } from 'node:path';
import { CatalogService } from '../../catalog/catalog.service';
import { ImportProblem } from '../../catalog/import/import-problem';
import { formatOf, ImportFormat } from '../../catalog/import/import-records.reader';
import {
  CliArgs,
  flagOption,
  handler,
  ImportAbortedError,
  onlyPositionals,
  PartialSuccessError,
  type RunContext,
  service,
  stringOption,
  UsageError,
} from '../cli-command';
import { printResult, table } from '../cli-output';
import { Progress } from '../cli-progress';
import { CatalogModule } from '../../catalog/catalog.module';
import { CatalogImportModule } from '../../catalog-import/catalog-import.module';
import { CatalogImportsService } from '../../catalog-import/catalog-imports.service';
import type { CatalogImportReport, RejectedItem } from '../../catalog/supplier-import/catalog-import-report';
import { CATALOG_FORMATS, type CatalogFormat } from '../../catalog/formats/supplier-item';
import { OAuthModule } from '../../oauth/oauth.module';
import { OrganizationsService } from '../../oauth/organizations.service';
import { cliActor, cliAuthor, ReportedFailureError } from '../cli-command';

const CATALOG = () => [CatalogModule];
const CATALOG_IMPORT = () => [CatalogModule, CatalogImportModule, OAuthModule];

const MAX_DEMO_PRODUCTS = 1_000_000;
/** Problems printed on the terminal; all of them go to --errors-out. */
const PRINTED_PROBLEMS = 20;

interface DemoInput {
  products: number;
  seed: number;
}

interface ImportInput {
  file: string;
  /** Null: detected from the content (a supplier catalog). */
  format: CatalogFormat | null;
  strict: boolean;
  errorsOut?: string;
  /** A supplier's catalog: its slug, the contract catalog's organization, and whether to write. */
  supplier?: string;
  org?: string;
  dryRun: boolean;
}

const SUPPLIER_FORMATS = ['bmecat', 'cif', 'cxml-index'] as const;
type SupplierFormat = (typeof SUPPLIER_FORMATS)[number];
const isSupplierFormat = (format: CatalogFormat | null): format is SupplierFormat | null =>
  format === null || (SUPPLIER_FORMATS as readonly string[]).includes(format);

export const catalogDemo = handler<DemoInput>({
  needsApp: true,
  modules: CATALOG,
  parse(args) {
    onlyPositionals(args, []);
    return parseDemoArgs(args);
  },
  async run(ctx) {
    const { products, seed } = ctx.input;
    const progress = new Progress(ctx.io.stderr, 'catalog demo', { unit: 'products', total: products });
    try {
      const result = await service(ctx, CatalogService).generateDemo({
        products,
        seed,
        onProgress: (done) => progress.update(done),
        // The maintenance statements after the last row (a minute at 1,000,000 products), each named.
        onPhase: (phase) => progress.phase(phase),
      });
      progress.update(products);
      progress.finish();
      printResult(
        ctx.io,
        ctx.json,
        { ...result, seed },
        `Generated ${result.products} products with ${result.offers} offers (seed ${seed}) in ${(result.ms / 1000).toFixed(1)} s`,
      );
    } finally {
      progress.finish();
    }
  },
});

export const catalogImport = handler<ImportInput>({
  needsApp: true,
  modules: CATALOG_IMPORT,
  parse(args) {
    const [file] = onlyPositionals(args, ['<file>']);
    const explicit = stringOption(args, 'format');
    if (explicit !== undefined && !(CATALOG_FORMATS as readonly string[]).includes(explicit))
      throw new UsageError(`--format must be one of ${CATALOG_FORMATS.join(', ')}`);
    const supplier = stringOption(args, 'supplier');
    const org = stringOption(args, 'org');
    const dryRun = flagOption(args, 'dry-run');
    const strict = flagOption(args, 'strict');
    // The own shape by its name (.jsonl, .csv) unless --format says otherwise; a supplier file by its content.
    const format: CatalogFormat | null = (explicit as CatalogFormat | undefined) ?? formatOf(file);
    if (supplier === undefined) {
      if (org !== undefined || dryRun)
        throw new UsageError(`${org !== undefined ? '--org' : '--dry-run'} needs --supplier <slug>`);
      if (format === null || isSupplierFormat(format))
        throw new UsageError(
          format === null
            ? `cannot tell the format of "${file}": give --supplier <slug> for a BMEcat, CIF or cXML Index file, or name it .jsonl or .csv`
            : `a ${format} file is a supplier's catalog: give --supplier <slug>`,
        );
    } else if (!isSupplierFormat(format) && (org !== undefined || dryRun)) {
      throw new UsageError(
        `${org !== undefined ? '--org' : '--dry-run'} applies to BMEcat, CIF and cXML Index files`,
      );
    }
    if (strict && supplier !== undefined && isSupplierFormat(format))
      throw new UsageError(
        '--strict applies to JSON Lines and CSV (a supplier catalog is applied all or nothing)',
      );
    if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
    const errorsOut = stringOption(args, 'errors-out');
    if (errorsOut !== undefined && existsSync(errorsOut))
      throw new UsageError(`${errorsOut} exists; choose a new file for --errors-out`);
    if (errorsOut !== undefined && !existsSync(dirname(resolve(errorsOut))))
      throw new UsageError(`no such directory for --errors-out: ${dirname(resolve(errorsOut))}`);
    return { file, format, strict, errorsOut, supplier, org, dryRun };
  },
  async run(ctx) {
    if (ctx.input.supplier !== undefined && isSupplierFormat(ctx.input.format)) return supplierImport(ctx);
    return ownShapeImport(ctx);
  },
});

/** A supplier's BMEcat, CIF or cXML Index file through the shared pipeline: all or nothing. */
async function supplierImport(ctx: RunContext<ImportInput>): Promise<void> {
  const { file, errorsOut, supplier, org, dryRun } = ctx.input;
  const format = ctx.input.format as SupplierFormat | null;
  const organization = org === undefined ? null : await service(ctx, OrganizationsService).bySlug(org);
  const imports = service(ctx, CatalogImportsService);
  // An unknown supplier is exit 1 before the file is read.
  await imports.supplierFor(supplier as string, organization?.id ?? null);
  const progress = ctx.io.stderr.isTTY
    ? new Progress(ctx.io.stderr, 'catalog import', {
        unit: 'bytes',
        total: statSync(file).size,
        secondary: 'items',
      })
    : undefined;
  const errors = errorsOut ? createWriteStream(errorsOut, { flags: 'wx' }) : undefined;
  let errorsFailed: Error | undefined;
  errors?.on('error', (error) => (errorsFailed ??= error));
  let printed = 0;
  const onRejected = (rejected: RejectedItem) => {
    errors?.write(`${JSON.stringify(rejected)}\n`);
    if (!ctx.json && printed < PRINTED_PROBLEMS) {
      printed++;
      ctx.io.stderr.write(`${ctx.io.stderr.isTTY ? '\r\x1b[2K' : ''}${describeRejection(rejected)}\n`);
    }
  };
  let report: CatalogImportReport;
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  try {
    report = await imports.run(stream, {
      supplier: supplier as string,
      organization: organization && { id: organization.id, slug: organization.slug },
      format,
      dryRun,
      fileName: basename(file),
      author: cliAuthor(ctx.io.env),
      actor: cliActor(ctx),
      onProgress: ({ bytesRead, items }) => progress?.update(bytesRead, items),
      onRejected,
    });
  } finally {
    stream.destroy();
    progress?.finish();
    if (errors) await new Promise<void>((done) => errors.end(done));
  }
  if (!ctx.json && report.rejectedCount > printed) {
    ctx.io.stderr.write(
      `... and ${report.rejectedCount - printed} more rejected item(s)${errorsOut ? ` (all of them in ${errorsOut})` : '; --errors-out <file.jsonl> writes all of them'}\n`,
    );
  }
  if (errorsFailed) throw new Error(`could not write --errors-out ${errorsOut}: ${errorsFailed.message}`);
  printResult(ctx.io, ctx.json, report, summaryOf(report));
  if (report.error !== null) throw new ReportedFailureError(report.error);
  if (report.rejectedCount > 0)
    throw new PartialSuccessError(`${report.rejectedCount} of ${report.items} item(s) were rejected`);
}

const FORMAT_NAMES: Record<string, string> = { bmecat: 'BMEcat', cif: 'CIF', 'cxml-index': 'cXML Index' };
const TRANSACTIONS: Record<string, string> = {
  full: 'full catalog',
  incremental: 'updates',
  prices: 'price updates',
};

/** What a person reads: what was imported from whom, the counts, and what was left out. */
function summaryOf(report: CatalogImportReport): string {
  const what = `${FORMAT_NAMES[report.format ?? ''] ?? 'catalog'}${report.formatVersion ? ` ${report.formatVersion}` : ''}${report.transaction ? ` (${TRANSACTIONS[report.transaction]})` : ''}`;
  const whose = `from ${report.supplier.name}${report.organization ? ` for ${report.organization}` : ''}`;
  if (report.error !== null) return `Nothing imported ${whose}: ${report.error}`;
  const { products: p, offers: o } = report;
  const lines = [
    `${report.dryRun ? 'Dry run, nothing written: would import' : 'Imported'} ${what} ${whose}: ${report.items} item(s)`,
    `  products: ${p.created} created, ${p.updated} updated, ${p.unchanged} unchanged`,
    `  offers:   ${o.created} created, ${o.updated} updated, ${o.unchanged} unchanged, ${o.withdrawn} withdrawn`,
  ];
  if (report.rejectedCount > 0) lines.push(`  rejected: ${report.rejectedCount}`);
  for (const warning of report.warnings)
    lines.push(`  warning: ${warning.kind} (${warning.count}), e.g. ${warning.example}`);
  return lines.join('\n');
}

function describeRejection(rejected: RejectedItem): string {
  return `line ${rejected.line}${rejected.item ? `, item ${rejected.item}` : ''}: ${rejected.reason}`;
}

/** The gateway's own JSON Lines / CSV shape; with --supplier its offers are that supplier's. */
async function ownShapeImport(ctx: RunContext<ImportInput>): Promise<void> {
  const { file, strict, errorsOut } = ctx.input;
  const format = ctx.input.format as ImportFormat;
  const supplierId =
    ctx.input.supplier === undefined
      ? undefined
      : (await service(ctx, CatalogImportsService).supplierFor(ctx.input.supplier, null)).id;
  const totalBytes = statSync(file).size;
  const progress = new Progress(ctx.io.stderr, 'catalog import', {
    unit: 'bytes',
    total: totalBytes,
    secondary: 'rows',
  });
  const errors: WriteStream | undefined = errorsOut
    ? createWriteStream(errorsOut, { flags: 'wx' })
    : undefined;
  // A file that cannot be written (disk full, removed directory) must fail the command, not the process.
  let errorsFailed: Error | undefined;
  errors?.on('error', (error) => (errorsFailed ??= error));
  let printed = 0;
  let found = 0;
  const onProblem = (problem: ImportProblem) => {
    found++;
    errors?.write(`${JSON.stringify(problem)}\n`);
    if (!ctx.json && printed < PRINTED_PROBLEMS) {
      printed++;
      ctx.io.stderr.write(`${ctx.io.stderr.isTTY ? '\r\x1b[2K' : ''}${describeProblem(problem)}\n`);
    }
  };
  let report;
  try {
    report = await service(ctx, CatalogService).importFile(file, {
      format,
      strict,
      supplierId,
      onProgress: ({ bytesRead, rows }) => progress.update(bytesRead, rows),
      onProblem,
      onPhase: (phase) => progress.phase(phase),
    });
  } finally {
    progress.finish();
    if (errors) await new Promise<void>((done) => errors.end(done));
  }
  if (!ctx.json && found > printed) {
    ctx.io.stderr.write(
      `... and ${found - printed} more problem(s)${errorsOut ? ` (all of them in ${errorsOut})` : '; --errors-out <file.jsonl> writes all of them'}\n`,
    );
  }
  if (errorsFailed) throw new Error(`could not write --errors-out ${errorsOut}: ${errorsFailed.message}`);
  const rows = report.imported + report.skipped;
  printResult(
    ctx.io,
    ctx.json,
    { ...report, rows, errorsOut: errorsOut ?? null },
    report.aborted
      ? `Nothing imported (--strict): ${report.skipped} of ${rows} product(s) have problems`
      : `Imported ${report.imported} of ${rows} product(s)` +
          (report.skipped ? `, skipped ${report.skipped}` : ''),
  );
  if (report.aborted)
    throw new ImportAbortedError(`import aborted: ${report.skipped} product(s) with problems`);
  if (report.skipped > 0)
    throw new PartialSuccessError(`${report.skipped} of ${rows} product(s) were skipped`);
}

export const catalogCategories = handler<void>({
  needsApp: true,
  modules: CATALOG,
  parse(args) {
    onlyPositionals(args, []);
  },
  async run(ctx) {
    const categories = await service(ctx, CatalogService).categories();
    printResult(
      ctx.io,
      ctx.json,
      categories,
      table(
        ['id', 'English / German name', 'UNSPSC', 'products'],
        categories.map((c) => [
          `${'  '.repeat(c.depth)}${c.id}`,
          `${c.nameEn} / ${c.nameDe}`,
          c.unspsc ?? '',
          String(c.products),
        ]),
        'No categories',
      ),
    );
  },
});

/** `line 12, offers[0].currency: three upper-case letters (ISO 4217)` */
function describeProblem(problem: ImportProblem): string {
  return `line ${problem.line}${problem.field ? `, ${problem.field}` : ''}: ${problem.reason}`;
}

/** Validates `catalog demo` options: whole numbers, 1..1,000,000 products, seed 0..2^31-1. */
function parseDemoArgs(args: CliArgs): DemoInput {
  const products = stringOption(args, 'products');
  const seed = stringOption(args, 'seed');
  const count = products === undefined ? 5_000 : wholeNumber(products);
  if (count === null || count < 1 || count > MAX_DEMO_PRODUCTS) {
    throw new UsageError(`--products must be a whole number from 1 to ${MAX_DEMO_PRODUCTS}`);
  }
  const s = seed === undefined ? 1 : wholeNumber(seed);
  if (s === null || s > 2_147_483_647)
    throw new UsageError('--seed must be a whole number from 0 to 2147483647');
  return { products: count, seed: s };
}

function wholeNumber(value: string): number | null {
  return /^\d{1,10}$/.test(value) ? Number(value) : null;
}
