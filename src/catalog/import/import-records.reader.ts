import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
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
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    yield* jsonLines(lines);
  } finally {
    lines.close();
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
 * The products of an RFC 4180 CSV file (csv-parse): quoted fields may hold commas, doubled quotes
 * and line breaks; a BOM is dropped; CRLF and LF both end a record. Consecutive rows with the same
 * productCode are one product. A syntax error (a stray or unclosed quote, an oversized record)
 * stops the import there with its line: after a broken quote no later row boundary can be
 * trusted. The product being read at that point is reported, not imported; those before it are.
 */
async function* csvProducts(input: Readable): AsyncGenerator<ImportRecord> {
  const syntaxErrors: CsvError[] = [];
  const parser = input.pipe(
    parse({
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n'],
      max_record_size: MAX_LINE,
      // Keep the records read before a syntax error: without this, the error discards them.
      skip_records_with_error: true,
    }),
  );
  parser.on('skip', (error: CsvError) => syntaxErrors.push(error));
  let header: string[] | null = null;
  let group: { code: string; line: number; rows: string[][]; error?: string } | null = null;
  let previousEnd = 0;
  let previousEmpty = 0;
  const stopAt = (error: CsvError): ImportRecord => {
    const line = typeof error.lines === 'number' ? error.lines : previousEnd + 1;
    const message = `line ${line}: not valid CSV (${error.message}); nothing after it was read`;
    return { line: group?.line ?? line, error: message };
  };
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
      const start = previousEnd + 1 + (info.empty_lines - previousEmpty);
      previousEnd = info.lines;
      previousEmpty = info.empty_lines;
      const broken = syntaxErrors[0];
      if (broken && typeof broken.lines === 'number' && broken.lines <= start) {
        yield stopAt(broken);
        return;
      }
      if (!header) {
        header = record.map((f) => f.trim());
        const problems = checkCsvHeader(header);
        if (problems.length > 0) {
          yield { line: 1, error: `bad CSV header: ${problems.join('; ')}` };
          return;
        }
        continue;
      }
      if (record.length === 1 && record[0].trim() === '') continue;
      const code = record[header.indexOf('productCode')]?.trim() ?? '';
      if (group && group.code !== code) {
        yield finish(header, group);
        group = null;
      }
      group ??= { code, line: start, rows: [] };
      if (record.length !== header.length) {
        group.error ??= `line ${start}: ${record.length} fields, the header has ${header.length}`;
      }
      group.rows.push(record);
    }
  } finally {
    parser.destroy();
  }
  if (syntaxErrors.length > 0) {
    yield stopAt(syntaxErrors[0]);
    return;
  }
  if (header && group) yield finish(header, group);
}

/** What csv-parse tells about each record (option `info`): the line it ends on, empty lines so far. */
interface Info {
  lines: number;
  empty_lines: number;
}

function finish(header: string[], group: { line: number; rows: string[][]; error?: string }): ImportRecord {
  if (group.error) return { line: group.line, error: group.error };
  return { line: group.line, record: csvRowsToRecord(header, group.rows) };
}
