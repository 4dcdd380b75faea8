import { Injectable } from '@nestjs/common';
import { canonicalize } from 'json-canonicalize';
import { Readable } from 'node:stream';
import { csvWriter } from '../common/csv/csv-writer';
import { PrismaService } from '../database/prisma.service';
import { StoredAuditEvent } from './audit-chain-verifier';
import { EXPORTED_AUDIT_FIELDS } from './audit-event';
import { readAuditEvents } from './audit-event.reader';
import { canonicalEventWithHashJson } from './audit-hash';

export type AuditExportFormat = 'jsonl' | 'csv';

export interface AuditExportOptions {
  from?: Date;
  to?: Date;
  format: AuditExportFormat;
  /** Called after each batch with the number of events written so far (CLI progress). */
  onProgress?: (written: number) => void;
}

const LINES_PER_CHUNK = 200;

/** One JSON Lines record: canonical JSON of every hashed field plus `hash`. */
export function exportLine(event: StoredAuditEvent): string {
  return `${canonicalEventWithHashJson(event)}\n`;
}

/**
 * Streams an organization's events for re-verification elsewhere. The range is contiguous by
 * sequence (from the first event at or after `from` to the last before `to`), so the export is one
 * unbroken piece of the chain whose first `prevHash` ties it to what came before.
 */
@Injectable()
export class AuditExportService {
  constructor(private readonly prisma: PrismaService) {}

  /** The sequence range an export covers: events with `after < sequence <= upTo`. */
  async range(organizationId: string, from?: Date, to?: Date): Promise<{ after: number; upTo: number }> {
    const { rows } = await this.prisma.pool.query<{ after: string | null; up_to: string | null }>(
      `SELECT
         (SELECT min(sequence) - 1 FROM audit_event
           WHERE organization_id = $1::uuid AND ($2::timestamptz IS NULL OR occurred_at >= $2))::text AS after,
         (SELECT max(sequence) FROM audit_event
           WHERE organization_id = $1::uuid AND ($3::timestamptz IS NULL OR occurred_at < $3))::text AS up_to`,
      [organizationId, from ?? null, to ?? null],
    );
    // No event at or after `from` (or none before `to`): an empty export.
    if (rows[0].after === null || rows[0].up_to === null) return { after: 0, upTo: 0 };
    return { after: Number(rows[0].after), upTo: Number(rows[0].up_to) };
  }

  export(organizationId: string, options: AuditExportOptions): Readable {
    const lines = this.lines(organizationId, options);
    if (options.format === 'jsonl') return Readable.from(lines, { objectMode: false });
    return csvWriter(this.csvRecords(organizationId, options), EXPORTED_AUDIT_FIELDS);
  }

  private async *lines(organizationId: string, options: AuditExportOptions): AsyncGenerator<string> {
    let written = 0;
    for await (const batch of this.batches(organizationId, options)) {
      // Chunks of LINES_PER_CHUNK lines: far fewer stream writes than one per line, and small
      // enough (~100 KB) that the stream's buffer, not one huge string, bounds what is in memory.
      for (let i = 0; i < batch.length; i += LINES_PER_CHUNK) {
        yield batch
          .slice(i, i + LINES_PER_CHUNK)
          .map(exportLine)
          .join('');
      }
      written += batch.length;
      options.onProgress?.(written);
    }
  }

  private async *csvRecords(
    organizationId: string,
    options: AuditExportOptions,
  ): AsyncGenerator<Record<(typeof EXPORTED_AUDIT_FIELDS)[number], unknown>> {
    let written = 0;
    for await (const batch of this.batches(organizationId, options)) {
      for (const event of batch) yield { ...event, payload: canonicalize(event.payload) };
      written += batch.length;
      options.onProgress?.(written);
    }
  }

  private async *batches(organizationId: string, options: AuditExportOptions) {
    const range = await this.range(organizationId, options.from, options.to);
    yield* readAuditEvents(this.prisma.pool, organizationId, range);
  }
}
