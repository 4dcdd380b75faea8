import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { CsvLineParser, checkCsvHeader, csvRowsToRecord } from './csv-line.parser';

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
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    if (format === 'jsonl') yield* jsonLines(lines);
    else yield* csvProducts(lines);
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

async function* csvProducts(lines: AsyncIterable<string>): AsyncGenerator<ImportRecord> {
  const parser = new CsvLineParser();
  let header: string[] | null = null;
  let group: { code: string; line: number; rows: string[][]; error?: string } | null = null;
  let number = 0;
  let recordStart = 1;
  for await (const text of lines) {
    number++;
    const line = number === 1 ? text.replace(/^\uFEFF/, '') : text;
    if (!parser.pending) recordStart = number;
    if (line.length > MAX_LINE) {
      yield { line: number, error: `line longer than ${MAX_LINE} characters` };
      return;
    }
    const fields = parser.push(line);
    if (!fields) continue;
    if (!header) {
      header = fields.map((f) => f.trim());
      const problems = checkCsvHeader(header);
      if (problems.length > 0) {
        yield { line: 1, error: `bad CSV header: ${problems.join('; ')}` };
        return;
      }
      continue;
    }
    if (fields.length === 1 && fields[0].trim() === '') continue;
    const code = fields[header.indexOf('productCode')]?.trim() ?? '';
    if (group && group.code !== code) {
      yield finish(header, group);
      group = null;
    }
    group ??= { code, line: recordStart, rows: [] };
    if (fields.length !== header.length) {
      group.error ??= `line ${recordStart}: ${fields.length} fields, the header has ${header.length}`;
    }
    group.rows.push(fields);
  }
  if (parser.pending) {
    yield { line: recordStart, error: 'the file ends inside a quoted field' };
    return;
  }
  if (header && group) yield finish(header, group);
}

function finish(header: string[], group: { line: number; rows: string[][]; error?: string }): ImportRecord {
  if (group.error) return { line: group.line, error: group.error };
  return { line: group.line, record: csvRowsToRecord(header, group.rows) };
}
