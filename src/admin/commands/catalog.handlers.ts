import { createWriteStream, existsSync, statSync, type WriteStream } from 'node:fs';
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
  service,
  stringOption,
  UsageError,
} from '../cli-command';
import { printResult, table } from '../cli-output';
import { Progress } from '../cli-progress';
import { CatalogModule } from '../../catalog/catalog.module';

const CATALOG = () => [CatalogModule];

const MAX_DEMO_PRODUCTS = 1_000_000;
/** Problems printed on the terminal; all of them go to --errors-out. */
const PRINTED_PROBLEMS = 20;

interface DemoInput {
  products: number;
  seed: number;
}

interface ImportInput {
  file: string;
  format: ImportFormat;
  strict: boolean;
  errorsOut?: string;
}

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
  modules: CATALOG,
  parse(args) {
    const [file] = onlyPositionals(args, ['<file>']);
    const format = formatOf(file, stringOption(args, 'format'));
    if (!format)
      throw new UsageError(
        `cannot tell the format of "${file}": name it .jsonl or .csv, or give --format jsonl|csv`,
      );
    if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
    const errorsOut = stringOption(args, 'errors-out');
    if (errorsOut !== undefined && existsSync(errorsOut))
      throw new UsageError(`${errorsOut} exists; choose a new file for --errors-out`);
    if (errorsOut !== undefined && !existsSync(dirname(resolve(errorsOut))))
      throw new UsageError(`no such directory for --errors-out: ${dirname(resolve(errorsOut))}`);
    return { file, format, strict: flagOption(args, 'strict'), errorsOut };
  },
  async run(ctx) {
    const { file, format, strict, errorsOut } = ctx.input;
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
  },
});

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
