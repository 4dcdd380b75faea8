import { HttpStatus, Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { AuditActor, AuditEventTypes } from '../audit/audit-event';
import { AuditService } from '../audit/audit.service';
import type { CatalogImportReport, RejectedItem } from '../catalog/supplier-import/catalog-import-report';
import {
  SupplierCatalogImportService,
  type SupplierCatalogImportRequest,
} from '../catalog/supplier-import/supplier-catalog-import.service';
import { ApiError } from '../common/http/api-error';
import { PrismaService } from '../database/prisma.service';
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
    private readonly prisma: PrismaService,
  ) {}

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

  /** An import of the organization's (another organization's is "not found", as an unknown id is). */
  async find(id: string, organizationId: string): Promise<CatalogImportRecord> {
    const found = await this.prisma.catalogImport.findFirst({ where: { id, organizationId } });
    if (!found) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No catalog import ${id}.`);
    return {
      id: found.id,
      status: found.status,
      createdAt: found.createdAt,
      finishedAt: found.finishedAt,
      report: found.report as unknown as CatalogImportReport | null,
    };
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
