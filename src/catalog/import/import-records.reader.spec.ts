import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportRecord, readImportRecords } from './import-records.reader';

const HEADER = 'productCode,name,category,vendor,price,currency,description';

describe('CSV import records (RFC 4180 via csv-parse)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'csv-records-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function read(text: string): Promise<ImportRecord[]> {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.csv`);
    await writeFile(path, text);
    const records: ImportRecord[] = [];
    for await (const record of readImportRecords(path, 'csv')) records.push(record);
    return records;
  }
  const readByLine = async (text: string) => (await read(text)).sort((a, b) => a.line - b.line);
  const descriptionOf = (record: ImportRecord) =>
    (record as { record: { description?: string } }).record.description;

  it('keeps line breaks inside quoted fields and numbers products by their first line', async () => {
    const records = await read(
      `${HEADER}\nA-1,Stapler,desk,V1,1.00,EUR,"two\nlines"\nA-2,Punch,desk,V1,2.00,EUR,plain\n`,
    );
    expect(records.map((r) => r.line)).toEqual([2, 4]);
    expect(descriptionOf(records[0])).toBe('two\nlines');
    expect(descriptionOf(records[1])).toBe('plain');
  });

  it('reads doubled quotes as one quote and commas inside quotes as text', async () => {
    const [record] = await read(`${HEADER}\nA-1,Stapler,desk,V1,1.00,EUR,"the ""best"", really"\n`);
    expect(descriptionOf(record)).toBe('the "best", really');
  });

  it('drops a UTF-8 byte order mark before the header and accepts CRLF line ends', async () => {
    const records = await read(
      `\uFEFF${HEADER}\r\nA-1,Stapler,desk,V1,1.00,EUR,x\r\nA-2,Punch,desk,V1,2.00,EUR,y\r\n`,
    );
    expect(records.map((r) => [r.line, r.error])).toEqual([
      [2, undefined],
      [3, undefined],
    ]);
  });

  it('skips blank lines and keeps counting them', async () => {
    const records = await read(
      `${HEADER}\n\nA-1,Stapler,desk,V1,1.00,EUR,x\n\n\nA-2,Punch,desk,V1,2.00,EUR,y\n`,
    );
    expect(records.map((r) => r.line)).toEqual([3, 6]);
  });

  it('reports a line with a stray quote and reads on: the rows before and after it are kept', async () => {
    // A product is yielded once its last row is known to be read, so a bad line may come first.
    const records = await readByLine(
      `${HEADER}\nA-1,Stapler,desk,V1,1.00,EUR,x\nA-2,Punch,desk,V1,2.00,EUR,y\nA-3,Clip,desk,V1,3.00,EUR,"bad"quote\nA-4,Pin,desk,V1,4.00,EUR,z\n`,
    );
    expect(records.map((r) => [r.line, r.error])).toEqual([
      [2, undefined],
      [3, undefined],
      [4, expect.stringMatching(/^not valid CSV: Invalid Closing Quote: got "q" instead of delimiter/)],
      [5, undefined],
    ]);
  });

  it('reports a quote opened in the middle of a field', async () => {
    const records = await read(
      `${HEADER}\nA-1,Stapler,desk,V1,1.00,EUR,ab"c\nA-2,Punch,desk,V1,2.00,EUR,y\n`,
    );
    expect(records).toEqual([
      { line: 2, error: 'not valid CSV: a quoted field is not closed' },
      expect.objectContaining({ line: 3, record: expect.objectContaining({ productCode: 'A-2' }) }),
    ]);
  });

  it('reports a quote left open until the end of the file as its line only, and reads the lines after it', async () => {
    const records = await readByLine(
      `${HEADER}\nA-1,Stapler,desk,V1,1.00,EUR,x\nA-2,Punch,desk,V1,2.00,EUR,y\nA-3,Clip,desk,V1,2.00,EUR,"open\nA-4,Pin,desk,V1,4.00,EUR,z\n`,
    );
    expect(records.map((r) => [r.line, r.error])).toEqual([
      [2, undefined],
      [3, undefined],
      [4, 'not valid CSV: a quoted field is not closed'],
      [5, undefined],
    ]);
  });

  it('keeps a quoted field across lines (RFC 4180) and numbers the next row by its own line', async () => {
    const records = await read(
      `${HEADER}\nA-1,Stapler,desk,V1,1.00,EUR,"two\nlines"\nA-2,Punch,desk,V1,2.00,EUR,y\n`,
    );
    expect(records.map((r) => [r.line, r.error])).toEqual([
      [2, undefined],
      [4, undefined],
    ]);
  });

  it('keeps U+2028 and U+2029 inside a field instead of ending the row there', async () => {
    const records = await read(
      `${HEADER}\nA-1,Stapler,desk,V1,1.00,EUR,"one\u2028two"\nA-2,Punch,desk,V1,2.00,EUR,three\u2029four\n`,
    );
    expect(records.map((r) => [r.line, r.error ?? descriptionOf(r)])).toEqual([
      [2, 'one\u2028two'],
      [3, 'three\u2029four'],
    ]);
  });

  it('reports a row with the wrong number of fields as that product’s problem', async () => {
    const records = await read(`${HEADER}\nA-1,Stapler,desk,V1,1.00\nA-2,Punch,desk,V1,2.00,EUR,y\n`);
    expect(records[0]).toEqual({ line: 2, error: 'line 2: 5 fields, the header has 7' });
    expect(records[1]).toMatchObject({ line: 3, record: { productCode: 'A-2' } });
  });
});

describe('JSONL import records', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'jsonl-records-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function read(text: string): Promise<ImportRecord[]> {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.jsonl`);
    await writeFile(path, text);
    const records: ImportRecord[] = [];
    for await (const record of readImportRecords(path, 'jsonl')) records.push(record);
    return records;
  }

  it('splits lines on \\n only: U+2028, U+2029, U+0085 and a lone CR stay inside their row', async () => {
    // U+2028/U+2029 are legal unescaped in JSON strings; a CR is JSON whitespace between tokens.
    const rows = [
      '{"productCode":"A-1","name":"line\u2028separator"}',
      '{"productCode":"A-2","name":"paragraph\u2029separator and next\u0085line"}',
      '{"productCode":"A-3",\r"name":"CR between tokens"}',
    ];
    const records = await read(`${rows.join('\n')}\r\n{"productCode":"A-4","name":"after CRLF"}\n`);
    expect(records.filter((r) => r.error !== undefined)).toEqual([]);
    expect(records.map((r) => [r.line, (r as { record: { name: string } }).record.name])).toEqual([
      [1, 'line\u2028separator'],
      [2, 'paragraph\u2029separator and next\u0085line'],
      [3, 'CR between tokens'],
      [4, 'after CRLF'],
    ]);
  });

  it('reports a line over the length limit without holding it, and reads the next line', async () => {
    const long = `{"productCode":"A-1","name":"${'x'.repeat(1_000_100)}"}`;
    const records = await read(`${long}\n{"productCode":"A-2","name":"short"}\n`);
    expect(records).toEqual([
      { line: 1, error: 'line longer than 1000000 characters' },
      { line: 2, record: { productCode: 'A-2', name: 'short' } },
    ]);
  });
});
