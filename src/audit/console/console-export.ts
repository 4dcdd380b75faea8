import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';

/**
 * Rows as a JSON Lines or CSV download (csv-stringify; objects in a CSV column as JSON), streamed as
 * they come so an export of any length holds one page of rows in memory.
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
  const csv = stringify({ header: true, columns, cast: { object: (value) => JSON.stringify(value) } });
  return Readable.from(rows).pipe(csv);
}

/** The rows of every page, in order. */
export async function* rowsOf<Item, Row>(
  pages: AsyncIterable<Item[]>,
  toRow: (item: Item) => Row,
): AsyncGenerator<Row> {
  for await (const page of pages) for (const item of page) yield toRow(item);
}
