import { Readable } from 'node:stream';
import { csvWriter } from '../../common/csv/csv-writer';

/**
 * Rows as a JSON Lines or CSV download (the one CSV writer: objects in a cell as JSON, text cells
 * neutralised), streamed as they come so an export of any length holds one page of rows in memory.
 */
export function exportRows<Row extends Record<string, unknown>>(
  rows: AsyncIterable<Row>,
  format: 'jsonl' | 'csv',
  columns: Array<keyof Row & string>,
): Readable {
  if (format === 'jsonl') {
    return Readable.from(
      (async function* () {
        for await (const row of rows) yield `${JSON.stringify(row)}\n`;
      })(),
    );
  }
  return csvWriter(rows, columns);
}

/** The rows of every page, in order. */
export async function* rowsOf<Item, Row>(
  pages: AsyncIterable<Item[]>,
  toRow: (item: Item) => Row,
): AsyncGenerator<Row> {
  for await (const page of pages) for (const item of page) yield toRow(item);
}
