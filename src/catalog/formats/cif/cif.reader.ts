import { CsvError, parse } from 'csv-parse';
import { decodeCatalogText } from '../catalog-text.decoder';
import { CatalogWarnings } from '../catalog-warnings';
import {
  type CatalogHeader,
  CatalogFileError,
  type CatalogReadEvent,
  type CatalogReader,
} from '../supplier-item';
import type { CifColumn } from './cif-columns';
import { type CifHeader, cifDeclaredCharset, readCifHeader } from './cif-header';
import { type CifContext, type CifRow, cifItem, cifItemKey } from './cif-item';

/** The header (CIF_I_V3.0 up to DATA) is read whole; a longer one is not a CIF file. */
const MAX_HEADER = 1_048_576;
/** Rows of one part (one per language) read into one item at most: the reader holds one item at a time. */
const MAX_ROWS_PER_PART = 100;
/** Longest row, in characters (csv-parse's max_record_size): a longer one is refused rather than held. */
const MAX_ROW = 1_048_576;

/**
 * Ariba CIF 3.0: the header (CIF_I_V3.0, then KEY: value lines up to DATA), the rows between DATA
 * and ENDOFDATA as CSV (csv-parse, streamed, quotes as RFC 4180, a stray quote inside an unquoted
 * field kept), consecutive rows of one part (several Language rows) made one item by cif-item.ts.
 * An ITEMCOUNT that disagrees with the rows is a warning. A file without ENDOFDATA is truncated: refused.
 */
export class CifReader implements CatalogReader {
  readonly format = 'cif' as const;

  recognizes(head: string): boolean {
    return /^\s*CIF_I_V\d/i.test(head);
  }

  async *read(input: AsyncIterable<Buffer>): AsyncGenerator<CatalogReadEvent> {
    const text = await decodeCatalogText(input, cifDeclaredCharset);
    for (const warning of text.warnings) yield { type: 'warning', warning };
    const warnings = new CatalogWarnings();
    const { lines, dataLine, rest } = await splitHeader(text.chunks);
    const header = readCifHeader(lines, warnings);
    yield* warnings.drain();

    const context: CifContext = { header, supplierId: null, warnings };
    let headerSent = false;
    let rowCount = 0;
    let group: CifRow[] = [];
    const finish = function* (): Generator<CatalogReadEvent> {
      if (group.length === 0) return;
      const result = cifItem(group, context);
      yield* warnings.drain();
      if ('item' in result) yield { type: 'item', item: result.item };
      else if ('rejected' in result) yield { type: 'rejected', line: group[0].line, ...result.rejected };
      group = [];
    };
    const sendHeader = function* (): Generator<CatalogReadEvent> {
      if (headerSent) return;
      headerSent = true;
      yield { type: 'header', header: catalogHeaderOf(header, context.supplierId) };
    };

    let ended = false;
    for await (const row of dataRows(rest, dataLine)) {
      if (ended) {
        if (row.fields.some((field) => field !== ''))
          warnings.once(
            'after-endofdata',
            'cif-after-endofdata',
            'content after ENDOFDATA is ignored',
            row.line,
          );
        continue;
      }
      if (row.fields.length === 1 && /^ENDOFDATA$/i.test(row.fields[0])) {
        ended = true;
        continue;
      }
      if (row.fields.every((field) => field === '')) continue;
      rowCount++;
      if (row.fields.length !== header.columns.length)
        warnings.warn(
          'cif-row-fields',
          `line ${row.line}: ${row.fields.length} fields, the header names ${header.columns.length} columns`,
          row.line,
        );
      const cifRow = rowOf(row, header);
      if (!headerSent) {
        context.supplierId = cifRow.values['Supplier ID'] || null;
        yield* sendHeader();
      }
      if (group.length > 0 && cifItemKey(group[0]) !== cifItemKey(cifRow)) yield* finish();
      if (group.length < MAX_ROWS_PER_PART) group.push(cifRow);
      else
        warnings.once(
          `rows:${cifItemKey(cifRow)}`,
          'cif-part-rows',
          `part ${cifRow.values['Supplier Part ID']}: more than ${MAX_ROWS_PER_PART} consecutive rows; the rest are not read`,
          row.line,
        );
    }
    if (!ended) throw new CatalogFileError('no ENDOFDATA line: the file is truncated');
    yield* sendHeader();
    yield* finish();
    if (header.itemCount !== null && header.itemCount !== rowCount)
      warnings.warn('cif-itemcount', `ITEMCOUNT says ${header.itemCount} rows; the file has ${rowCount}`);
    yield* warnings.drain();
  }
}

