import {
  catalogSample,
  describeWithCatalogSamples,
  readCatalog,
} from '../../../../test/support/catalog-samples';
import type { SupplierItem } from '../supplier-item';
import { CifReader } from './cif.reader';

const reader = new CifReader();

/** What every row of these samples has in common: one net Unit Price, UNSPSC, no language of their own (English). */
function expected(
  part: Partial<SupplierItem> & { line: number; supplierPartId: string; amount: string; description: string },
) {
  const { amount, description, ...rest } = part;
  return {
    action: 'upsert',
    supplierPartAuxiliaryId: null,
    gtin: null,
    manufacturerTypeDescription: null,
    description: { en: description },
    keywords: [],
    features: [],
    prices: [
      {
        amount,
        currency: 'USD',
        includesVat: false,
        vatRate: null,
        lowerBound: '1',
        validFrom: null,
        validTo: null,
        sourceType: 'Unit Price',
      },
    ],
    ordering: {
      orderUnit: 'EA',
      contentUnit: null,
      contentPerOrderUnit: null,
      priceQuantity: '1',
      quantityMin: null,
      quantityInterval: null,
    },
    statuses: [],
    specialTreatment: [],
    punchoutOnly: false,
    ...rest,
  };
}

describeWithCatalogSamples('CIF reader', () => {
  it('reads altf4 Catalog1 (FIELDNAMES with 23 columns, CHARSET 8859_1, LOADMODE F)', async () => {
    const read = await readCatalog(reader, catalogSample('cif/altf4-Catalog1.cif'));
    expect(read.error).toBeNull();
    expect(read.headers).toEqual([
      {
        format: 'cif',
        formatVersion: '3.0',
        transaction: 'full',
        defaultLanguage: 'en',
        defaultCurrency: 'USD',
        supplierIds: [{ type: 'DUNS', value: '195575006' }],
        supplierName: null,
        catalogId: null,
        catalogVersion: null,
        declaredItemCount: 4,
      },
    ]);
    expect(read.order[0]).toBe('header');
    const safe =
      'CS-2820E CORPORATE SAFE CASH CONTROL PLUS SAFE, MODEL CS-282OE DOUBLE COMPARTMENT DEPOSITORY SAFE WITH THREE COLOR CODED CASH DROPS, KEY PAD ON BOTTOM DOOR ONLY';
    expect(read.items[0]).toEqual(
      expected({
        line: 13,
        supplierPartId: 'CS2820E',
        manufacturerPartId: 'CS2820E',
        manufacturerName: 'CORPORATE SAFE',
        description: safe,
        name: {
          en: 'CS-2820E CORPORATE SAFE CASH CONTROL PLUS SAFE, MODEL CS-282OE DOUBLE COMPARTMENT DEPOSITORY SAFE WITH THREE COLOR…',
        },
        amount: '752',
        classifications: [{ type: 'unspsc', system: 'UNSPSC', code: '46000000', version: null }],
        media: [],
        deliveryDays: 0,
      }),
    );
    expect(read.items.map((i) => [i.line, i.supplierPartId, i.prices[0].amount, i.name.en])).toEqual([
      [13, 'CS2820E', '752', expect.any(String)],
      [14, 'CS2820EE', '845', expect.any(String)],
      [15, 'MB2014', '394', 'MB-2014 SINGLE DOOR DEPOSITORY SAFE W/ELECTRONIC LOCK'],
      [16, 'PAD', '0', 'KEY PAD TIME DELAY LOCK(PER DOOR)'],
    ]);
    expect(read.warnings).toEqual([{ kind: 'price-zero', message: 'part PAD: Unit Price is 0', line: 16 }]);
    expect(read.rejected).toEqual([]);
  });

  it('reads altf4 Catalog2: doubled quotes inside quoted descriptions, eight parts', async () => {
    const read = await readCatalog(reader, catalogSample('cif/altf4-Catalog2.cif'));
    expect(read.error).toBeNull();
    expect(read.headers[0]).toMatchObject({
      supplierIds: [{ type: 'DUNS', value: '058997255' }],
      declaredItemCount: 8,
    });
    expect(read.items).toHaveLength(8);
    expect(read.items[0]).toEqual(
      expected({
        line: 13,
        supplierPartId: 'FLT93B-AA00',
        manufacturerPartId: 'FLT93B-AA00',
        manufacturerName: 'SupplyCo Intl',
        description: 'THERMAL FLOW SWITCH, 1.2" U LENGTH',
        name: { en: 'THERMAL FLOW SWITCH, 1.2" U LENGTH' },
        amount: '695',
        classifications: [{ type: 'unspsc', system: 'UNSPSC', code: '41110000', version: null }],
        media: [],
        deliveryDays: 0,
      }),
    );
    expect(read.items.map((i) => i.manufacturerName)).toEqual([
      ...Array(6).fill('SupplyCo Intl'),
      'Fluid Components Intl',
      'Fluid Components Intl',
    ]);
    expect(read.warnings).toEqual([]);
  });

  it('reads altf4 Using12RequiredFields: a UTF-8 byte-order mark, no FIELDNAMES (the standard twelve), URLs', async () => {
    const read = await readCatalog(reader, catalogSample('cif/altf4-Using12RequiredFields.cif'));
    expect(read.error).toBeNull();
    expect(read.headers[0]).toMatchObject({
      transaction: 'full',
      defaultCurrency: 'USD',
      supplierIds: [{ type: 'DUNS', value: '942888710' }],
      declaredItemCount: 3,
    });
    expect(read.items).toEqual([
      expected({
        line: 9,
        supplierPartId: '34A11',
        manufacturerPartId: 'C11',
        manufacturerName: 'Fast MFG',
        description: 'Eames Chair, Black Leather',
        name: { en: 'Eames Chair, Black Leather' },
        amount: '400',
        classifications: [{ type: 'unspsc', system: 'UNSPSC', code: '11116767', version: null }],
        media: [
          { url: 'http://www.acme.com/34A11.htm', purpose: 'product_page', mimeType: null, description: {} },
          {
            url: 'http://www.mfg.com/C11/indepth.htm',
            purpose: 'manufacturer_page',
            mimeType: null,
            description: {},
          },
        ],
        deliveryDays: 3,
      }),
      expect.objectContaining({
        line: 10,
        supplierPartId: '56A12',
        prices: [expect.objectContaining({ amount: '100' })],
      }),
      expect.objectContaining({
        line: 11,
        supplierPartId: '78A13',
        prices: [expect.objectContaining({ amount: '25.95' })],
      }),
    ]);
    expect(read.warnings).toEqual([]);
  });
});
