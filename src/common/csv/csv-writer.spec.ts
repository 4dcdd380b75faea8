import { parse } from 'csv-parse/sync';
import { text } from 'node:stream/consumers';
import { csvWriter } from './csv-writer';

describe('the CSV writer', () => {
  it('writes a header and a record per row, objects as JSON', async () => {
    const rows = [
      { name: 'Stapler "Deluxe"', lines: 2, payload: { a: 'x,y' } },
      { name: 'Copy paper', lines: 0, payload: null },
    ];
    const written = await text(csvWriter(rows, ['name', 'lines', 'payload']));
    expect(parse(written)).toEqual([
      ['name', 'lines', 'payload'],
      ['Stapler "Deluxe"', '2', '{"a":"x,y"}'],
      ['Copy paper', '0', ''],
    ]);
  });

  it('fails its reader when the rows fail (a download cut short, not ended as complete)', async () => {
    async function* failing() {
      yield { name: 'first' };
      throw new Error('connection terminated');
    }
    await expect(text(csvWriter(failing(), ['name']))).rejects.toThrow('connection terminated');
  });

  it('neutralises every cell a spreadsheet would run as a formula, and leaves numbers alone', async () => {
    const starts = [
      '=1+1',
      '+1',
      '-1+1',
      '@SUM(A1)',
      '\tx',
      '\rx',
      '\uFF1D1',
      '\uFF0B1',
      '\uFF0D1',
      '\uFF20x',
    ];
    const rows = [...starts.map((name) => ({ name, amount: -2 })), { name: 'a=b', amount: 3 }];
    const written = parse(await text(csvWriter(rows, ['name', 'amount']))) as string[][];
    expect(written.slice(1)).toEqual([...starts.map((name) => [`'${name}`, '-2']), ['a=b', '3']]);
  });
});
