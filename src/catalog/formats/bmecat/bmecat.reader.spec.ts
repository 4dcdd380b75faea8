import { readCatalog } from '../../../../test/support/catalog-samples';
import { BmecatReader } from './bmecat.reader';

const reader = new BmecatReader();

interface DocumentOptions {
  namespace?: string | null;
  version?: string;
  transaction?: string;
  transactionAttributes?: string;
  language?: string;
  extraHeader?: string;
  catalogExtra?: string;
  beforeProducts?: string;
  prolog?: string;
}

/** A BMEcat 2005 document around `products` (the header: German, EUR, a MIME_ROOT). */
function bmecat(products: string, options: DocumentOptions = {}): string {
  const namespace = options.namespace === undefined ? 'http://www.bmecat.org/bmecat/2005' : options.namespace;
  const transaction = options.transaction ?? 'T_NEW_CATALOG';
  return `<?xml version="1.0" encoding="UTF-8"?>
${options.prolog ?? ''}<BMECAT${namespace === null ? '' : ` xmlns="${namespace}"`} version="${options.version ?? '2005'}">
  <HEADER>
    <CATALOG>
      <LANGUAGE>${options.language ?? 'deu'}</LANGUAGE>
      <CATALOG_ID>BUERO-2026</CATALOG_ID>
      <CATALOG_VERSION>3.1</CATALOG_VERSION>
      <CURRENCY>EUR</CURRENCY>
      <MIME_ROOT>https://media.example.com/catalog/</MIME_ROOT>${options.catalogExtra ?? ''}
    </CATALOG>
    <SUPPLIER>
      <SUPPLIER_ID type="duns">123456789</SUPPLIER_ID>
      <SUPPLIER_NAME>Bürobedarf Schmidt GmbH</SUPPLIER_NAME>
    </SUPPLIER>${options.extraHeader ?? ''}
  </HEADER>
  <${transaction}${options.transactionAttributes ?? ''}>${options.beforeProducts ?? ''}
${products}
  </${transaction}>
</BMECAT>
`;
}

const PRICE = `<PRODUCT_PRICE_DETAILS><PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>4.20</PRICE_AMOUNT><TAX>0.19</TAX></PRODUCT_PRICE></PRODUCT_PRICE_DETAILS>`;
const ORDER = `<PRODUCT_ORDER_DETAILS><ORDER_UNIT>C62</ORDER_UNIT><CONTENT_UNIT>C62</CONTENT_UNIT><NO_CU_PER_OU>1</NO_CU_PER_OU></PRODUCT_ORDER_DETAILS>`;

/** A product with a short description, a unit and a price, and `more` elements in their schema places. */
function product(
  id: string,
  more: {
    details?: string;
    features?: string;
    order?: string;
    prices?: string;
    mime?: string;
    attributes?: string;
  } = {},
): string {
  return `    <PRODUCT${more.attributes ?? ''}>
      <SUPPLIER_PID>${id}</SUPPLIER_PID>
      <PRODUCT_DETAILS><DESCRIPTION_SHORT>Heftgerät ${id}</DESCRIPTION_SHORT>${more.details ?? ''}</PRODUCT_DETAILS>
      ${more.features ?? ''}${more.order ?? ORDER}${more.prices ?? PRICE}${more.mime ?? ''}
    </PRODUCT>`;
}

async function readOne(document: string, chunkSize?: number) {
  const read = await readCatalog(reader, document, chunkSize);
  if (read.error) throw read.error;
  return read;
}

