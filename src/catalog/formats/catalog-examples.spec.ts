import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  describeWithBmecatSchemas,
  readCatalog,
  validateAgainstBmecatSchema,
} from '../../../test/support/catalog-samples';
import { describeWithCxmlDtd, expectValidCxml } from '../../../test/support/cxml-dtd';
import { BmecatReader } from './bmecat/bmecat.reader';
import { CifReader } from './cif/cif.reader';
import { CxmlIndexReader } from './cxml-index/cxml-index.reader';
import { detectCatalogFormat } from './catalog-format.detector';

/** The project's own example catalogs (docs/examples), as a catalog manager would try them first. */
const examples = join(__dirname, '..', '..', '..', 'docs', 'examples');
const BMECAT = join(examples, 'bmecat-2005-office-supplies.xml');
const CIF = join(examples, 'cif-3.0-office-supplies.cif');
const CXML_INDEX = join(examples, 'cxml-index-office-supplies.xml');

async function readClean(reader: BmecatReader | CifReader | CxmlIndexReader, file: string) {
  const read = await readCatalog(reader, readFileSync(file));
  expect(read.error).toBeNull();
  expect(read.rejected).toEqual([]);
  expect(read.warnings).toEqual([]);
  return read;
}

describe('example catalogs in docs/examples', () => {
  it('are recognized by their content', () => {
    expect([BMECAT, CIF, CXML_INDEX].map((file) => detectCatalogFormat(readFileSync(file)))).toEqual([
      'bmecat',
      'cif',
      'cxml-index',
    ]);
  });

  it('BMEcat 2005: German and English texts, eCl@ss features, tiers for a period, a gross-priced item, pictures under MIME_ROOT', async () => {
    const read = await readClean(new BmecatReader(), BMECAT);
    expect(read.headers[0]).toMatchObject({
      formatVersion: '2005.1',
      transaction: 'full',
      defaultLanguage: 'de',
      defaultCurrency: 'EUR',
      supplierIds: [{ type: 'duns', value: '315638221' }],
      supplierName: 'Schreibwaren Schmidt GmbH',
      catalogId: 'SCHMIDT-BUERO',
      catalogVersion: '26.4',
    });
    expect(read.items.map((i) => i.supplierPartId)).toEqual([
      'SCH-10045',
      'SCH-20310',
      'SCH-41877',
      'SCH-55120',
    ]);
    const [paper, pens, , strip] = read.items;
    expect(paper).toMatchObject({
      gtin: '4006381333931',
      name: {
        de: 'Kopierpapier A4, 80 g/m², weiß, 500 Blatt',
        en: 'Copy paper A4, 80 g/m², white, 500 sheets',
      },
      classifications: [{ type: 'eclass', system: 'ECLASS-9.0', code: '24320101', version: '9.0' }],
      ordering: {
        orderUnit: 'PK',
        contentUnit: 'C62',
        contentPerOrderUnit: '500',
        priceQuantity: '1',
        quantityMin: '5',
        quantityInterval: '5',
      },
      keywords: ['Druckerpapier', 'printer paper'],
    });
    expect(paper.features[2]).toEqual({
      name: { de: 'Farbe', en: 'Colour' },
      values: [{ de: 'weiß', en: 'white' }],
      unit: null,
    });
    expect(paper.prices.map((p) => [p.lowerBound, p.amount, p.sourceType, p.validFrom, p.validTo])).toEqual([
      ['5', '4.89', 'net_customer', '2026-01-01', '2026-12-31'],
      ['50', '4.49', 'net_customer', '2026-01-01', '2026-12-31'],
      ['250', '4.19', 'net_customer', '2026-01-01', '2026-12-31'],
    ]);
    expect(paper.media.map((m) => [m.purpose, m.url])).toEqual([
      ['normal', 'https://media.schreibwaren-schmidt.example/katalog/bilder/sch-10045.jpg'],
      ['thumbnail', 'https://media.schreibwaren-schmidt.example/katalog/bilder/klein/sch-10045.jpg'],
      ['data_sheet', 'https://media.schreibwaren-schmidt.example/katalog/datenblaetter/sch-10045.pdf'],
    ]);
    expect(pens.ordering).toMatchObject({ orderUnit: 'PK', contentPerOrderUnit: '10' });
    expect(strip.prices).toEqual([
      {
        amount: '23.8',
        currency: 'EUR',
        includesVat: true,
        vatRate: '19',
        lowerBound: '1',
        validFrom: null,
        validTo: null,
        sourceType: 'nrp',
      },
    ]);
    expect(strip.media[0]).toEqual({
      url: 'https://cdn.brennenstuhl.example/produkte/sl6-3w.jpg',
      purpose: 'normal',
      mimeType: 'image/jpeg',
      description: {
        de: 'Weiße Steckdosenleiste mit sechs Steckdosen',
        en: 'White power strip with six sockets',
      },
    });
  });

  it('CIF 3.0: language rows made one item, parametric data, a decimal comma, a punchout item', async () => {
    const read = await readClean(new CifReader(), CIF);
    expect(read.headers[0]).toMatchObject({
      transaction: 'full',
      supplierIds: [{ type: 'DUNS', value: '481516234' }],
      declaredItemCount: 9,
    });
    expect(
      read.items.map((i) => [
        i.supplierPartId,
        i.supplierPartAuxiliaryId,
        i.prices[0]?.amount ?? null,
        i.punchoutOnly,
      ]),
    ).toEqual([
      ['BVN-1001', null, '8.95', false],
      ['BVN-1002', null, '2.49', false],
      ['BVN-2040', null, '89.9', false],
      ['BVN-3310', null, '17.5', false],
      ['BVN-4100', 'KARTON-5', '21.45', false],
      ['BVN-9000', null, null, true],
    ]);
    expect(read.items[0]).toMatchObject({
      name: { de: 'Heftgerät NeXXt 5502', en: 'Stapler NeXXt 5502' },
      features: [
        { name: { de: 'FARBE', en: 'FARBE' }, values: [{ de: 'schwarz', en: 'black' }], unit: null },
        {
          name: { de: 'HEFTLEISTUNG', en: 'HEFTLEISTUNG' },
          values: [{ de: '30 Blatt', en: '30 sheets' }],
          unit: null,
        },
      ],
      classifications: [
        { type: 'unspsc', system: 'UNSPSC_V13.0', code: '44121615', version: '13.0' },
        { type: 'eclass', system: 'ECLASS_9.0', code: '24290104', version: '9.0' },
        { type: 'other', system: 'CIF Parametric Name', code: 'HEFTGERAETE', version: null },
      ],
      prices: [{ validFrom: '2026-01-01', validTo: '2026-12-31' }],
    });
  });

  it('cXML Index: ShortNames, an attachment picture, characteristics, an auxiliary id', async () => {
    const read = await readClean(new CxmlIndexReader(), CXML_INDEX);
    expect(read.headers[0]).toMatchObject({
      formatVersion: '1.2.063',
      transaction: 'full',
      supplierIds: [{ type: 'DUNS', value: '481516234' }],
    });
    expect(
      read.items.map((i) => [i.supplierPartId, i.supplierPartAuxiliaryId, i.name.de, i.ordering.orderUnit]),
    ).toEqual([
      ['BVN-1001', null, 'Heftgerät NeXXt 5502', 'EA'],
      ['BVN-4100', 'KARTON-5', 'Kopierpapier A4, 80 g/m², weiß, Karton mit 5 Paketen zu 500 Blatt', 'BX'],
    ]);
    expect(read.items[0].media.map((m) => [m.purpose, m.url])).toEqual([
      ['product_page', 'https://www.bueroversand-nord.example/artikel/bvn-1001'],
      ['normal', 'https://media.bueroversand-nord.example/bvn-1001.jpg'],
    ]);
    expect(read.items[1].features.map((f) => [f.name.de, f.values[0].de])).toEqual([
      ['size', 'A4'],
      ['color', 'white'],
    ]);
  });
});

describeWithBmecatSchemas('the BMEcat example', () => {
  it("is valid against the BME's BMEcat 2005.1 schema", () => {
    expect(validateAgainstBmecatSchema(BMECAT, 'bmecat_2005_1.xsd')).toEqual({ valid: true, messages: '' });
  });
});

describeWithCxmlDtd('the cXML Index example', () => {
  it('is valid against the cXML 1.2.063 DTD', () => {
    expectValidCxml(readFileSync(CXML_INDEX, 'utf8'));
  });
});
