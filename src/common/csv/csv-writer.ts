import { stringify } from 'csv-stringify';
import { pipeline, Readable } from 'node:stream';

/**
 * The one CSV writer of every CSV download and file (csv-stringify, RFC 4180): a header row with
 * `columns`, then a record per row; objects in a cell as JSON. Rows are pulled as the reader reads
 * (one page in memory), and an error of `rows` (a database cut) destroys the CSV stream with it, so
 * whoever reads the CSV sees the error: the download is cut short, never ended as if complete, and no
 * stream is left without an error listener. Every cell that a spreadsheet would take for a formula
 * (starting with = + - @, a tab or a carriage return, or their full-width forms) gets a leading
 * apostrophe: product names, notes and e-mails come from suppliers and buyers, and an export is
 * opened in a spreadsheet (numbers are written as they are: -2 stays a number).
 */
export function csvWriter<Row extends object>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  columns: ReadonlyArray<keyof Row & string>,
): Readable {
  const csv = stringify({
    header: true,
    columns: [...columns],
    cast: { object: (value) => JSON.stringify(value) },
    escape_formulas: true,
  });
  return pipeline(Readable.from(rows), csv, () => undefined);
}
