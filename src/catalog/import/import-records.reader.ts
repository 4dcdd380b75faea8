import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { CsvError } from 'csv-parse';
import { parse as parseCsv } from 'csv-parse/sync';
import { textLines } from '../../common/text/text-lines';
import { checkCsvHeader, csvRowsToRecord } from './csv-columns';

export type ImportFormat = 'jsonl' | 'csv';

/** One product of the file: its record, or why it could not even be read; `line` is 1-based. */
export type ImportRecord =
  { line: number; record: unknown; error?: undefined } | { line: number; error: string };

/** Longest physical line accepted (a product with 50 offers fits comfortably). */
const MAX_LINE = 1_000_000;

export function formatOf(path: string, explicit?: string): ImportFormat | null {
  if (explicit) return explicit === 'jsonl' || explicit === 'csv' ? explicit : null;
  if (/\.(jsonl|ndjson)$/i.test(path)) return 'jsonl';
  if (/\.csv$/i.test(path)) return 'csv';
  return null;
}

/**
 * Streams the products of an import file with their line numbers; `onBytes` reports how far
 * the file has been read (for the progress bar). A file-level problem (CSV header) is one record
 * with line 1 and an error.
 */
export async function* readImportRecords(
  path: string,
  format: ImportFormat,
  onBytes: (bytesRead: number, totalBytes: number) => void = () => undefined,
): AsyncGenerator<ImportRecord> {
  const { size } = await stat(path);
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let bytes = 0;
  stream.on('data', (chunk) => {
    bytes += Buffer.byteLength(chunk as string);
    onBytes(bytes, size);
  });
  if (format === 'csv') {
    try {
      yield* csvProducts(stream);
    } finally {
      stream.destroy();
    }
    return;
  }
  try {
    yield* jsonLines(textLines(stream, MAX_LINE));
  } finally {
    stream.destroy();
  }
}

async function* jsonLines(lines: AsyncIterable<string>): AsyncGenerator<ImportRecord> {
  let number = 0;
  for await (const text of lines) {
    number++;
    const line = number === 1 ? text.replace(/^\uFEFF/, '') : text;
    if (line.trim() === '') continue;
    if (line.length > MAX_LINE) {
      yield { line: number, error: `line longer than ${MAX_LINE} characters` };
      continue;
    }
    try {
      yield { line: number, record: JSON.parse(line) };
    } catch (error) {
      yield { line: number, error: `not valid JSON (${(error as Error).message})` };
    }
  }
}

/**
 * The products of an RFC 4180 CSV file: quoted fields may hold commas, doubled quotes and line
 * breaks; a BOM is dropped; CRLF and LF both end a record. Consecutive rows with the same
 * productCode are one product. A malformed line (a stray or unclosed quote, a record over the size
 * limit) costs only that line: it is reported and reading goes on with the next line, so the rows
 * before and after it are imported. A malformed line between two rows of one product fails that
 * product, since the line may have been one of its offers.
 */
async function* csvProducts(input: Readable): AsyncGenerator<ImportRecord> {
  const splitter = new CsvRecordSplitter();
  let header: string[] | null = null;
  let group: { code: string; line: number; rows: string[][]; error?: string } | null = null;
  let brokenSinceGroup: string | undefined;
  let number = 0;

  function* take(records: CsvRecord[]): Generator<ImportRecord, boolean> {
    for (const record of records) {
      if (!header) {
        if (record.error !== undefined) {
          yield { line: record.line, error: `bad CSV header: ${record.error}` };
          return false;
        }
        header = record.fields.map((f) => f.trim());
        const problems = checkCsvHeader(header);
        if (problems.length > 0) {
          yield { line: 1, error: `bad CSV header: ${problems.join('; ')}` };
          return false;
        }
        continue;
      }
      if (record.error !== undefined) {
        yield { line: record.line, error: `not valid CSV: ${record.error}` };
        brokenSinceGroup ??= `line ${record.line}`;
        continue;
      }
      if (record.fields.length === 1 && record.fields[0].trim() === '') continue;
      const code = record.fields[header.indexOf('productCode')]?.trim() ?? '';
      if (group && group.code !== code) {
        yield finish(header, group);
        group = null;
      } else if (group && brokenSinceGroup) {
        group.error ??= `${brokenSinceGroup} is not valid CSV and lies between this product's rows`;
      }
      brokenSinceGroup = undefined;
      group ??= { code, line: record.line, rows: [] };
      if (record.fields.length !== header.length) {
        group.error ??= `line ${record.line}: ${record.fields.length} fields, the header has ${header.length}`;
      }
      group.rows.push(record.fields);
    }
    return true;
  }

  for await (const text of textLines(input, MAX_LINE)) {
    number++;
    if (!(yield* take(splitter.push(number, number === 1 ? text.replace(/^\uFEFF/, '') : text)))) return;
  }
  if (!(yield* take(splitter.end()))) return;
  if (header && group) yield finish(header, group);
}