describe('BMEcat reader', () => {
  describe('namespaces and versions', () => {
    const variants: Array<[string, string | null, string]> = [
      ['2005', 'http://www.bmecat.org/bmecat/2005', '2005'],
      ['2005fd', 'http://www.bmecat.org/bmecat/2005fd', '2005'],
      ['2005.1', 'http://www.bmecat.org/bmecat/2005.1', '2005.1'],
      ['2005.2', 'http://www.bmecat.org/bmecat/2005.2', '2005.2'],
      ['another suffix', 'http://www.bmecat.org/bmecat/2005.2-draft', '2005'],
      ['no namespace', null, '2005'],
    ];
    it.each(variants)('reads namespace variant %s', async (_, namespace, version) => {
      const read = await readOne(bmecat(product('HG-1'), { namespace, version }));
      expect(read.headers[0]).toMatchObject({
        formatVersion: version,
        transaction: 'full',
        catalogId: 'BUERO-2026',
      });
      expect(read.items.map((i) => [i.supplierPartId, i.name, i.prices[0].amount])).toEqual([
        ['HG-1', { de: 'Heftgerät HG-1' }, '4.2'],
      ]);
    });

    it('reads a prefixed namespace and takes the version from the namespace when the attribute is missing', async () => {
      const document = bmecat(product('HG-1'))
        .replace(
          '<BMECAT xmlns="http://www.bmecat.org/bmecat/2005" version="2005">',
          '<bme:BMECAT xmlns:bme="http://www.bmecat.org/bmecat/2005.1">',
        )
        .replace('</BMECAT>', '</bme:BMECAT>');
      const read = await readOne(document);
      expect(read.headers[0].formatVersion).toBeNull();
      expect(read.items).toHaveLength(1);
      const unprefixed = bmecat(product('HG-1'), {
        namespace: 'http://www.bmecat.org/bmecat/2005.1',
      }).replace(' version="2005"', '');
      expect((await readOne(unprefixed)).headers[0].formatVersion).toBe('2005.1');
    });
  });

  describe('texts in languages', () => {
    it('reads DESCRIPTION_SHORT/LONG per lang, the header LANGUAGE for texts without one, and drops other languages with one warning', async () => {
      const details = `<DESCRIPTION_SHORT lang="eng">Stapler</DESCRIPTION_SHORT><DESCRIPTION_SHORT lang="fra">Agrafeuse</DESCRIPTION_SHORT>
        <DESCRIPTION_LONG lang="ger">Für 25 Blatt.&lt;br&gt;Mit &lt;b&gt;Heftklammerentferner&lt;/b&gt;.</DESCRIPTION_LONG>
        <DESCRIPTION_LONG lang="eng"><![CDATA[<p>For 25 sheets.</p><p>With a staple remover &amp; 1,000 staples.</p>]]></DESCRIPTION_LONG>
        <DESCRIPTION_LONG lang="fra">Pour 25 feuilles.</DESCRIPTION_LONG>`;
      const read = await readOne(
        bmecat([product('HG-1', { details }), product('HG-2', { details })].join('\n')),
      );
      expect(read.items[0].name).toEqual({ de: 'Heftgerät HG-1', en: 'Stapler' });
      expect(read.items[0].description).toEqual({
        de: 'Für 25 Blatt.\nMit Heftklammerentferner.',
        en: 'For 25 sheets.\nWith a staple remover & 1,000 staples.',
      });
      expect(read.warnings).toEqual([
        {
          kind: 'language-dropped',
          message: 'texts in language "fra" are not imported: the gateway serves German and English',
          line: expect.any(Number),
        },
      ]);
    });

    it('takes English as the default language from the header (eng)', async () => {
      const read = await readOne(bmecat(product('HG-1'), { language: 'eng' }));
      expect(read.headers[0].defaultLanguage).toBe('en');
      expect(read.items[0].name).toEqual({ en: 'Heftgerät HG-1' });
    });

    it('takes the LANGUAGE marked default when the header lists several', async () => {
      const document = bmecat(product('HG-1'), { language: 'deu</LANGUAGE><LANGUAGE default="true">eng' });
      expect((await readOne(document)).items[0].name).toEqual({ en: 'Heftgerät HG-1' });
    });

    it('warns once that a header language other than German or English leaves texts without their own language out', async () => {
      const read = await readOne(bmecat([product('HG-1'), product('HG-2')].join('\n'), { language: 'ita' }));
      expect(read.headers[0].defaultLanguage).toBeNull();
      expect(read.items.map((i) => i.name)).toEqual([{}, {}]);
      expect(read.warnings.map((w) => w.kind)).toEqual(['language-dropped']);
    });
  });

  describe('identifiers', () => {
    it('reads the GTIN from INTERNATIONAL_PID type="gtin" or EAN, manufacturer ids, keywords, status and hazard classes', async () => {
      const details = `<INTERNATIONAL_PID type="gtin">4006381333931</INTERNATIONAL_PID>
        <MANUFACTURER_PID>E-21</MANUFACTURER_PID><MANUFACTURER_NAME>Leitz</MANUFACTURER_NAME>
        <MANUFACTURER_TYPE_DESCR lang="deu">NeXXt 5502</MANUFACTURER_TYPE_DESCR><DELIVERY_TIME>1.5</DELIVERY_TIME>
        <SPECIAL_TREATMENT_CLASS type="GGVS">UN1266</SPECIAL_TREATMENT_CLASS>
        <KEYWORD lang="deu">Tacker</KEYWORD><KEYWORD lang="eng">stapler</KEYWORD><KEYWORD>Tacker</KEYWORD>
        <PRODUCT_STATUS type="core_product">Kernsortiment</PRODUCT_STATUS><PRODUCT_STATUS type="new_product">neu</PRODUCT_STATUS>`;
      const [item] = (await readOne(bmecat(product('HG-1', { details })))).items;
      expect(item).toMatchObject({
        gtin: '4006381333931',
        manufacturerPartId: 'E-21',
        manufacturerName: 'Leitz',
        manufacturerTypeDescription: 'NeXXt 5502',
        deliveryDays: 2,
        keywords: ['Tacker', 'stapler'],
        statuses: ['core_product', 'new_product'],
        specialTreatment: ['GGVS: UN1266'],
      });
      const ean = await readOne(bmecat(product('HG-2', { details: '<EAN>4 006381 33393-1</EAN>' })));
      expect(ean.items[0].gtin).toBe('4006381333931');
    });

    it('drops a GTIN of the wrong length with a warning', async () => {
      const read = await readOne(
        bmecat(product('HG-1', { details: '<INTERNATIONAL_PID type="gtin">12345</INTERNATIONAL_PID>' })),
      );
      expect(read.items[0].gtin).toBeNull();
      expect(read.warnings).toEqual([
        {
          kind: 'gtin-invalid',
          message: 'product HG-1: "12345" is not a GTIN (8, 12, 13 or 14 digits); not used to match products',
          line: 17,
        },
      ]);
    });

    it('refuses a product without SUPPLIER_PID and goes on with the next', async () => {
      const read = await readOne(
        bmecat([product('').replace('<SUPPLIER_PID></SUPPLIER_PID>', ''), product('HG-2')].join('\n')),
      );
      expect(read.rejected).toEqual([{ line: 17, item: null, reason: 'no SUPPLIER_PID' }]);
      expect(read.items.map((i) => i.supplierPartId)).toEqual(['HG-2']);
    });
  });

  describe('classification and features', () => {
    it('reads eCl@ss and ETIM classes with their versions, FEATUREs with several values, languages and units', async () => {
      const features = `<PRODUCT_FEATURES>
          <REFERENCE_FEATURE_SYSTEM_NAME>ECLASS-9.0</REFERENCE_FEATURE_SYSTEM_NAME>
          <REFERENCE_FEATURE_GROUP_ID>24-32-01-03</REFERENCE_FEATURE_GROUP_ID>
          <FEATURE><FNAME lang="deu">Farbe</FNAME><FNAME lang="eng">Colour</FNAME>
            <FVALUE lang="deu">schwarz</FVALUE><FVALUE lang="eng">black</FVALUE><FVALUE lang="deu">rot</FVALUE><FVALUE lang="eng">red</FVALUE></FEATURE>
          <FEATURE><FNAME>Heftleistung</FNAME><FVALUE>25</FVALUE><FUNIT>C62</FUNIT></FEATURE>
          <FEATURE><FT_IDREF>AAA123</FT_IDREF><FVALUE>1</FVALUE></FEATURE>
          <FEATURE><FNAME>Ohne Wert</FNAME></FEATURE>
        </PRODUCT_FEATURES>
        <PRODUCT_FEATURES><REFERENCE_FEATURE_SYSTEM_NAME>ETIM-7.0</REFERENCE_FEATURE_SYSTEM_NAME><REFERENCE_FEATURE_GROUP_ID>EC001234</REFERENCE_FEATURE_GROUP_ID>
          <FEATURE><FNAME>Heftleistung</FNAME><FVALUE>25</FVALUE><FUNIT>C62</FUNIT></FEATURE>
        </PRODUCT_FEATURES>`;
      const [item] = (await readOne(bmecat(product('HG-1', { features })))).items;
      expect(item.classifications).toEqual([
        { type: 'eclass', system: 'ECLASS-9.0', code: '24320103', version: '9.0' },
        { type: 'etim', system: 'ETIM-7.0', code: 'EC001234', version: '7.0' },
      ]);
      expect(item.features).toEqual([
        {
          name: { de: 'Farbe', en: 'Colour' },
          values: [
            { de: 'schwarz', en: 'black' },
            { de: 'rot', en: 'red' },
          ],
          unit: null,
        },
        { name: { de: 'Heftleistung' }, values: [{ de: '25' }], unit: 'C62' },
      ]);
    });

    it('recognizes UNSPSC through a CLASSIFICATION_SYSTEM the file defines under its own name', async () => {
      const system = `<CLASSIFICATION_SYSTEM><CLASSIFICATION_SYSTEM_NAME>udf_CODES</CLASSIFICATION_SYSTEM_NAME>
        <CLASSIFICATION_SYSTEM_FULLNAME>UNSPSC</CLASSIFICATION_SYSTEM_FULLNAME><CLASSIFICATION_SYSTEM_VERSION>13.0</CLASSIFICATION_SYSTEM_VERSION>
        <CLASSIFICATION_GROUPS><CLASSIFICATION_GROUP><CLASSIFICATION_GROUP_ID>44121615</CLASSIFICATION_GROUP_ID></CLASSIFICATION_GROUP></CLASSIFICATION_GROUPS></CLASSIFICATION_SYSTEM>`;
      const features = `<PRODUCT_FEATURES><REFERENCE_FEATURE_SYSTEM_NAME>udf_CODES</REFERENCE_FEATURE_SYSTEM_NAME><REFERENCE_FEATURE_GROUP_ID>44121615</REFERENCE_FEATURE_GROUP_ID></PRODUCT_FEATURES>
        <PRODUCT_FEATURES><REFERENCE_FEATURE_SYSTEM_NAME>UNSPSC-8.0</REFERENCE_FEATURE_SYSTEM_NAME><REFERENCE_FEATURE_GROUP_ID>44121600</REFERENCE_FEATURE_GROUP_ID></PRODUCT_FEATURES>`;
      const [item] = (await readOne(bmecat(product('HG-1', { features }), { beforeProducts: system }))).items;
      expect(item.classifications).toEqual([
        { type: 'unspsc', system: 'udf_CODES', code: '44121615', version: '13.0' },
        { type: 'unspsc', system: 'UNSPSC-8.0', code: '44121600', version: '8.0' },
      ]);
    });
  });

  describe('prices', () => {
    const prices = (...list: string[]) => `<PRODUCT_PRICE_DETAILS>${list.join('')}</PRODUCT_PRICE_DETAILS>`;
    const price = (type: string, amount: string, more = '') =>
      `<PRODUCT_PRICE price_type="${type}"><PRICE_AMOUNT>${amount}</PRICE_AMOUNT>${more}</PRODUCT_PRICE>`;
    const readPrices = async (priceDetails: string) =>
      readOne(bmecat(product('HG-1', { prices: priceDetails })));

    it('takes net_customer before net_list, with its tiers in quantity order and the header currency', async () => {
      const read = await readPrices(
        prices(
          price('net_list', '5.00', '<TAX>0.19</TAX>'),
          price('net_customer', '3.80', '<TAX>0.19</TAX><LOWER_BOUND>10</LOWER_BOUND>'),
          price('net_customer', '4.10', '<TAX>0.19</TAX><LOWER_BOUND>1</LOWER_BOUND>'),
          price('net_customer', '3.55', '<TAX>0.19</TAX><LOWER_BOUND>100</LOWER_BOUND>'),
        ),
      );
      expect(
        read.items[0].prices.map((p) => [
          p.sourceType,
          p.lowerBound,
          p.amount,
          p.currency,
          p.includesVat,
          p.vatRate,
        ]),
      ).toEqual([
        ['net_customer', '1', '4.1', 'EUR', false, '19'],
        ['net_customer', '10', '3.8', 'EUR', false, '19'],
        ['net_customer', '100', '3.55', 'EUR', false, '19'],
      ]);
    });

    it('stores a gross list price (gros_list, nrp) as gross with its VAT, and multiplies by PRICE_FACTOR exactly', async () => {
      const gross = await readPrices(
        prices(price('gros_list', '11.90', '<PRICE_CURRENCY>EUR</PRICE_CURRENCY><TAX>0.19</TAX>')),
      );
      expect(gross.items[0].prices[0]).toEqual({
        amount: '11.9',
        currency: 'EUR',
        includesVat: true,
        vatRate: '19',
        lowerBound: '1',
        validFrom: null,
        validTo: null,
        sourceType: 'gros_list',
      });
      const reduced = await readPrices(
        prices(price('nrp', '12.345', '<TAX>0.07</TAX><PRICE_FACTOR>0.8</PRICE_FACTOR>')),
      );
      expect(reduced.items[0].prices[0]).toMatchObject({
        amount: '9.876',
        includesVat: true,
        vatRate: '7',
        sourceType: 'nrp',
      });
      const percent = await readPrices(
        prices(price('net_list', '1', '<TAX_DETAILS><TAX>19</TAX></TAX_DETAILS>')),
      );
      expect(percent.items[0].prices[0].vatRate).toBe('19');
    });

    it('reads validity periods from DATETIME or VALID_START_DATE/VALID_END_DATE, one price list per period', async () => {
      const period = (from: string, to: string, amount: string) =>
        `<PRODUCT_PRICE_DETAILS><DATETIME type="valid_start_date"><DATE>${from}</DATE></DATETIME><DATETIME type="valid_end_date"><DATE>${to}</DATE><TIME>23:59:59</TIME><TIMEZONE>+01:00</TIMEZONE></DATETIME>${price('net_list', amount)}</PRODUCT_PRICE_DETAILS>`;
      const read = await readPrices(
        period('2027-01-01', '2027-12-31', '4.40') +
          period('2026-01-01', '2026-12-31', '4.20') +
          `<PRODUCT_PRICE_DETAILS><VALID_START_DATE>2028-01-01</VALID_START_DATE>${price('net_list', '4.60')}</PRODUCT_PRICE_DETAILS>`,
      );
      expect(read.items[0].prices.map((p) => [p.validFrom, p.validTo, p.amount])).toEqual([
        ['2026-01-01', '2026-12-31T23:59:59+01:00', '4.2'],
        ['2027-01-01', '2027-12-31T23:59:59+01:00', '4.4'],
        ['2028-01-01', null, '4.6'],
      ]);
    });

    it('leaves out prices in a second currency and a second price for the same tier, with warnings', async () => {
      const read = await readPrices(
        prices(
          price('net_list', '4.20', '<TERRITORY>DE</TERRITORY>'),
          price('net_list', '4.50', '<PRICE_CURRENCY>CHF</PRICE_CURRENCY><TERRITORY>CH</TERRITORY>'),
          price('net_list', '4.30', '<TERRITORY>AT</TERRITORY>'),
        ),
      );
      expect(read.items[0].prices.map((p) => [p.amount, p.currency])).toEqual([['4.2', 'EUR']]);
      expect(read.warnings.map((w) => w.kind)).toEqual(['price-currency-ignored', 'price-duplicate']);
    });

    it.each([
      ['no price at all', '', 'no price'],
      [
        'only a price on request',
        prices(price('on_request', '0')),
        'no usable price (price on request (price_type on_request))',
      ],
      [
        'only a user-defined type',
        prices(price('udp_contract', '3.00')),
        'no usable price (price_type udp_contract is not used: it does not say whether it is net or gross)',
      ],
      [
        'an amount that is not a number',
        prices(price('net_list', '4,20')),
        'no usable price (PRICE_AMOUNT "4,20" is not a price)',
      ],
      [
        'an unreadable validity date',
        `<PRODUCT_PRICE_DETAILS><VALID_END_DATE>31.12.2026</VALID_END_DATE>${price('net_list', '1')}</PRODUCT_PRICE_DETAILS>`,
        'no usable price (VALID_END_DATE "31.12.2026" is not a date)',
      ],
    ])('refuses a product with %s, with the reason', async (_, priceDetails, reason) => {
      const read = await readPrices(priceDetails);
      expect(read.items).toEqual([]);
      expect(read.rejected).toEqual([{ line: 17, item: 'HG-1', reason }]);
    });

    it('refuses a price without any currency, naming what is missing', async () => {
      const read = await readOne(bmecat(product('HG-1')).replace('<CURRENCY>EUR</CURRENCY>', ''));
      expect(read.headers[0].defaultCurrency).toBeNull();
      expect(read.rejected[0].reason).toBe(
        'no usable price (no PRICE_CURRENCY and no CURRENCY in the header)',
      );
    });
  });

  describe('units and quantities', () => {
    it('reads ORDER_UNIT, CONTENT_UNIT, NO_CU_PER_OU, PRICE_QUANTITY, QUANTITY_MIN and QUANTITY_INTERVAL', async () => {
      const order = `<PRODUCT_ORDER_DETAILS><ORDER_UNIT>PK</ORDER_UNIT><CONTENT_UNIT>C62</CONTENT_UNIT><NO_CU_PER_OU>100</NO_CU_PER_OU>
        <PRICE_QUANTITY>10</PRICE_QUANTITY><QUANTITY_MIN>20</QUANTITY_MIN><QUANTITY_INTERVAL>5</QUANTITY_INTERVAL></PRODUCT_ORDER_DETAILS>`;
      const [item] = (await readOne(bmecat(product('HG-1', { order })))).items;
      expect(item.ordering).toEqual({
        orderUnit: 'PK',
        contentUnit: 'C62',
        contentPerOrderUnit: '100',
        priceQuantity: '10',
        quantityMin: '20',
        quantityInterval: '5',
      });
    });

    it.each([
      [
        'no ORDER_UNIT',
        '<PRODUCT_ORDER_DETAILS><CONTENT_UNIT>C62</CONTENT_UNIT></PRODUCT_ORDER_DETAILS>',
        'no ORDER_UNIT',
      ],
      [
        'a PRICE_QUANTITY of zero',
        '<PRODUCT_ORDER_DETAILS><ORDER_UNIT>C62</ORDER_UNIT><PRICE_QUANTITY>0</PRICE_QUANTITY></PRODUCT_ORDER_DETAILS>',
        'PRICE_QUANTITY "0" is not a positive number',
      ],
      [
        'a QUANTITY_MIN that is not a number',
        '<PRODUCT_ORDER_DETAILS><ORDER_UNIT>C62</ORDER_UNIT><QUANTITY_MIN>ten</QUANTITY_MIN></PRODUCT_ORDER_DETAILS>',
        'QUANTITY_MIN "ten" is not a positive number',
      ],
    ])('refuses a product with %s', async (_, order, reason) => {
      const read = await readOne(bmecat(product('HG-1', { order })));
      expect(read.rejected).toEqual([{ line: 17, item: 'HG-1', reason }]);
    });
  });

  describe('pictures and documents', () => {
    it('resolves MIME_SOURCE against MIME_ROOT, keeps absolute URLs, orders by MIME_ORDER, and drops what is not http(s)', async () => {
      const mime = `<MIME_INFO>
        <MIME><MIME_TYPE>application/pdf</MIME_TYPE><MIME_SOURCE>pdf/hg-1.pdf</MIME_SOURCE><MIME_DESCR lang="deu">Datenblatt</MIME_DESCR><MIME_PURPOSE>data_sheet</MIME_PURPOSE></MIME>
        <MIME><MIME_TYPE>image/jpeg</MIME_TYPE><MIME_SOURCE>img/hg-1-detail.jpg</MIME_SOURCE><MIME_PURPOSE>detail</MIME_PURPOSE><MIME_ORDER>2</MIME_ORDER></MIME>
        <MIME><MIME_TYPE>image/jpeg</MIME_TYPE><MIME_SOURCE>https://cdn.example.org/hg-1.jpg</MIME_SOURCE><MIME_DESCR>Vorderansicht</MIME_DESCR><MIME_ALT lang="eng">Stapler, front</MIME_ALT><MIME_ALT lang="deu">Heftgerät, vorne</MIME_ALT><MIME_PURPOSE>normal</MIME_PURPOSE><MIME_ORDER>1</MIME_ORDER></MIME>
        <MIME><MIME_TYPE>image/png</MIME_TYPE><MIME_SOURCE>img/hg-1-small.png</MIME_SOURCE></MIME>
        <MIME><MIME_SOURCE>javascript:alert(1)</MIME_SOURCE><MIME_PURPOSE>others</MIME_PURPOSE></MIME>
      </MIME_INFO>`;
      const read = await readOne(bmecat(product('HG-1', { mime })));
      expect(read.items[0].media).toEqual([
        {
          url: 'https://cdn.example.org/hg-1.jpg',
          purpose: 'normal',
          mimeType: 'image/jpeg',
          description: { de: 'Heftgerät, vorne', en: 'Stapler, front' },
        },
        {
          url: 'https://media.example.com/catalog/img/hg-1-detail.jpg',
          purpose: 'detail',
          mimeType: 'image/jpeg',
          description: {},
        },
        {
          url: 'https://media.example.com/catalog/pdf/hg-1.pdf',
          purpose: 'data_sheet',
          mimeType: 'application/pdf',
          description: { de: 'Datenblatt' },
        },
        {
          url: 'https://media.example.com/catalog/img/hg-1-small.png',
          purpose: 'normal',
          mimeType: 'image/png',
          description: {},
        },
      ]);
      expect(read.warnings).toEqual([
        {
          kind: 'media-url',
          message: 'product HG-1: MIME_SOURCE "javascript:alert(1)" is not an http(s) URL; left out',
          line: 17,
        },
      ]);
    });

    it('leaves out a relative source when the header has no MIME_ROOT, saying why', async () => {
      const mime = '<MIME_INFO><MIME><MIME_SOURCE>hg-1.jpg</MIME_SOURCE></MIME></MIME_INFO>';
      const read = await readOne(bmecat(product('HG-1', { mime })).replace(/<MIME_ROOT>.*<\/MIME_ROOT>/, ''));
      expect(read.items[0].media).toEqual([]);
      expect(read.warnings[0].message).toBe(
        'product HG-1: MIME_SOURCE "hg-1.jpg" is not an http(s) URL and the header has no MIME_ROOT; left out',
      );
    });
  });

  describe('transactions', () => {
    it('T_UPDATE_PRODUCTS: new and update are upserts, delete a delete; no mode is read as update with a warning; an unknown mode is refused', async () => {
      const products = [
        product('HG-1', { attributes: ' mode="new"' }),
        product('HG-2', { attributes: ' mode="update"' }),
        '<PRODUCT mode="delete"><SUPPLIER_PID>HG-3</SUPPLIER_PID></PRODUCT>',
        product('HG-4'),
        product('HG-5', { attributes: ' mode="replace"' }),
      ].join('\n');
      const read = await readOne(
        bmecat(products, { transaction: 'T_UPDATE_PRODUCTS', transactionAttributes: ' prev_version="2"' }),
      );
      expect(read.headers[0].transaction).toBe('incremental');
      expect(read.items.map((i) => [i.supplierPartId, i.action])).toEqual([
        ['HG-1', 'upsert'],
        ['HG-2', 'upsert'],
        ['HG-3', 'delete'],
        ['HG-4', 'upsert'],
      ]);
      expect(read.rejected).toEqual([
        { line: expect.any(Number), item: 'HG-5', reason: 'mode "replace" is not new, update or delete' },
      ]);
      expect(read.warnings.map((w) => w.kind)).toEqual(['update-without-mode']);
    });

    it('T_NEW_CATALOG: a product marked mode="delete" is left out (so it is withdrawn), with a warning', async () => {
      const read = await readOne(
        bmecat([product('HG-1'), product('HG-2', { attributes: ' mode="delete"' })].join('\n')),
      );
      expect(read.items.map((i) => i.supplierPartId)).toEqual(['HG-1']);
      expect(read.warnings.map((w) => w.kind)).toEqual(['full-catalog-delete']);
    });

    it('T_UPDATE_PRICES: prices only, and a product without a usable price is refused', async () => {
      const products = [
        `<PRODUCT mode="update"><SUPPLIER_PID>HG-1</SUPPLIER_PID>${PRICE}</PRODUCT>`,
        `<PRODUCT mode="update"><SUPPLIER_PID>HG-2</SUPPLIER_PID></PRODUCT>`,
      ].join('\n');
      const read = await readOne(bmecat(products, { transaction: 'T_UPDATE_PRICES' }));
      expect(read.headers[0].transaction).toBe('prices');
      expect(read.items.map((i) => [i.action, i.supplierPartId, i.prices.map((p) => p.amount)])).toEqual([
        ['prices', 'HG-1', ['4.2']],
      ]);
      expect(read.rejected.map((r) => [r.item, r.reason])).toEqual([['HG-2', 'no price']]);
    });
  });

  describe('the header', () => {
    it('reads a BMEcat 2005 SUPPLIER_IDREF with the name of its PARTY', async () => {
      const document = bmecat(product('HG-1')).replace(
        /<SUPPLIER>[\s\S]*<\/SUPPLIER>/,
        `<SUPPLIER_IDREF type="supplier_specific">SUP-7</SUPPLIER_IDREF>
        <PARTIES><PARTY><PARTY_ID type="supplier_specific">SUP-7</PARTY_ID><PARTY_ROLE>supplier</PARTY_ROLE><ADDRESS type="supplier"><NAME>Elektro Weber KG</NAME></ADDRESS></PARTY></PARTIES>`,
      );
      const read = await readOne(document);
      expect(read.headers[0]).toMatchObject({
        supplierIds: [{ type: 'supplier_specific', value: 'SUP-7' }],
        supplierName: 'Elektro Weber KG',
      });
    });
  });

  describe('files the reader refuses (CatalogFileError: nothing is imported)', () => {
    const refusal = async (document: string | Buffer) => (await readCatalog(reader, document)).error?.message;

    it('a document whose root is not BMECAT, one without a transaction, an empty file', async () => {
      expect(await refusal('<?xml version="1.0"?>\n<Index loadmode="Full"/>')).toBe(
        'line 2, column 25: not a BMEcat document: the root element is <Index>, not <BMECAT>',
      );
      expect(await refusal(bmecat('').replace(/<T_NEW_CATALOG>[\s\S]*<\/T_NEW_CATALOG>/, ''))).toBe(
        'no T_NEW_CATALOG, T_UPDATE_PRODUCTS or T_UPDATE_PRICES: not a BMEcat catalog',
      );
      expect(await refusal('')).toBe('the file is empty');
    });

    it('a second transaction in one file', async () => {
      const twice = bmecat(product('HG-1')).replace(
        '</T_NEW_CATALOG>',
        '</T_NEW_CATALOG><T_UPDATE_PRICES></T_UPDATE_PRICES>',
      );
      expect(await refusal(twice)).toMatch(
        /a second transaction <T_UPDATE_PRICES>: a BMEcat file holds one$/,
      );
    });

    it('billion laughs, an external entity, an internal subset: refused with the line', async () => {
      const laughs = bmecat(product('HG-1', { details: '<DESCRIPTION_LONG>&lol9;</DESCRIPTION_LONG>' }), {
        prolog:
          '<!DOCTYPE BMECAT [\n<!ENTITY lol "lol">\n<!ENTITY lol9 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n',
      });
      expect(await refusal(laughs)).toBe(
        'line 5, column 3: a DOCTYPE with an internal subset (entity declarations) is not accepted',
      );
      const xxe = bmecat(product('HG-1'), {
        prolog: '<!DOCTYPE BMECAT SYSTEM "bmecat_2005.dtd" [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n',
      });
      expect(await refusal(xxe)).toMatch(/internal subset/);
      const undeclared = bmecat(product('HG-1', { details: '<DESCRIPTION_LONG>&xxe;</DESCRIPTION_LONG>' }));
      expect(await refusal(undeclared)).toMatch(/^line 19, column 100: an entity reference other than/);
    });

    it('deep nesting, a huge text, too many attributes: refused before memory grows', async () => {
      const deep = bmecat(
        product('HG-1', { details: `<REMARKS>${'<X>'.repeat(100)}${'</X>'.repeat(100)}</REMARKS>` }),
      );
      expect(await refusal(deep)).toMatch(/elements nested deeper than 64 levels$/);
      const huge = bmecat(
        product('HG-1', {
          details: `<DESCRIPTION_LONG>${'Heftklammern '.repeat(200_000)}</DESCRIPTION_LONG>`,
        }),
      );
      expect(await refusal(huge)).toMatch(/longer than 1048576 characters$/);
      const attributes = Array.from({ length: 300 }, (_, i) => `a${i}="1"`).join(' ');
      expect(await refusal(bmecat(product('HG-1', { attributes: ` ${attributes}` })))).toMatch(
        /more than 256 attributes on <PRODUCT>$/,
      );
    });

    it('a truncated file, with the line and column where it ends', async () => {
      const document = bmecat([product('HG-1'), product('HG-2')].join('\n'));
      const cut = document.slice(0, document.indexOf('Heftgerät HG-2') + 5);
      expect(await refusal(cut)).toBe(
        'line 24, column 48: the document ends inside <DESCRIPTION_SHORT>: the file is truncated or malformed',
      );
    });
  });

  it('accepts a DOCTYPE with an external DTD and never fetches it', async () => {
    const read = await readOne(
      bmecat(product('HG-1'), { prolog: '<!DOCTYPE BMECAT SYSTEM "http://127.0.0.1:9/bmecat_2005.dtd">\n' }),
    );
    expect(read.items.map((i) => i.supplierPartId)).toEqual(['HG-1']);
  });

  it('reads a product with 100,000 features: the first 5,000 and the price after them, with a warning', async () => {
    const features = Array.from(
      { length: 100_000 },
      (_, i) => `<FEATURE><FNAME>Merkmal ${i}</FNAME><FVALUE>${i}</FVALUE></FEATURE>`,
    );
    const read = await readOne(
      bmecat(product('HG-1', { features: `<PRODUCT_FEATURES>${features.join('')}</PRODUCT_FEATURES>` })),
    );
    expect(read.items[0].features).toHaveLength(5_000);
    expect(read.items[0].features[4_999]).toEqual({
      name: { de: 'Merkmal 4999' },
      values: [{ de: '4999' }],
      unit: null,
    });
    expect(read.items[0].prices.map((p) => p.amount)).toEqual(['4.2']);
    expect(read.warnings).toEqual([
      {
        kind: 'item-truncated',
        message:
          'product HG-1: 95,000 FEATURE left out: at most 5,000 elements of one name per parent, 50,000 elements and 4,194,304 characters of text are read per item',
        line: 17,
      },
    ]);
  });

  it('reads the same items whatever the chunk boundaries (one byte at a time, splitting UTF-8 characters)', async () => {
    const details = '<DESCRIPTION_LONG lang="deu">Größe: 25 × 10 mm – „Büro“ €</DESCRIPTION_LONG>';
    const document = bmecat([product('HG-1', { details }), product('HG-2')].join('\n'));
    const whole = await readOne(document);
    expect(whole.items[0].description).toEqual({ de: 'Größe: 25 × 10 mm – „Büro“ €' });
    expect(await readOne(document, 1)).toEqual(whole);
  });
});
