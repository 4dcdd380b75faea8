import { readCatalog } from '../../../../test/support/catalog-samples';
import { CifReader } from './cif.reader';
import { cifDate, cifPairs } from './cif-values';

const reader = new CifReader();

const FIELDNAMES =
  'Supplier ID,Supplier Part ID,Manufacturer Part ID,Item Description,SPSC Code,Unit Price,Unit of Measure,Lead Time,' +
  'Manufacturer Name,Supplier URL,Manufacturer URL,Market Price,Currency,Short Name,Language,Effective Date,Expiration Date,' +
  'Classification Codes,Parametric Data,Parametric Name,Supplier Part Auxiliary ID,Delete,PunchOut Enabled';

/** A CIF 3.0 file of the demo office supplier with `rows` (in FIELDNAMES' order) and header overrides. */
function cif(rows: string[], header: Record<string, string | null> = {}): string {
  const keys: Record<string, string | null> = {
    CHARSET: 'UTF-8',
    LOADMODE: 'F',
    CODEFORMAT: 'UNSPSC_V13.0',
    CURRENCY: 'EUR',
    SUPPLIERID_DOMAIN: 'DUNS',
    ITEMCOUNT: String(rows.length),
    TIMESTAMP: '2026-11-30 09:15:00',
    FIELDNAMES,
    ...header,
  };
  const lines = Object.entries(keys).flatMap(([key, value]) => (value === null ? [] : [`${key}: ${value}`]));
  return ['CIF_I_V3.0', ...lines, 'DATA', ...rows, 'ENDOFDATA', ''].join('\r\n');
}

/** A row: the 23 columns, with the demo values unless overridden. */
function row(values: Record<string, string> = {}): string {
  const defaults: Record<string, string> = {
    'Supplier ID': '315638221',
    'Supplier Part ID': 'OS-100',
    'Manufacturer Part ID': '5502-00-95',
    'Item Description': '"Heftgerät NeXXt 5502, 30 Blatt, schwarz"',
    'SPSC Code': '44121615',
    'Unit Price': '8.95',
    'Unit of Measure': 'EA',
    'Lead Time': '2',
    'Manufacturer Name': 'Leitz',
    'Supplier URL': '',
    'Manufacturer URL': '',
    'Market Price': '12.90',
    Currency: 'EUR',
    'Short Name': '',
    Language: 'de_DE',
    'Effective Date': '',
    'Expiration Date': '',
    'Classification Codes': '',
    'Parametric Data': '',
    'Parametric Name': '',
    'Supplier Part Auxiliary ID': '',
    Delete: '',
    'PunchOut Enabled': '',
    ...values,
  };
  return FIELDNAMES.split(',')
    .map((column) => defaults[column])
    .join(',');
}

async function readOne(text: string | Buffer, chunkSize?: number) {
  const read = await readCatalog(reader, text, chunkSize);
  if (read.error) throw read.error;
  return read;
}

