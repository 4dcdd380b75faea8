import { Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import { canonicalize } from 'json-canonicalize';
import { Readable } from 'node:stream';
import { PrismaService } from '../database/prisma.service';
import { StoredAuditEvent } from './audit-chain-verifier';
import { readAuditEvents } from './audit-event.reader';

export type AuditExportFormat = 'jsonl' | 'csv';

export interface AuditExportOptions {
  from?: Date;
  to?: Date;
  format: AuditExportFormat;
  /** Called after each batch with the number of events written so far (CLI progress). */
  onProgress?: (written: number) => void;
}

/** CSV columns, in order: the hashed fields, payload as its canonical JSON text, then the hash. */
export const AUDIT_CSV_COLUMNS = [
  'organizationId',
  'sequence',
  'occurredAt',
  'type',
  'actorUserId',
  'actorClientId',
  'actorLabel',
  'sessionId',
  'payload',
  'prevHash',
  'hash',
] as const;

/** One JSON Lines record: canonical JSON of every hashed field plus `hash`. */
export function exportLine(event: StoredAuditEvent): string {
  return `${canonicalize(event)}\n`;
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
    const csv = stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS] });
    const rows = Readable.from(this.csvRecords(organizationId, options));
    rows.on('error', (error) => csv.destroy(error));
    return rows.pipe(csv);
  }

  private async *lines(organizationId: string, options: AuditExportOptions): AsyncGenerator<string> {
    let written = 0;
    for await (const batch of this.batches(organizationId, options)) {
      // One chunk per batch: far fewer stream writes than one per line, still bounded in size.
      yield batch.map(exportLine).join('');
      written += batch.length;
      options.onProgress?.(written);
    }
  }

  private async *csvRecords(organizationId: string, options: AuditExportOptions): AsyncGenerator<object> {
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
