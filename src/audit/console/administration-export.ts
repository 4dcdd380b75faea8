import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import type { AuditEventResponse } from '../review/dto/audit-review.response';

/** An administration event as exported: what the page shows, the recorded payload and the hash. */
export interface AdministrationExportRow {
  sequence: number;
  occurredAt: string;
  type: string;
  actor: string;
  summary: string;
  payload: unknown;
  hash: string;
}

const CSV_COLUMNS: Array<keyof AdministrationExportRow> = [
  'sequence',
  'occurredAt',
  'type',
  'actor',
  'summary',
  'payload',
  'hash',
];

/**
 * The filtered administration events as JSON Lines or CSV (csv-stringify; the payload as JSON in its
 * column), streamed page by page so an export of any length holds one page in memory.
 */
export function administrationExport(
  pages: AsyncIterable<AuditEventResponse[]>,
  format: 'jsonl' | 'csv',
  describe: (event: AuditEventResponse) => { actor: string; summary: string },
): Readable {
  async function* rows(): AsyncGenerator<AdministrationExportRow> {
    for await (const page of pages) {
      for (const event of page) {
        yield {
          sequence: event.sequence,
          occurredAt: event.occurredAt,
          type: event.type,
          ...describe(event),
          payload: event.payload,
          hash: event.hash,
        };
      }
    }
  }
  if (format === 'jsonl') {
    return Readable.from(
      (async function* () {
        for await (const row of rows()) yield `${JSON.stringify(row)}\n`;
      })(),
    );
  }
  const csv = stringify({
    header: true,
    columns: CSV_COLUMNS,
    cast: { object: (value) => JSON.stringify(value) },
  });
  return Readable.from(rows()).pipe(csv);
}
