import {
  catalogSample,
  describeWithCatalogSamples,
  readCatalog,
} from '../../../../test/support/catalog-samples';
import { readXmlStream } from '../../../common/xml/xml-stream';
import { CatalogWarnings } from '../catalog-warnings';
import type { SupplierItem } from '../supplier-item';
import { bmecatFeatures } from './bmecat-features';
import { BmecatReader } from './bmecat.reader';

const reader = new BmecatReader();

/** The notebook every olivere sample describes, as BMEcat 2005 writes it. */
const NOTEBOOK: Omit<SupplierItem, 'line' | 'statuses'> = {
  action: 'upsert',
  supplierPartId: '1000',
  supplierPartAuxiliaryId: null,
  // The samples' EAN 8712670911213 has a wrong check digit (…1 is right): kept out of matching, with a warning.
  gtin: null,
  manufacturerName: 'Microsoft',
  manufacturerPartId: 'MPN',
  manufacturerTypeDescription: null,
  name: { de: 'Apple MacBook Pro 13"' },
  description: { de: 'Das Kraftpaket unter den Notebooks.' },
  keywords: ['Notebook', 'Hardware'],
  classifications: [
    { type: 'eclass', system: 'ECLASS-5.1', code: '19010203', version: '5.1' },
    { type: 'other', system: 'udf_Supplier-1.0', code: '5', version: '1.0' },
  ],
  features: [{ name: { de: 'Netzspannung' }, values: [{ de: '110' }, { de: '220' }], unit: 'VLT' }],
  prices: [
    {
      amount: '1499.5',
      currency: 'EUR',
      includesVat: false,
      vatRate: '19',
      lowerBound: '1',
      validFrom: '2001-01-01T00:00:00Z',
      validTo: '2001-07-31T00:00:00Z',
      sourceType: 'net_customer',
    },
    {
      amount: '1300.9',
      currency: 'EUR',
      includesVat: false,
      vatRate: '19',
      lowerBound: '100',
      validFrom: '2001-01-01T00:00:00Z',
      validTo: '2001-07-31T00:00:00Z',
      sourceType: 'net_customer',
    },
  ],
  ordering: {
    orderUnit: 'BOX',
    contentUnit: 'PCE',
    contentPerOrderUnit: '6',
    priceQuantity: '1',
    quantityMin: '1',
    quantityInterval: null,
  },
  media: [
    {
      url: 'https://example.com/images/55-K-31.jpg',
      purpose: 'normal',
      mimeType: 'image/jpeg',
      description: { de: 'Frontansicht des Notebooks' },
    },
  ],
  deliveryDays: 2,
  specialTreatment: ['GGVS: 1201'],
  punchoutOnly: false,
};

const WRONG_CHECK_DIGIT = (line: number) => ({
  kind: 'gtin-invalid',
  message: 'product 1000: GTIN 8712670911213 has a wrong check digit; not used to match products',
  line,
});

const SUPPLYCO_HEADER = {
  format: 'bmecat',
  defaultLanguage: 'de',
  defaultCurrency: 'EUR',
  supplierIds: [{ type: 'supplier', value: 'SUPPLYCO' }],
  supplierName: 'SupplyCo Ltd.',
  catalogId: 'CAT1',
  catalogVersion: '1.0',
  declaredItemCount: null,
};