describe('CIF reader', () => {
  it('makes the Language rows of one part one item with its German and English texts', async () => {
    const read = await readOne(
      cif([
        row({
          'Short Name': 'Heftgerät NeXXt',
          'Parametric Data': '{FARBE="schwarz";KAPAZITÄT="30 Blatt";}',
        }),
        row({
          Language: 'en_US',
          'Item Description': '"Stapler NeXXt 5502, 30 sheets, black"',
          'Short Name': 'Stapler NeXXt',
          'Parametric Data': '{FARBE="black";KAPAZITÄT="30 sheets";}',
        }),
        row({ Language: 'fr_FR', 'Item Description': 'Agrafeuse', 'Unit Price': '9.50' }),
        row({ 'Supplier Part ID': 'OS-101', 'Item Description': 'Locher' }),
      ]),
    );
    expect(read.items.map((i) => [i.supplierPartId, i.line])).toEqual([
      ['OS-100', 11],
      ['OS-101', 14],
    ]);
    expect(read.items[0]).toMatchObject({
      name: { de: 'Heftgerät NeXXt', en: 'Stapler NeXXt' },
      description: {
        de: 'Heftgerät NeXXt 5502, 30 Blatt, schwarz',
        en: 'Stapler NeXXt 5502, 30 sheets, black',
      },
      features: [
        { name: { de: 'FARBE', en: 'FARBE' }, values: [{ de: 'schwarz', en: 'black' }], unit: null },
        {
          name: { de: 'KAPAZITÄT', en: 'KAPAZITÄT' },
          values: [{ de: '30 Blatt', en: '30 sheets' }],
          unit: null,
        },
      ],
      prices: [{ amount: '8.95', currency: 'EUR' }],
      manufacturerName: 'Leitz',
      manufacturerPartId: '5502-00-95',
      deliveryDays: 2,
    });
    expect(read.warnings).toEqual([
      {
        kind: 'cif-language-rows-differ',
        message:
          'part OS-100: the fr_FR row\'s Unit Price "9.50" differs from the first row\'s "8.95"; the first row\'s is used',
        line: 13,
      },
      {
        kind: 'language-dropped',
        message: 'texts in language "fr_FR" are not imported: the gateway serves German and English',
        line: 13,
      },
    ]);
  });

  it('keeps parts with the same Supplier Part ID and different Auxiliary IDs apart, each with its Auxiliary ID', async () => {
    const read = await readOne(
      cif([
        row({ 'Supplier Part Auxiliary ID': 'BOX-10' }),
        row({ 'Supplier Part Auxiliary ID': 'BOX-50', 'Unit Price': '39.00' }),
      ]),
    );
    expect(read.items.map((i) => [i.supplierPartId, i.supplierPartAuxiliaryId, i.prices[0].amount])).toEqual([
      ['OS-100', 'BOX-10', '8.95'],
      ['OS-100', 'BOX-50', '39'],
    ]);
  });

  it('reads classifications, parametric data, validity dates and URLs', async () => {
    const read = await readOne(
      cif([
        row({
          'Classification Codes': '"{UNSPSC=44121615;ECLASS_9.0=24-32-01-03;ACME=BUE-12}"',
          'Parametric Name': 'STAPLERS',
          'Effective Date': '2026-1-1',
          'Expiration Date': '2026-12-31 23:59:59',
          'Supplier URL': 'https://shop.example.com/os-100',
          'Manufacturer URL': 'ftp://files.example.com/5502.pdf',
        }),
      ]),
    );
    const [item] = read.items;
    expect(item.classifications).toEqual([
      { type: 'unspsc', system: 'UNSPSC_V13.0', code: '44121615', version: '13.0' },
      { type: 'eclass', system: 'ECLASS_9.0', code: '24320103', version: '9.0' },
      { type: 'other', system: 'ACME', code: 'BUE-12', version: null },
      { type: 'other', system: 'CIF Parametric Name', code: 'STAPLERS', version: null },
    ]);
    expect(item.prices[0]).toMatchObject({ validFrom: '2026-01-01', validTo: '2026-12-31T23:59:59' });
    expect(item.media).toEqual([
      { url: 'https://shop.example.com/os-100', purpose: 'product_page', mimeType: null, description: {} },
    ]);
    expect(read.warnings.map((w) => w.message)).toEqual([
      'part OS-100: Manufacturer URL "ftp://files.example.com/5502.pdf" is not an http(s) URL; left out',
    ]);
  });

  it('reads a decimal comma, and refuses a number that could be a thousands separator', async () => {
    const read = await readOne(
      cif([
        row({ 'Unit Price': '"8,95"' }),
        row({ 'Supplier Part ID': 'OS-101', 'Unit Price': '"1,250"' }),
        row({ 'Supplier Part ID': 'OS-102', 'Unit Price': '"1.250,00"' }),
      ]),
    );
    expect(read.items.map((i) => i.prices[0].amount)).toEqual(['8.95']);
    expect(read.rejected).toEqual([
      { line: 12, item: 'OS-101', reason: 'Unit Price "1,250" is not a price' },
      { line: 13, item: 'OS-102', reason: 'Unit Price "1.250,00" is not a price' },
    ]);
  });

  it('makes Delete a delete in an incremental load, and leaves the part out of a full load with a warning', async () => {
    const rows = [row({ Delete: 'T' }), row({ 'Supplier Part ID': 'OS-101' })];
    const incremental = await readOne(cif(rows, { LOADMODE: 'I' }));
    expect(incremental.headers[0].transaction).toBe('incremental');
    expect(incremental.items.map((i) => [i.action, i.supplierPartId])).toEqual([
      ['delete', 'OS-100'],
      ['upsert', 'OS-101'],
    ]);
    const full = await readOne(cif(rows));
    expect(full.items.map((i) => [i.action, i.supplierPartId])).toEqual([['upsert', 'OS-101']]);
    expect(full.warnings.map((w) => w.kind)).toEqual(['full-catalog-delete']);
  });

  it('reads a file without LOADMODE as incremental, with a warning', async () => {
    const read = await readOne(cif([row()], { LOADMODE: null }));
    expect(read.headers[0].transaction).toBe('incremental');
    expect(read.warnings.map((w) => w.message)).toEqual([
      'no LOADMODE: read as an incremental load (nothing is withdrawn)',
    ]);
  });

  it('marks a PunchOut Enabled part punchoutOnly, with or without a price', async () => {
    const read = await readOne(
      cif([row({ 'PunchOut Enabled': 'TRUE', 'Unit Price': '', 'Unit of Measure': '' })]),
    );
    expect(read.items).toEqual([
      expect.objectContaining({ supplierPartId: 'OS-100', punchoutOnly: true, prices: [] }),
    ]);
  });

  it.each([
    ['no Unit Price', { 'Unit Price': '' }, 'no Unit Price'],
    ['no Unit of Measure', { 'Unit of Measure': '' }, 'no Unit of Measure'],
    [
      'an unreadable Expiration Date',
      { 'Expiration Date': '31.12.2026' },
      'Expiration Date "31.12.2026" is not a date',
    ],
    [
      'another supplier',
      { 'Supplier ID': '999' },
      "the row is of supplier 999; the file's first row is of 315638221",
    ],
  ])('refuses a row with %s and reads on', async (_, values, reason) => {
    const read = await readOne(
      cif([row({ 'Supplier Part ID': 'OS-099' }), row(values), row({ 'Supplier Part ID': 'OS-101' })]),
    );
    expect(read.rejected).toEqual([{ line: 12, item: 'OS-100', reason }]);
    expect(read.items.map((i) => i.supplierPartId)).toEqual(['OS-099', 'OS-101']);
  });

  it('warns when ITEMCOUNT disagrees with the rows, about unknown columns, and about content after ENDOFDATA', async () => {
    const text = cif([row()], { ITEMCOUNT: '5', FIELDNAMES: `${FIELDNAMES},Colour Swatch` }).replace(
      'ENDOFDATA\r\n',
      'ENDOFDATA\r\nstray,row\r\n',
    );
    const read = await readOne(text.replace(/(\r\n)(315638221[^\r]*)/, '$1$2,red'));
    expect(read.items).toHaveLength(1);
    expect(read.warnings.map((w) => [w.kind, w.message])).toEqual([
      ['cif-column', 'column "Colour Swatch" is not a CIF 3.0 column; not read'],
      ['cif-after-endofdata', 'content after ENDOFDATA is ignored'],
      ['cif-itemcount', 'ITEMCOUNT says 5 rows; the file has 1'],
    ]);
  });

  it('keeps quoted line breaks, doubled quotes and U+2028 inside a field', async () => {
    const read = await readOne(
      cif([
        row({ 'Item Description': '"Ordner ""Standard""\nA4, 8 cm\u2028Rücken"' }),
        row({ 'Supplier Part ID': 'OS-101' }),
      ]),
    );
    expect(read.items[0].description).toEqual({ de: 'Ordner "Standard"\nA4, 8 cm\u2028Rücken' });
    expect(read.items.map((i) => i.line)).toEqual([11, 13]);
  });

  describe('encodings', () => {
    const latin = (text: string) => Buffer.from(text.replace(/€/g, '\u0080'), 'latin1');

    it('reads CHARSET 8859_1 as Windows-1252 (ä, €)', async () => {
      const read = await readOne(
        latin(cif([row({ 'Item Description': '"Heftgerät, 5 € günstiger"' })], { CHARSET: '8859_1' })),
      );
      expect(read.items[0].description).toEqual({ de: 'Heftgerät, 5 € günstiger' });
      expect(read.warnings).toEqual([]);
    });

    it('lets a UTF-8 byte-order mark win over CHARSET 8859_1, with a warning', async () => {
      const text = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(cif([row()], { CHARSET: '8859_1' })),
      ]);
      const read = await readOne(text);
      expect(read.items[0].description).toEqual({ de: 'Heftgerät NeXXt 5502, 30 Blatt, schwarz' });
      expect(read.warnings).toEqual([
        {
          kind: 'charset-mismatch',
          message: 'the file declares 8859_1 but starts with a byte-order mark of utf-8: read as utf-8',
          line: 1,
        },
      ]);
    });

    it('refuses Latin-1 bytes in a file that declares UTF-8, with the line', async () => {
      const bytes = latin(
        cif([row(), row({ 'Supplier Part ID': 'OS-101', 'Item Description': '"Locher, 5 € günstiger"' })]),
      );
      expect((await readCatalog(reader, bytes)).error?.message).toBe(
        'line 11: the file is not valid UTF-8: save it as UTF-8 or declare its character set',
      );
    });

    it('reads UTF-16 LE with its mark, fed one byte at a time', async () => {
      const text = Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(cif([row()], { CHARSET: 'UTF-16' }), 'utf16le'),
      ]);
      const read = await readOne(text, 1);
      expect(read.items[0].name).toEqual({ de: 'Heftgerät NeXXt 5502, 30 Blatt, schwarz' });
    });
  });

  it('reads at most 100 consecutive rows of one part into its item, with a warning', async () => {
    const rows = Array.from({ length: 150 }, () => row());
    const read = await readOne(cif([...rows, row({ 'Supplier Part ID': 'OS-101' })], { ITEMCOUNT: '151' }));
    expect(read.items.map((i) => i.supplierPartId)).toEqual(['OS-100', 'OS-101']);
    expect(read.warnings.map((w) => [w.kind, w.message, w.line])).toEqual([
      ['cif-part-rows', 'part OS-100: more than 100 consecutive rows; the rest are not read', 111],
    ]);
  });

  describe('files it refuses (nothing is imported)', () => {
    const refusal = async (text: string) => (await readCatalog(reader, text)).error?.message;

    it.each([
      [
        'no ENDOFDATA (truncated)',
        cif([row()]).replace('ENDOFDATA\r\n', ''),
        'no ENDOFDATA line: the file is truncated',
      ],
      [
        'a quote left open (truncated inside a row)',
        cif([row()]).replace(/ENDOFDATA\r\n$/, '315638221,OS-101,X,"Ordner'),
        'line 12: a quoted field is not closed by the end of the file: the file is truncated or malformed',
      ],
      ['no DATA line', 'CIF_I_V3.0\r\nLOADMODE: F\r\n', 'no DATA line: the file is truncated'],
      [
        'CIF 2.1',
        cif([row()]).replace('CIF_I_V3.0', 'CIF_I_V2.1'),
        'line 1: CIF version 2.1 is not supported: only CIF 3.0 is',
      ],
      [
        'a LOADMODE other than F or I',
        cif([row()], { LOADMODE: 'X' }),
        'line 3: LOADMODE "X" is neither F nor I',
      ],
      [
        'FIELDNAMES without Supplier Part ID',
        cif([row()], { FIELDNAMES: 'Supplier ID,Unit Price' }),
        'line 9: FIELDNAMES has no Supplier Part ID column',
      ],
      [
        'a file that is not CIF',
        'productCode,name\nA-1,Stapler\n',
        'line 1: not a CIF file: the first line must be CIF_I_V3.0',
      ],
    ])('%s', async (_, text, message) => {
      expect(await refusal(text)).toBe(message);
    });
  });

  it('reads the same items whatever the chunk boundaries', async () => {
    const text = cif([
      row(),
      row({ Language: 'en_US', 'Item Description': '"Stapler"' }),
      row({ 'Supplier Part ID': 'OS-101' }),
    ]);
    expect(await readOne(text, 7)).toEqual(await readOne(text));
  });
});

describe('CIF field syntax', () => {
  it('reads {KEY=value;...} lists, quoted or not, with or without braces', () => {
    expect(cifPairs('{TYPE="IBM PC";SPEED="33 MHZ";}')).toEqual([
      ['TYPE', 'IBM PC'],
      ['SPEED', '33 MHZ'],
    ]);
    expect(cifPairs(' {ACME=8BE100}')).toEqual([['ACME', '8BE100']]);
    expect(cifPairs('UNSPSC=43171803; custom = 12 ')).toEqual([
      ['UNSPSC', '43171803'],
      ['custom', '12'],
    ]);
    expect(cifPairs('{NOTE="a ""quoted"" word; and more"}')).toEqual([['NOTE', 'a "quoted" word; and more']]);
    expect(cifPairs('just text')).toBeNull();
  });

  it('reads dates and date-times, and nothing that is not one', () => {
    expect(
      ['2000-12-01', '2002-3-12 15:19:55', '2026-02-05T09:46:33+00:00', '2026-02-30', '12/01/2000'].map(
        cifDate,
      ),
    ).toEqual(['2000-12-01', '2002-03-12T15:19:55', '2026-02-05T09:46:33+00:00', null, null]);
  });
});
