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
});
