import { existsSync, statSync } from 'node:fs';
import { CatalogService } from '../../catalog/catalog.service';
import { formatOf, ImportFormat } from '../../catalog/import/import-records.reader';
import { ProgressBar } from '../../catalog/progress-bar';
import {
  allowOnly,
  CliArgs,
  CliCommand,
  define,
  flagOption,
  ImportAbortedError,
  onlyPositionals,
  service,
  stringOption,
  UsageError,
} from '../cli-command';
import { printResult } from '../cli-output';

const MAX_DEMO_PRODUCTS = 1_000_000;

interface DemoInput {
  products: number;
  seed: number;
}

interface ImportInput {
  file: string;
  format: ImportFormat;
  strict: boolean;
}

/** The demo catalog and imports: the catalog feature's operator commands. */
export const CATALOG_COMMANDS: Record<string, CliCommand> = {
  'catalog demo': define<DemoInput>({
    needsApp: true,
    parse(args) {
      const usage = 'catalog demo [--products <n>] [--seed <s>]';
      onlyPositionals(args, 0, usage);
      allowOnly(args, ['products', 'seed'], usage);
      return parseDemoArgs(args, usage);
    },
    async run(ctx) {
      const { products, seed } = ctx.input;
      const bar = new ProgressBar(ctx.io.stderr, 'catalog demo', products);
      const result = await service(ctx, CatalogService).generateDemo({
        products,
        seed,
        onProgress: (done) => bar.update(done),
      });
      bar.finish(products);
      printResult(
        ctx.io,
        ctx.json,
        { ...result, seed },
        `Generated ${result.products} products with ${result.offers} offers (seed ${seed}) in ${(result.ms / 1000).toFixed(1)} s`,
      );
    },
  }),
  'catalog import': define<ImportInput>({
    needsApp: true,
    parse(args) {
      const usage = 'catalog import <file> [--format jsonl|csv] [--strict]';
      const [file] = onlyPositionals(args, 1, usage);
      allowOnly(args, ['format', 'strict'], usage);
      const format = formatOf(file, stringOption(args, 'format'));
      if (!format) {
        throw new UsageError(
          `cannot tell the format of "${file}": use .jsonl or .csv, or --format jsonl|csv`,
        );
      }
      if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
      return { file, format, strict: flagOption(args, 'strict') };
    },
    async run(ctx) {
      const input = ctx.input;
      const bar = new ProgressBar(ctx.io.stderr, 'catalog import', statSync(input.file).size);
      const report = await service(ctx, CatalogService).importFile(input.file, {
        format: input.format,
        strict: input.strict,
        onProgress: (bytes) => bar.update(bytes),
      });
      bar.finish(statSync(input.file).size);
      const lines = report.problems.map((p) => `line ${p.line}: ${p.message}`);
      if (!ctx.json) for (const line of lines) ctx.io.stderr.write(`${line}\n`);
      printResult(
        ctx.io,
        ctx.json,
        report,
        report.aborted
          ? `Nothing imported: ${report.skipped} product(s) with problems (--strict)`
          : `Imported ${report.imported} product(s), skipped ${report.skipped}`,
      );
      if (report.aborted)
        throw new ImportAbortedError(`import aborted: ${report.problems.length} problem(s)`);
    },
  }),
};

/** Validates `catalog demo` options: whole numbers, 1..1,000,000 products, seed 0..2^31-1. */
function parseDemoArgs(args: CliArgs, usage: string): DemoInput {
  const products = stringOption(args, 'products');
  const seed = stringOption(args, 'seed');
  const count = products === undefined ? 5_000 : wholeNumber(products);
  if (count === null || count < 1 || count > MAX_DEMO_PRODUCTS) {
    throw new UsageError(
      `--products must be a whole number from 1 to ${MAX_DEMO_PRODUCTS}; usage: gateway ${usage}`,
    );
  }
  const s = seed === undefined ? 1 : wholeNumber(seed);
  if (s === null || s > 2_147_483_647) {
    throw new UsageError(`--seed must be a whole number from 0 to 2147483647; usage: gateway ${usage}`);
  }
  return { products: count, seed: s };
}

function wholeNumber(value: string): number | null {
  return /^\d{1,10}$/.test(value) ? Number(value) : null;
}