/** One CSV record with the line it starts on, or why the line starting there is not valid CSV. */
type CsvRecord = { line: number; fields: string[]; error?: undefined } | { line: number; error: string };

/**
 * Cuts physical lines into CSV records and parses each with csv-parse. A record ends at a line
 * break outside quotes, i.e. once the quotes seen since it began are even (RFC 4180 doubles a quote
 * inside a quoted field). A record that does not parse, or whose quote never closes (end of file, or
 * MAX_LINE characters later), costs its first line only: the lines after it are read again as new
 * records. csv-parse cannot resume after a syntax error at the next line by itself (a broken quote
 * swallows the rest of the file), hence this splitter; parsing record by record measured about 3x the
 * CPU of one streaming parse, far below what writing the products to PostgreSQL costs.
 */
class CsvRecordSplitter {
  private pending: Array<{ line: number; text: string }> = [];
  private open = false;
  private size = 0;

  push(line: number, text: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    const queue = [{ line, text }];
    while (queue.length > 0) {
      const next = queue.shift() as { line: number; text: string };
      if (this.pending.length === 0 && next.text.trim() === '') continue;
      this.pending.push(next);
      this.size += next.text.length + 1;
      // textLines cut this line: it is reported (after any earlier lines of an open record).
      if (next.text.length > MAX_LINE) {
        records.push(this.dropFirstLine(queue, `line longer than ${MAX_LINE} characters`));
        continue;
      }
      if (countQuotes(next.text) % 2 === 1) this.open = !this.open;
      if (this.open && this.size <= MAX_LINE) continue;
      if (this.open) {
        records.push(this.dropFirstLine(queue, `a quoted field is not closed within ${MAX_LINE} characters`));
        continue;
      }
      const text = this.pending.map((p) => p.text).join('\n');
      const start = this.pending[0].line;
      try {
        const [fields] = parseCsv(text, { relax_column_count: true }) as string[][];
        this.reset();
        records.push({ line: start, fields: fields ?? [''] });
      } catch (error) {
        records.push(this.dropFirstLine(queue, csvMessage(error)));
      }
    }
    return records;
  }

  /** End of file: a quote still open costs the line it opened on; the lines after it are read again. */
  end(): CsvRecord[] {
    const records: CsvRecord[] = [];
    while (this.open && this.pending.length > 0) {
      const queue: Array<{ line: number; text: string }> = [];
      records.push(this.dropFirstLine(queue, 'a quoted field is not closed'));
      for (const entry of queue) records.push(...this.push(entry.line, entry.text));
    }
    return records;
  }

  /** Reports the pending record's first line and queues the lines after it to be read again. */
  private dropFirstLine(queue: Array<{ line: number; text: string }>, reason: string): CsvRecord {
    const [first, ...rest] = this.pending;
    this.reset();
    queue.unshift(...rest);
    return { line: first.line, error: reason };
  }

  private reset(): void {
    this.pending = [];
    this.open = false;
    this.size = 0;
  }
}

function countQuotes(text: string): number {
  let count = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) count++;
  return count;
}

/** csv-parse's message without its own line count (ours names the file's line). */
function csvMessage(error: unknown): string {
  const message = error instanceof CsvError || error instanceof Error ? error.message : String(error);
  return message.replace(/ at line \d+/, '');
}

function finish(header: string[], group: { line: number; rows: string[][]; error?: string }): ImportRecord {
  if (group.error) return { line: group.line, error: group.error };
  return { line: group.line, record: csvRowsToRecord(header, group.rows) };
}
