import { Injectable } from '@nestjs/common';
import type { PoolClient, QueryConfig } from 'pg';
import { withPoolClient } from '../database/pool-client';
import { inPoolTransaction } from '../database/pool-transaction';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { ProductInput } from './catalog-product.input';
import { CatalogWriteError, CatalogWriterRepository } from './catalog-writer.repository';
import { CATEGORY_TREE } from './demo/category-tree';
import { generateDemoProduct } from './demo/demo-catalog.generator';
import { ImportFormat, readImportRecords } from './import/import-records.reader';
import { ImportProblem, importProblems } from './import/import-problem';
import { validateProductRecord } from './import/product-record.validator';

export interface DemoOptions {
  products: number;
  seed: number;
  onProgress?: (done: number, total: number) => void;
  /** A step without progress counts: each maintenance statement that ends the build. */
  onPhase?: (phase: string) => void;
}

export interface ImportProgress {
  bytesRead: number;
  totalBytes: number;
  /** Rows (products) read so far, imported or not. */
  rows: number;
}

export interface ImportOptions {
  format: ImportFormat;
  strict: boolean;
  /** Every offer is this supplier's (supplier.id); absent: each offer's vendor names its supplier. */
  supplierId?: string;
  onProgress?: (progress: ImportProgress) => void;
  /** Every problem, as it is found (the report keeps only the first MAX_REPORTED_PROBLEMS). */
  onProblem?: (problem: ImportProblem) => void;
  /** A step without progress counts, e.g. the table rewrite after a large import. */
  onPhase?: (phase: string) => void;
}

export interface ImportReport {
  /** Products written. */
  imported: number;
  /** Products (rows) not written because of a problem. */
  skipped: number;
  problems: ImportProblem[];
  /** More problems were found than the report keeps. */
  problemsTruncated: boolean;
  /** With --strict: true when problems stopped the import and nothing was written. */
  aborted: boolean;
}

const DEMO_BATCH = 2_000;
const IMPORT_BATCH = 500;
/** Problems kept for the report; the count of skipped rows stays exact beyond it. */
/** Imports at least this large end with optimizeLayout(). */
const OPTIMIZE_AFTER_IMPORTED = 10_000;
const MAX_REPORTED_PROBLEMS = 1_000;
/** The statements that end a bulk load, each with the progress line it shows while it runs. */
const MAINTENANCE_STEPS: ReadonlyArray<readonly [string, string]> = [
  [
    'rewriting the product table in category order (CLUSTER)',
    'CLUSTER product USING product_category_path_idx',
  ],
  ['refreshing product statistics (ANALYZE)', 'ANALYZE product'],
  ['vacuuming offers and refreshing their statistics (VACUUM ANALYZE)', 'VACUUM ANALYZE offer'],
];
/** Serializes demo seeding across replicas starting at once. */
const DEMO_LOCK_KEY = 72707370;

/** One category as `gateway catalog categories` lists it for import authors. */
export interface CategoryListing {
  id: string;
  parentId: string | null;
  depth: number;
  nameEn: string;
  nameDe: string;
  unspsc: string | null;
  products: number;
}