function catalogHeaderOf(header: CifHeader, supplierId: string | null): CatalogHeader {
  return {
    format: 'cif',
    formatVersion: header.version,
    transaction: header.transaction,
    defaultLanguage: 'en',
    defaultCurrency: header.currency,
    supplierIds: supplierId ? [{ type: header.supplierIdDomain, value: supplierId }] : [],
    supplierName: null,
    catalogId: null,
    catalogVersion: null,
    declaredItemCount: header.itemCount,
  };
}

function rowOf(row: { line: number; fields: string[] }, header: CifHeader): CifRow {
  const values: Partial<Record<CifColumn, string>> = {};
  header.columns.forEach((column, index) => {
    if (column && row.fields[index] !== undefined) values[column] = row.fields[index];
  });
  return { line: row.line, values };
}

/**
 * The header's lines (up to the DATA line), the line number of DATA, and the text after it. Lines
 * are split at `\n` (a `\r` before it dropped).
 */
async function splitHeader(
  chunks: AsyncGenerator<string>,
): Promise<{ lines: Array<{ text: string; line: number }>; dataLine: number; rest: AsyncGenerator<string> }> {
  let buffered = '';
  for (;;) {
    const data = /(^|\n)[ \t]*DATA[ \t]*\r?(\n|$)/i.exec(buffered);
    if (data && (data[2] === '\n' || (await peekDone()))) {
      const headerText = buffered.slice(0, data.index + data[1].length);
      const after = buffered.slice(data.index + data[0].length);
      const lines = headerText
        .split('\n')
        .map((text, index) => ({ text: text.replace(/\r$/, ''), line: index + 1 }));
      if (lines.length > 0 && lines[lines.length - 1].text === '') lines.pop();
      return { lines, dataLine: lines.length + 1, rest: restOf(after) };
    }
    if (buffered.length > MAX_HEADER)
      throw new CatalogFileError(`no DATA line within the first ${MAX_HEADER} characters: not a CIF file`);
    const next = await chunks.next();
    if (next.done) {
      if (!/^\s*CIF_I_V/i.test(buffered))
        throw new CatalogFileError('not a CIF file: the first line must be CIF_I_V3.0', 1);
      throw new CatalogFileError('no DATA line: the file is truncated');
    }
    buffered += next.value;
  }

  async function peekDone(): Promise<boolean> {
    const next = await chunks.next();
    if (next.done) return true;
    buffered += next.value;
    return false;
  }
  async function* restOf(first: string): AsyncGenerator<string> {
    if (first !== '') yield first;
    yield* chunks;
  }
}

/**
 * The CSV records after DATA with the line each starts on (csv-parse reports where a record ends; the
 * next starts on the line after). csv-parse runs as a stream, fed as the text arrives.
 */
async function* dataRows(
  text: AsyncGenerator<string>,
  dataLine: number,
): AsyncGenerator<{ line: number; fields: string[] }> {
  const parser = parse({
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
    info: true,
    max_record_size: MAX_ROW,
  });
  // Waits until the parser takes more text, or is gone (the reader stopped early or failed).
  const writable = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        parser.off('drain', done);
        parser.off('close', done);
        resolve();
      };
      parser.on('drain', done);
      parser.on('close', done);
    });
  const feed = (async () => {
    for await (const chunk of text) {
      if (parser.destroyed) return;
      if (!parser.write(chunk)) await writable();
    }
    if (!parser.destroyed) parser.end();
  })().catch((error: unknown) => parser.destroy(error as Error));
  let previousEnd = dataLine;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      yield { line: previousEnd + 1, fields: record.length === 0 ? [''] : record };
      previousEnd = dataLine + info.lines;
    }
  } catch (error) {
    if (error instanceof CsvError)
      throw new CatalogFileError(
        csvProblem(error),
        dataLine + ((error as unknown as { lines?: number }).lines ?? 0),
      );
    throw error;
  } finally {
    parser.destroy();
    await feed;
  }
}

function csvProblem(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED')
    return 'a quoted field is not closed by the end of the file: the file is truncated or malformed';
  if (error.code === 'CSV_MAX_RECORD_SIZE') return `a row longer than ${MAX_ROW} characters`;
  return `not valid CSV: ${error.message.replace(/ at line \d+$/, '')}`;
}
