import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { Clock } from '../../common/clock/clock';
import { inPoolTransaction } from '../../database/pool-transaction';
import { PrismaService } from '../../database/prisma.service';
import { CatalogWriterRepository } from '../catalog-writer.repository';
import { CATEGORY_TREE } from '../demo/category-tree';
import { detectCatalogFormat } from '../formats/catalog-format.detector';
import { catalogReaderFor } from '../formats/catalog-readers';
import { peekHead } from '../formats/catalog-text.decoder';
import {
  CatalogFileError,
  type CatalogFormat,
  type CatalogHeader,
  type CatalogReadEvent,
  type TextLanguage,
} from '../formats/supplier-item';
import {
  CatalogImportReport,
  MAX_REPORTED_REJECTIONS,
  RejectedItem,
  WarningTally,
} from './catalog-import-report';
import type { ImportedItem } from './imported-item';
import { catalogIdOf } from './product-match';
import { mapSupplierItem } from './supplier-item.mapper';
import {
  ImportScope,
  OfferWrite,
  ProductWrite,
  SupplierImportRepository,
} from './supplier-import.repository';

/** Items written per batch (one statement per table per batch), all in the file's one transaction. */
const BATCH = 500;

export interface SupplierCatalogImportRequest {
  supplier: { id: string; slug: string; name: string };
  /** A contract catalog's organization; null: the marketplace's catalog. */
  organization: { id: string; slug: string } | null;
  /** Null: detected from the content. */
  format: Exclude<CatalogFormat, 'jsonl' | 'csv'> | null;
  dryRun: boolean;
  fileName: string;
  /** E-mail of the administrator or cli:<user>@<host> (stored on the import). */
  createdBy: string;
  /**
   * Records the import where the caller keeps such records (the organization's audit trail), in the
   * import's transaction when it is applied, in one of its own when the file could not be used.
   */
  record?: (client: PoolClient, report: CatalogImportReport) => Promise<void>;
  /** An import id chosen by the caller (the HTTP API answers it before the file is read). */
  importId?: string;
  onProgress?: (progress: { bytesRead: number; items: number }) => void;
  onRejected?: (rejected: RejectedItem) => void;
}

/** A dry run ends its transaction with a rollback: thrown past inPoolTransaction after the report is done. */
class DryRunDone extends Error {}

/**
 * The import pipeline every supplier catalog format shares (docs/catalogs.md, "Importing"): a
 * format's reader turns the file into supplier items; each is validated and matched to a product
 * (GTIN, else manufacturer and part number, else a new product); the whole file is written in ONE
 * transaction, so a file that turns out unusable halfway (truncated, malformed, hostile) leaves the
 * catalog exactly as it was. A full catalog withdraws the scope's offers it no longer contains.
 * Memory does not grow with the file: items are written in batches, and the offers seen are kept in
 * a temporary table.
 */
