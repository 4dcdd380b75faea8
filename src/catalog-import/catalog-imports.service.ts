import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { AuditActor, AuditEventTypes } from '../audit/audit-event';
import { AuditService } from '../audit/audit.service';
import type { CatalogImportReport, RejectedItem } from '../catalog/supplier-import/catalog-import-report';
import {
  SupplierCatalogImportService,
  type SupplierCatalogImportRequest,
} from '../catalog/supplier-import/supplier-catalog-import.service';
import { ApiError } from '../common/http/api-error';
import { AppConfig } from '../config/app-config';
import { CatalogImportUpload } from './catalog-import-body.parser';
import { OrganizationsService } from '../oauth/organizations.service';
import { SuppliersService } from '../supplier/suppliers.service';

export interface CatalogImportRun {
  /** The supplier's slug: the marketplace's, or the organization's own. */
  supplier: string;
  /** A contract catalog's organization; null: the marketplace's catalog (operators only). */
  organization: { id: string; slug: string } | null;
  format: SupplierCatalogImportRequest['format'];
  dryRun: boolean;
  fileName: string;
  author: string;
  actor: AuditActor;
  importId?: string;
  onProgress?: SupplierCatalogImportRequest['onProgress'];
  onRejected?: (rejected: RejectedItem) => void;
}

/** An import as `GET /api/v1/catalog/imports/{id}` shows it. */
export interface CatalogImportRecord {
  id: string;
  status: string;
  createdAt: Date;
  finishedAt: Date | null;
  report: CatalogImportReport | null;
}

/**
 * Supplier catalog imports as operators (CLI) and organization administrators (API) start them:
 * the supplier the caller may use, the catalog pipeline (src/catalog/supplier-import), and the
 * organization's audit event for a contract catalog (`catalog.imported`, applied or not).
 */
@Injectable()
export class CatalogImportsService {
  constructor(
    private readonly pipeline: SupplierCatalogImportService,
    private readonly suppliers: SuppliersService,
    private readonly audit: AuditService,
    private readonly organizations: OrganizationsService,
    private readonly config: AppConfig,
  ) {}

  private readonly logger = new Logger(CatalogImportsService.name);

  /** The supplier `slug` names for this organization's catalog (404 for an unknown or another organization's). */
  supplierFor(slug: string, organizationId: string | null) {
    return this.suppliers.forCatalog(slug, organizationId);
  }

  async run(input: AsyncIterable<Buffer>, run: CatalogImportRun): Promise<CatalogImportReport> {
    const supplier = await this.suppliers.forCatalog(run.supplier, run.organization?.id ?? null);
    return this.pipeline.import(input, {
      supplier: { id: supplier.id, slug: supplier.slug, name: supplier.name },
      organization: run.organization,
      format: run.format,
      dryRun: run.dryRun,
      fileName: run.fileName,
      createdBy: run.author,
      importId: run.importId,
      onProgress: run.onProgress,
      onRejected: run.onRejected,
      record: (client, report) => this.auditImport(client, report, run),
    });
  }

  /**
   * An administrator's upload: the supplier is checked first (404 before the body is read), the body
   * is streamed to a file in DATA_DIR within CATALOG_IMPORT_MAX_BYTES (413 beyond; never in memory),
   * and the import then runs from that file after the answer (status `running` until it is done).
   */
  async accept(
    upload: unknown,
    contentLength: string | undefined,
    request: {
      supplier: string;
      format: CatalogImportRun['format'];
      organizationId: string;
      author: string;
      actor: AuditActor;
    },
  ): Promise<CatalogImportRecord> {
    if (!(upload instanceof CatalogImportUpload))
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        'invalid_request',
        'The body must be the catalog file (application/xml, text/xml, text/csv or text/plain).',
      );
    const { maxBytes, spoolDir } = this.config.catalogImports;
    const tooLarge = () =>
      new ApiError(
        HttpStatus.PAYLOAD_TOO_LARGE,
        'request_too_large',
        `The file is larger than ${maxBytes} bytes (CATALOG_IMPORT_MAX_BYTES).`,
      );
    const organization = await this.organizations.byId(request.organizationId);
    const supplier = await this.suppliers.forCatalog(request.supplier, organization.id);
    if (contentLength !== undefined && Number(contentLength) > maxBytes) throw tooLarge();

    const importId = randomUUID();
    await mkdir(spoolDir, { recursive: true });
    const path = join(spoolDir, `${importId}.upload`);
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        size += chunk.length;
        next(size > maxBytes ? tooLarge() : null, chunk);
      },
    });
    try {
      await pipeline(upload.stream, limit, createWriteStream(path, { flags: 'wx' }));
    } catch (error) {
      await rm(path, { force: true });
      if (error instanceof ApiError) throw error;
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        'invalid_request',
        'The upload broke off before the file was complete.',
      );
    }
    if (size === 0) {
      await rm(path, { force: true });
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        'invalid_request',
        'The body is empty: send the catalog file.',
      );
    }
    const run: CatalogImportRun = {
      supplier: supplier.slug,
      organization: { id: organization.id, slug: organization.slug },
      format: request.format,
      dryRun: false,
      fileName: `upload-${importId}`,
      author: request.author,
      actor: request.actor,
      importId,
    };
    await this.pipeline.register(importId, {
      supplier: { id: supplier.id, slug: supplier.slug, name: supplier.name },
      organization: run.organization,
      format: run.format,
      dryRun: false,
      fileName: run.fileName,
      createdBy: run.author,
    });
    // After the answer: the import reads the spooled file; its outcome is the import's status and report.
    void this.run(createReadStream(path, { highWaterMark: 1 << 20 }), run)
      .catch((error: unknown) => this.logger.error({ importId, err: error }, 'catalog import failed'))
      .finally(() => rm(path, { force: true }).catch(() => undefined));
    return this.find(importId, organization.id);
  }

  /** An import of the organization's (another organization's is "not found", as an unknown id is). */
  async find(id: string, organizationId: string): Promise<CatalogImportRecord> {
    const found = await this.pipeline.find(id, organizationId);
    if (!found) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No catalog import ${id}.`);
    return found;
  }

  /**
   * `catalog.imported` in the organization's audit trail: who, supplier, file name and SHA-256,
   * format, counts, applied or not. An import into the marketplace's catalog belongs to no
   * organization's chain: its record is the catalog_import row.
   */
  private async auditImport(
    client: PoolClient,
    report: CatalogImportReport,
    run: CatalogImportRun,
  ): Promise<void> {
    if (run.organization === null) return;
    await this.audit.append(client, {
      organizationId: run.organization.id,
      type: AuditEventTypes.catalogImported,
      actor: run.actor,
      payload: {
        import: report.importId,
        supplier: { slug: report.supplier.slug, name: report.supplier.name },
        organization: run.organization.slug,
        file: { name: report.file.name, sha256: report.file.sha256, bytes: report.file.bytes },
        format: report.format,
        applied: report.applied,
        products: report.products,
        offers: report.offers,
        rejected: report.rejectedCount,
        error: report.error,
      },
    });
  }
}