/** Writes the catalog: the built-in category tree, the demo catalog and imports. */
@Injectable()
export class CatalogService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly writer: CatalogWriterRepository,
    private readonly config: AppConfig,
  ) {}

  productCount(): Promise<number> {
    return this.prisma.product.count();
  }

  async installCategories(): Promise<void> {
    await this.inTransaction((client) => this.writer.upsertCategories(client, CATEGORY_TREE));
  }

  /**
   * The category tree an import can use (the built-in tree, installed first as an import does), in
   * tree order, with how many products each holds directly.
   */
  async categories(): Promise<CategoryListing[]> {
    await this.installCategories();
    const rows = await this.prisma.category.findMany({
      orderBy: { path: 'asc' },
      include: { _count: { select: { products: true } } },
    });
    return rows.map((c) => ({
      id: c.id,
      parentId: c.parentId,
      depth: c.depth,
      nameEn: c.nameEn,
      nameDe: c.nameDe,
      unspsc: c.unspsc,
      products: c._count.products,
    }));
  }

  /**
   * Whether `id` names a category of the catalog, or the catalog has no category at all yet (nothing
   * installed or imported): guidance checks the categories its rules name with it.
   */
  async categoryStanding(id: string): Promise<'known' | 'unknown' | 'no-categories'> {
    const [known, any] = await Promise.all([
      this.prisma.category.findUnique({ where: { id }, select: { id: true } }),
      this.prisma.category.findFirst({ select: { id: true } }),
    ]);
    return known ? 'known' : any ? 'unknown' : 'no-categories';
  }

  /**
   * Generates the deterministic demo catalog (products 0..N-1 of `seed`), upserting by product
   * code, in transactions of DEMO_BATCH products; ends by compacting the product table and refreshing statistics.
   */
  async generateDemo(options: DemoOptions): Promise<{ products: number; offers: number; ms: number }> {
    const started = Date.now();
    await this.installCategories();
    let offers = 0;
    // Two batches in flight: one being generated in Node while PostgreSQL writes the other.
    let pending: Promise<void> = Promise.resolve();
    for (let start = 0; start < options.products; start += DEMO_BATCH) {
      const end = Math.min(options.products, start + DEMO_BATCH);
      const batch: ProductInput[] = [];
      for (let index = start; index < end; index++) batch.push(generateDemoProduct(options.seed, index));
      offers += batch.reduce((sum, p) => sum + p.offers.length, 0);
      await pending;
      options.onProgress?.(start, options.products);
      pending = this.inTransaction((client) => this.writer.writeProducts(client, batch));
    }
    await pending;
    options.onProgress?.(options.products, options.products);
    await this.optimizeLayout(options.onPhase);
    return { products: options.products, offers, ms: Date.now() - started };
  }

  /** The first-start demo catalog: only when the catalog is empty, once across replicas. */
  async seedDemoIfEmpty(products: number, seed: number): Promise<boolean> {
    return withPoolClient(this.prisma.pool, async (client) => {
      try {
        // Another replica may be generating it: wait for it (statement timeout only, no lock_timeout).
        await client.query('SET lock_timeout = 0');
        await client.query('SELECT pg_advisory_lock($1)', [DEMO_LOCK_KEY]);
        const { rows } = await client.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM product) AS any');
        if (rows[0].any) return false;
        await this.generateDemo({ products, seed });
        return true;
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [DEMO_LOCK_KEY]).catch(() => undefined);
        await client.query('RESET lock_timeout').catch(() => undefined);
      }
    });
  }

  /**
   * Imports a JSON Lines or CSV file. Every product is validated; bad ones are reported with their
   * line. Strict: any problem aborts before anything is written, and the whole file is written in
   * one transaction. Otherwise good products are upserted in transactions of IMPORT_BATCH; a batch
   * the database refuses is retried product by product so only the offending lines are skipped.
   */
  async importFile(path: string, options: ImportOptions): Promise<ImportReport> {
    await this.installCategories();
    const known = await this.inTransaction((client) => this.writer.categoryIds(client));
    const report: ImportReport = {
      imported: 0,
      skipped: 0,
      problems: [],
      problemsTruncated: false,
      aborted: false,
    };
    const skip = (problems: ImportProblem[]) => {
      report.skipped++;
      for (const problem of problems) {
        options.onProblem?.(problem);
        if (report.problems.length < MAX_REPORTED_PROBLEMS) report.problems.push(problem);
        else report.problemsTruncated = true;
      }
    };
    let rows = 0;
    let bytes = { bytesRead: 0, totalBytes: 0 };
    const records = readImportRecords(path, options.format, (bytesRead, totalBytes) => {
      bytes = { bytesRead, totalBytes };
      options.onProgress?.({ ...bytes, rows });
    });
    const checked = async function* () {
      for await (const item of records) {
        rows++;
        options.onProgress?.({ ...bytes, rows });
        const result = item.error === undefined ? validateProductRecord(item.record, known) : null;
        if (result?.ok) {
          if (options.supplierId !== undefined)
            for (const offer of result.product.offers) offer.supplierId = options.supplierId;
          yield { line: item.line, product: result.product };
        } else
          skip(
            importProblems(
              item.line,
              item.error !== undefined ? [item.error] : (result as { errors: string[] }).errors,
            ),
          );
      }
    };

    if (options.strict) {
      const all: Array<{ line: number; product: ProductInput }> = [];
      for await (const item of checked()) all.push(item);
      if (report.skipped > 0) return { ...report, aborted: true };
      try {
        await this.inTransaction(async (client) => {
          for (let i = 0; i < all.length; i += IMPORT_BATCH) {
            await this.writeBatch(client, all.slice(i, i + IMPORT_BATCH));
          }
        });
      } catch (error) {
        if (!(error instanceof LineWriteError)) throw error;
        skip([error.problem]);
        return { ...report, aborted: true };
      }
      return { ...report, imported: all.length };
    }

    let batch: Array<{ line: number; product: ProductInput }> = [];
    const flush = async () => {
      const current = batch;
      batch = [];
      try {
        await this.inTransaction((client) => this.writeBatch(client, current));
        report.imported += current.length;
      } catch (error) {
        if (!(error instanceof LineWriteError)) throw error;
        for (const item of current) {
          try {
            await this.inTransaction((client) => this.writeBatch(client, [item]));
            report.imported++;
          } catch (single) {
            if (!(single instanceof LineWriteError)) throw single;
            skip([single.problem]);
          }
        }
      }
    };
    for await (const item of checked()) {
      batch.push(item);
      if (batch.length >= IMPORT_BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    if (report.imported >= OPTIMIZE_AFTER_IMPORTED) {
      await this.optimizeLayout(options.onPhase);
    }
    return report;
  }

  /**
   * After a bulk load: rewrite the product table in category order (CLUSTER) and refresh the
   * planner's statistics. A search mostly matches related products, which then share pages: a
   * frequent term at 100,000 products reads ~1,200 instead of ~5,500 pages. It also compacts the
   * table (recomputing offer columns rewrote every row once). CLUSTER locks the product table for
   * its duration (seconds per 100,000 products), so it runs only after demo generation and large
   * imports. These statements take about a minute at 1,000,000 products, far beyond the pool's
   * statement and query timeouts, so each runs under DATABASE_MAINTENANCE_TIMEOUT_MS instead (on
   * the server, and as the client's wait for the answer), announced through `onPhase` first.
   */
  async optimizeLayout(onPhase?: (phase: string) => void): Promise<void> {
    const bound = this.config.database.maintenanceTimeoutMs;
    await withPoolClient(this.prisma.pool, async (client) => {
      try {
        // An integer from validated config, never input.
        await client.query(`SET statement_timeout = ${Math.trunc(bound)}`);
        // CLUSTER waits for the table's readers to finish: no DATABASE_LOCK_TIMEOUT_MS here.
        await client.query('SET lock_timeout = 0');
        for (const [phase, text] of MAINTENANCE_STEPS) {
          onPhase?.(phase);
          // pg reads a per-statement query_timeout (the client-side wait) though its types omit it.
          const statement: QueryConfig & { query_timeout: number } = { text, query_timeout: bound };
          await client.query(statement);
        }
      } finally {
        await client.query('RESET statement_timeout').catch(() => undefined);
        await client.query('RESET lock_timeout').catch(() => undefined);
      }
    });
  }

  /** Writes a batch; a refusal by the data (not the server) becomes a LineWriteError. */
  private async writeBatch(
    client: PoolClient,
    items: Array<{ line: number; product: ProductInput }>,
  ): Promise<void> {
    // Within one file a later line for the same product code wins.
    const byCode = new Map(items.map((item) => [item.product.productCode, item]));
    try {
      await client.query('SAVEPOINT batch');
      await this.writer.writeProducts(
        client,
        [...byCode.values()].map((item) => item.product),
      );
      await client.query('RELEASE SAVEPOINT batch');
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT batch');
      const code = (error as { code?: string }).code;
      // 23xxx integrity violations and 22xxx data exceptions are the data's fault, not the server's.
      if (error instanceof CatalogWriteError || (code && /^2[23]/.test(code))) {
        throw new LineWriteError({ line: items[0].line, reason: (error as Error).message });
      }
      throw error;
    }
  }

  private inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return inPoolTransaction(this.prisma.pool, work);
  }
}

class LineWriteError extends Error {
  constructor(readonly problem: ImportProblem) {
    super(problem.reason);
  }
}