@Injectable()
export class SupplierCatalogImportService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly repository: SupplierImportRepository,
    private readonly writer: CatalogWriterRepository,
    private readonly clock: Clock,
  ) {}

  async import(
    input: AsyncIterable<Buffer>,
    request: SupplierCatalogImportRequest,
  ): Promise<CatalogImportReport> {
    const importId = request.importId ?? randomUUID();
    const report: CatalogImportReport = {
      importId,
      format: request.format,
      formatVersion: null,
      transaction: null,
      supplier: { slug: request.supplier.slug, name: request.supplier.name },
      organization: request.organization?.slug ?? null,
      file: { name: request.fileName, sha256: null, bytes: 0 },
      dryRun: request.dryRun,
      applied: false,
      items: 0,
      products: { created: 0, updated: 0, unchanged: 0 },
      offers: { created: 0, updated: 0, unchanged: 0, withdrawn: 0 },
      rejected: [],
      rejectedCount: 0,
      warnings: [],
      error: null,
    };
    if (!request.dryRun) await this.recordStart(importId, request);
    const hash = createHash('sha256');
    const counted = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        report.file.bytes += chunk.length;
        yield chunk;
      }
    };
    const source = counted(input);
    try {
      await inPoolTransaction(this.prisma.pool, async (client) => {
        if (request.dryRun) await this.recordStart(importId, request, client);
        await this.run(client, source, request, report, importId);
        report.file.sha256 = hash.digest('hex');
        if (request.dryRun) throw new DryRunDone();
        report.applied = true;
        await this.recordEnd(client, report, request);
      });
    } catch (error) {
      if (error instanceof DryRunDone) return report;
      if (!(error instanceof CatalogFileError)) {
        if (!request.dryRun)
          await this.recordFailure(report, 'the import failed: nothing was written', request).catch(
            () => undefined,
          );
        throw error;
      }
      report.error = error.message;
      report.applied = false;
      if (!request.dryRun) await this.recordFailure(report, error.message, request);
    } finally {
      // A file given up halfway (refused, truncated) is not read on: its stream is closed.
      await source.return(undefined);
    }
    return report;
  }

  /** Reads the file and writes its items into the open transaction. */
  private async run(
    client: PoolClient,
    input: AsyncIterable<Buffer>,
    request: SupplierCatalogImportRequest,
    report: CatalogImportReport,
    importId: string,
  ): Promise<void> {
    const { head, input: whole } = await peekHead(input);
    const format = request.format ?? detectCatalogFormat(head);
    if (format === null)
      throw new CatalogFileError(
        'unknown format: not BMEcat, CIF 3.0 or a cXML Index (give --format to say which)',
      );
    const reader = catalogReaderFor(format);
    if (reader === null)
      throw new CatalogFileError(`a ${format} file is the gateway's own shape: import it without --supplier`);
    report.format = format;
    // The built-in categories (the fallback `other` among them) exist before the first product.
    await this.writer.upsertCategories(client, CATEGORY_TREE);
    const scope: ImportScope = {
      supplierId: request.supplier.id,
      supplierName: request.supplier.name,
      organizationId: request.organization?.id ?? null,
      importId,
    };
    await this.repository.begin(client, scope);
    try {
      await this.readInto(client, reader.read(whole), scope, request, report);
    } finally {
      this.repository.end(scope);
    }
  }

  /** The items of the file into the open transaction, then a full catalog's withdrawals. */
  private async readInto(
    client: PoolClient,
    events: AsyncIterable<CatalogReadEvent>,
    scope: ImportScope,
    request: SupplierCatalogImportRequest,
    report: CatalogImportReport,
  ): Promise<void> {
    const warnings = new WarningTally();
    const now = this.clock.now();
    let header: CatalogHeader | null = null;
    let primaryLanguage: TextLanguage = 'de';
    let batch: ImportedItem[] = [];
    const reject = (rejected: RejectedItem) => {
      report.rejectedCount++;
      if (report.rejected.length < MAX_REPORTED_REJECTIONS) report.rejected.push(rejected);
      request.onRejected?.(rejected);
    };
    const flush = async () => {
      const items = batch;
      batch = [];
      await this.writeBatch(client, scope, items, report, reject);
      request.onProgress?.({ bytesRead: report.file.bytes, items: report.items });
    };
    for await (const event of events) {
      if (event.type === 'header') {
        header = event.header;
        report.formatVersion = header.formatVersion;
        report.transaction = header.transaction;
        primaryLanguage = header.defaultLanguage ?? 'de';
      } else if (event.type === 'warning') {
        warnings.add(event.warning);
      } else if (event.type === 'rejected') {
        report.items++;
        reject({ item: event.item, line: event.line, reason: event.reason });
      } else {
        report.items++;
        const mapped = mapSupplierItem(event.item, { now, primaryLanguage });
        if (!mapped.ok)
          reject({ item: event.item.supplierPartId, line: event.item.line, reason: mapped.reason });
        else {
          for (const warning of mapped.warnings) warnings.add(warning);
          batch.push(mapped.item);
        }
        if (batch.length >= BATCH) await flush();
      }
    }
    if (batch.length > 0) await flush();
    if (header?.transaction === 'full') {
      const products = await this.repository.withdrawUnseen(client, scope);
      report.offers.withdrawn += products.length;
      await this.repository.refreshProducts(client, new Map(), products);
    }
    await this.repository.bumpCatalogVersion(client);
    report.warnings = warnings.list();
  }

  /** Matches and writes one batch of items. */
  private async writeBatch(
    client: PoolClient,
    scope: ImportScope,
    items: ImportedItem[],
    report: CatalogImportReport,
    reject: (rejected: RejectedItem) => void,
  ): Promise<void> {
    // Within a file a later line for the same item wins.
    const byKey = new Map<string, ImportedItem>();
    for (const item of items) {
      byKey.delete(item.supplierItemKey);
      byKey.set(item.supplierItemKey, item);
    }
    const unique = [...byKey.values()];
    const existing = await this.repository.existingOffers(client, scope, [...byKey.keys()]);
    const touched = new Set<string>();

    const deletes = unique.filter((item) => item.action === 'delete');
    for (const item of deletes)
      if (!existing.has(item.supplierItemKey))
        reject({ item: item.label, line: item.line, reason: 'deleted, but the catalog has no such item' });
    const withdrawnProducts = await this.repository.withdraw(
      client,
      deletes.flatMap((item) => existing.get(item.supplierItemKey)?.id ?? []),
    );
    report.offers.withdrawn += withdrawnProducts.length;
    withdrawnProducts.forEach((id) => touched.add(id));

    const priceUpdates: Array<{ id: string } & NonNullable<ImportedItem['offer']>> = [];
    for (const item of unique.filter((i) => i.action === 'prices')) {
      const offer = existing.get(item.supplierItemKey);
      if (!offer)
        reject({
          item: item.label,
          line: item.line,
          reason: 'a price update for an item the catalog does not have',
        });
      else {
        priceUpdates.push({ ...(item.offer as NonNullable<ImportedItem['offer']>), id: offer.id });
        touched.add(offer.productId);
      }
    }
    const repriced = await this.repository.updatePrices(client, scope, priceUpdates);
    report.offers.updated += repriced;
    report.offers.unchanged += priceUpdates.length - repriced;
    await this.repository.markSeen(
      client,
      priceUpdates.map((offer) => offer.id),
    );

    const upserts = unique.filter((item) => item.action === 'upsert');
    if (upserts.length > 0) await this.writeUpserts(client, scope, upserts, existing, report, touched);
    await this.repository.refreshProducts(client, new Map(), touched);
  }

  private async writeUpserts(
    client: PoolClient,
    scope: ImportScope,
    items: ImportedItem[],
    existing: Map<string, { id: string; productId: string }>,
    report: CatalogImportReport,
    touched: Set<string>,
  ): Promise<void> {
    const matches = await this.repository.matchProducts(
      client,
      items.flatMap((item) => (item.gtin ? [item.gtin] : [])),
      items.flatMap((item) => (item.manufacturerKey ? [item.manufacturerKey] : [])),
    );
    const created = new Map<string, ProductWrite>();
    const matched = new Map<string, ProductWrite>();
    const offers: OfferWrite[] = [];
    const searchIds = new Map<string, string[]>();
    for (const item of items) {
      const content = item.content as NonNullable<ImportedItem['content']>;
      const known =
        existing.get(item.supplierItemKey)?.productId ??
        (item.gtin ? matches.byGtin.get(item.gtin)?.id : undefined) ??
        (item.manufacturerKey ? matches.byManufacturer.get(item.manufacturerKey)?.id : undefined);
      // A new product's id follows from what matches it, so two items of one batch that match each other share it.
      const productId =
        known ??
        (item.gtin
          ? catalogIdOf('pg', item.gtin)
          : item.manufacturerKey
            ? catalogIdOf('pm', item.manufacturerKey)
            : catalogIdOf('ps', scope.supplierId, scope.organizationId, item.supplierItemKey));
      // A contract offer's part number is the organization's: its view searches it (contract_product),
      // the product's own identifiers, which every organization searches, never hold it.
      const itemIds =
        scope.organizationId === null
          ? item.searchIds
          : item.searchIds.filter((id) => id !== item.offer?.vendorSku);
      const ids = [...(searchIds.get(productId) ?? []), ...itemIds];
      searchIds.set(productId, ids);
      const write = {
        id: productId,
        gtin: item.gtin,
        manufacturerKey: item.manufacturerKey,
        content,
        searchIds: ids,
      };
      const target = known ? matched : created;
      const previous = target.get(productId);
      if (!previous || previous.content.score < content.score) target.set(productId, write);
      else previous.searchIds = ids;
      offers.push({
        ...(item.offer as NonNullable<ImportedItem['offer']>),
        id:
          existing.get(item.supplierItemKey)?.id ??
          catalogIdOf('so', scope.supplierId, scope.organizationId, item.supplierItemKey),
        productId,
      });
      touched.add(productId);
    }
    const inserted = await this.repository.insertProducts(client, scope, [...created.values()]);
    const updated = await this.repository.updateContent(client, scope, [...matched.values()]);
    report.products.created += inserted;
    report.products.updated += updated.size;
    report.products.unchanged += created.size - inserted + matched.size - updated.size;
    const written = await this.repository.upsertOffers(client, scope, offers);
    report.offers.created += written.created;
    report.offers.updated += written.updated;
    report.offers.unchanged += offers.length - written.created - written.updated;
    await this.repository.markSeen(
      client,
      offers.map((offer) => offer.id),
    );
    // New products were written with their identifiers; matched ones gain this supplier's.
    await this.repository.refreshProducts(
      client,
      new Map([...searchIds].filter(([id]) => !created.has(id))),
      [],
    );
  }

  /** An import of the organization's, or null (another organization's is as unknown as no import). */
  async find(
    id: string,
    organizationId: string,
  ): Promise<{
    id: string;
    status: string;
    createdAt: Date;
    finishedAt: Date | null;
    report: CatalogImportReport | null;
  } | null> {
    const found = await this.prisma.catalogImport.findFirst({ where: { id, organizationId } });
    return (
      found && {
        id: found.id,
        status: found.status,
        createdAt: found.createdAt,
        finishedAt: found.finishedAt,
        report: found.report as unknown as CatalogImportReport | null,
      }
    );
  }

  /**
   * The import's row (status `running`), committed before the file is read: the API answers its id at
   * once; a process that stops during the import leaves it `running` (its transaction rolled back).
   */
  async register(importId: string, request: SupplierCatalogImportRequest): Promise<void> {
    await this.recordStart(importId, request);
  }

  private async recordStart(
    importId: string,
    request: SupplierCatalogImportRequest,
    client?: PoolClient,
  ): Promise<void> {
    const values = [
      importId,
      request.supplier.id,
      request.organization?.id ?? null,
      request.format,
      request.fileName.slice(0, 500),
      request.createdBy,
    ];
    const text = `INSERT INTO catalog_import (id, supplier_id, organization_id, format, file_name, created_by)
                  VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`;
    if (client) await client.query(text, values);
    else await this.prisma.pool.query(text, values);
  }

  /** In the import's transaction: the report, and for a contract catalog the organization's audit event. */
  private async recordEnd(
    client: PoolClient,
    report: CatalogImportReport,
    request: SupplierCatalogImportRequest,
  ): Promise<void> {
    await client.query(
      `UPDATE catalog_import SET status = 'applied', format = $2, sha256 = $3, report = $4, finished_at = now()
        WHERE id = $1`,
      [report.importId, report.format, report.file.sha256, JSON.stringify(report)],
    );
    await request.record?.(client, report);
  }

  /** A file that could not be used: recorded (and audited for a contract catalog) after the rollback. */
  private async recordFailure(
    report: CatalogImportReport,
    reason: string,
    request: SupplierCatalogImportRequest,
  ): Promise<void> {
    report.error = reason;
    await inPoolTransaction(this.prisma.pool, async (client) => {
      await client.query(
        `UPDATE catalog_import SET status = 'failed', format = $2, report = $3, finished_at = now() WHERE id = $1`,
        [report.importId, report.format, JSON.stringify(report)],
      );
      await request.record?.(client, report);
    });
  }
}
