import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CatalogImportRecord } from '../catalog-imports.service';

const STATUSES = ['running', 'applied', 'failed'];

export class CatalogImportResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({
    enum: STATUSES,
    description:
      '`running` (being read and written), `applied` (written; some items may have been rejected: see the report), `failed` (the file could not be used: nothing was written).',
  })
  status!: string;
  @ApiProperty() createdAt!: string;
  @ApiPropertyOptional() finishedAt?: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      'Once finished: the import report (format, supplier, organization, file with its SHA-256, products and offers created/updated/unchanged/withdrawn, rejected items with line and reason, warnings, error), as `gateway catalog import --json` prints it (docs/catalogs.md).',
  })
  report?: Record<string, unknown>;

  static from(record: CatalogImportRecord): CatalogImportResponse {
    return {
      id: record.id,
      status: record.status,
      createdAt: record.createdAt.toISOString(),
      finishedAt: record.finishedAt?.toISOString(),
      report: record.report === null ? undefined : (record.report as unknown as Record<string, unknown>),
    };
  }
}