describeWithCatalogSamples('BMEcat reader', () => {
  it('reads BMEcat 2005 T_NEW_CATALOG (olivere): header, then the product with every field, DOCTYPE SYSTEM ignored', async () => {
    const read = await readCatalog(reader, catalogSample('bmecat/2005/olivere-new_catalog.xml'));
    expect(read.error).toBeNull();
    expect(read.order).toEqual(['header', 'warning', 'item']);
    expect(read.headers).toEqual([{ ...SUPPLYCO_HEADER, formatVersion: '2005', transaction: 'full' }]);
    expect(read.items).toEqual([{ ...NOTEBOOK, line: 90, statuses: ['core_product'] }]);
    expect(read.rejected).toEqual([]);
    expect(read.warnings).toEqual([WRONG_CHECK_DIGIT(90)]);
  });

  it('reads BMEcat 1.2 T_NEW_CATALOG (ARTICLE, SUPPLIER_AID, EAN, ARTICLE_*) into the same item', async () => {
    const read = await readCatalog(reader, catalogSample('bmecat/1.2/olivere-new_catalog.xml'));
    expect(read.error).toBeNull();
    expect(read.headers).toEqual([{ ...SUPPLYCO_HEADER, formatVersion: '1.2', transaction: 'full' }]);
    expect(read.items).toEqual([{ ...NOTEBOOK, line: 90, statuses: ['core_article'] }]);
    expect(read.warnings).toEqual([WRONG_CHECK_DIGIT(90)]);
  });

  it('reads BMEcat 1.2 T_UPDATE_PRODUCTS: mode="update" as an upsert, mode="delete" as a delete', async () => {
    const read = await readCatalog(reader, catalogSample('bmecat/1.2/olivere-update_products.xml'));
    expect(read.error).toBeNull();
    expect(read.headers[0]).toMatchObject({ formatVersion: '1.2', transaction: 'incremental' });
    expect(read.items.map((item) => [item.action, item.supplierPartId, item.line])).toEqual([
      ['upsert', '1000', 60],
      ['delete', '2000', 140],
    ]);
    expect(read.items[0]).toEqual({ ...NOTEBOOK, line: 60, statuses: ['core_article'] });
    expect(read.items[1]).toMatchObject({ prices: [], name: {}, features: [] });
  });

  it('reads BMEcat 1.2 T_UPDATE_PRICES: only the prices', async () => {
    const read = await readCatalog(reader, catalogSample('bmecat/1.2/olivere-update_prices.xml'));
    expect(read.error).toBeNull();
    expect(read.headers[0]).toMatchObject({ formatVersion: '1.2', transaction: 'prices' });
    expect(read.items).toHaveLength(1);
    expect(read.items[0]).toMatchObject({
      action: 'prices',
      supplierPartId: '1000',
      line: 60,
      prices: NOTEBOOK.prices,
    });
  });

  it('reads the minimal BMEcat 2005.1 document (Naugrimm): CDATA header values, an empty catalog', async () => {
    const read = await readCatalog(
      reader,
      catalogSample('bmecat/2005/naugrimm-minimal_valid_document_2005.1.xml'),
    );
    expect(read.error).toBeNull();
    expect(read.headers).toEqual([
      {
        format: 'bmecat',
        formatVersion: '2005.1',
        transaction: 'full',
        defaultLanguage: 'de',
        defaultCurrency: null,
        supplierIds: [],
        supplierName: 'TestSupplier',
        catalogId: 'MY_CATALOG',
        catalogVersion: '00.01',
        declaredItemCount: null,
      },
    ]);
    expect(read.items).toEqual([]);
  });

  it('refuses the PRODUCT_FEATURES fragment (Naugrimm) as a file, and reads its feature as part of a product', async () => {
    const fragment = catalogSample('bmecat/2005/naugrimm-product_features.xml');
    const read = await readCatalog(reader, fragment);
    expect(read.error?.message).toBe(
      'line 2, column 19: not a BMEcat document: the root element is <PRODUCT_FEATURES>, not <BMECAT>',
    );

    async function* text() {
      yield fragment.toString('utf8');
    }
    const records = [];
    for await (const event of readXmlStream(text(), () => 'record')) records.push(event);
    const [record] = records;
    if (record.type !== 'record') throw new Error('no record');
    const product = { name: 'PRODUCT', attributes: {}, children: [record.element] };
    const context = {
      transaction: 'full' as const,
      defaultLanguage: 'en' as const,
      defaultLanguageCode: 'eng',
      defaultCurrency: null,
      mimeRoot: null,
      classificationSystems: new Map(),
      warnings: new CatalogWarnings(),
    };
    expect(bmecatFeatures(product, context, 1)).toEqual({
      classifications: [],
      features: [{ name: { en: 'Feature name' }, values: [{ en: 'Feature value' }], unit: null }],
    });
  });
});
