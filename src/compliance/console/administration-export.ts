import type { Readable } from 'node:stream';
import type { AuditEventResponse } from '../review/dto/audit-review.response';
import { exportRows, rowsOf } from './console-export';

/** An administration event as exported: what the page shows, the recorded payload and the hash. */
export interface AdministrationExportRow extends Record<string, unknown> {
  sequence: number;
  occurredAt: string;
  type: string;
  actor: string;
  summary: string;
  payload: unknown;
  hash: string;
}

const COLUMNS: Array<keyof AdministrationExportRow & string> = [
  'sequence',
  'occurredAt',
  'type',
  'actor',
  'summary',
  'payload',
  'hash',
];

/** The filtered administration events as JSON Lines or CSV. */
export function administrationExport(
  pages: AsyncIterable<AuditEventResponse[]>,
  format: 'jsonl' | 'csv',
  describe: (event: AuditEventResponse) => { actor: string; summary: string },
): Readable {
  const rows = rowsOf(pages, (event): AdministrationExportRow => ({
    sequence: event.sequence,
    occurredAt: event.occurredAt,
    type: event.type,
    ...describe(event),
    payload: event.payload,
    hash: event.hash,
  }));
  return exportRows(rows, format, COLUMNS);
}
