import {
  cxmlSample,
  describeWithCatalogSamples,
  readCatalog,
} from '../../../../test/support/catalog-samples';
import { CxmlIndexReader } from './cxml-index.reader';

const reader = new CxmlIndexReader();

describeWithCatalogSamples('cXML Index reader', () => {
  it('reads the cxml-php Index sample: DOCTYPE version, loadmode Full, every ItemDetail field', async () => {
    const read = await readCatalog(reader, cxmlSample('cxml-php-Index.xml'));
    expect(read.error).toBeNull();
    expect(read.headers).toEqual([
      {
        format: 'cxml-index',
        formatVersion: '1.2.063',
        transaction: 'full',
        defaultLanguage: null,
        defaultCurrency: null,
        supplierIds: [{ type: 'supplier', value: 'id' }],
        supplierName: null,
        catalogId: null,
        catalogVersion: null,
        declaredItemCount: null,
      },
    ]);
    expect(read.items).toEqual([
      {
        action: 'upsert',
        line: 7,
        supplierPartId: 'PROMINATE-SKU',
        supplierPartAuxiliaryId: null,
        gtin: null,
        manufacturerName: null,
        manufacturerPartId: null,
        manufacturerTypeDescription: null,
        name: { en: 'English description', de: 'German description' },
        description: { en: 'English description', de: 'German description' },
        keywords: [],
        classifications: [
          { type: 'other', system: 'ProminateCategoryCode', code: 'partner_merchandise', version: null },
        ],
        features: [
          { name: { en: 'size' }, values: [{ en: 'L' }], unit: null },
          { name: { en: 'color' }, values: [{ en: 'red' }], unit: null },
        ],
        prices: [
          {
            amount: '1.23',
            currency: 'EUR',
            includesVat: false,
            vatRate: null,
            lowerBound: '1',
            validFrom: null,
            validTo: '2026-02-05T09:46:33+00:00',
            sourceType: 'UnitPrice',
          },
        ],
        // 1.23 EUR per 10 BX, and one EA is 0.1 BX: the price is per 100 EA.
        ordering: {
          orderUnit: 'EA',
          contentUnit: null,
          contentPerOrderUnit: null,
          priceQuantity: '100',
          quantityMin: null,
          quantityInterval: null,
        },
        media: [
          { url: 'https://example.com/product', purpose: 'product_page', mimeType: null, description: {} },
          {
            url: 'https://example.com/product/image.jpg',
            purpose: 'normal',
            mimeType: null,
            description: { en: 'Main Image of product' },
          },
        ],
        deliveryDays: 2,
        statuses: [],
        specialTreatment: [],
        punchoutOnly: false,
      },
    ]);
    expect(read.rejected).toEqual([]);
    expect(read.warnings).toEqual([]);
  });
});

/** An Index of the demo supplier around `items`. */
function index(items: string, loadmode: string | null = 'Incremental'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE Index SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">
<Index${loadmode === null ? '' : ` loadmode="${loadmode}"`}>
  <SupplierID domain="DUNS">315638221</SupplierID>
  <SupplierID domain="NetworkID">AN01000000001</SupplierID>
  <IndexItem>
${items}
  </IndexItem>
</Index>
`;
}

function add(id: string, detail = '', indexDetail = '<LeadTime>3</LeadTime>'): string {
  return `    <IndexItemAdd>
      <ItemID><SupplierPartID>${id}</SupplierPartID><SupplierPartAuxiliaryID>PK-10</SupplierPartAuxiliaryID></ItemID>
      <ItemDetail>
        <UnitPrice><Money currency="EUR">4.49</Money></UnitPrice>
        <Description xml:lang="de-DE"><ShortName>Haftnotizen 76 × 76 mm</ShortName>Haftnotizen, gelb, 12 Blöcke à 100 Blatt</Description>
        <Description xml:lang="en-US">Sticky notes, yellow, 12 pads of 100 sheets</Description>
        <UnitOfMeasure>PK</UnitOfMeasure>
        <Classification domain="UNSPSC">14111514</Classification>
        <Classification domain="eCl@ss" code="24-35-02-01">Haftnotiz</Classification>
        <ManufacturerPartID>654-12</ManufacturerPartID>
        <ManufacturerName xml:lang="en">3M</ManufacturerName>
        ${detail}
      </ItemDetail>
      <IndexItemDetail>${indexDetail}</IndexItemDetail>
    </IndexItemAdd>`;
}

async function readOne(text: string) {
  const read = await readCatalog(reader, text);
  if (read.error) throw read.error;
  return read;
}

describe('cXML Index reader', () => {
  it('reads an IndexItemAdd: both SupplierIDs, languages by xml:lang, ShortName, classifications, manufacturer', async () => {
    const read = await readOne(index(add('PN-654')));
    expect(read.headers[0]).toMatchObject({
      transaction: 'incremental',
      supplierIds: [
        { type: 'DUNS', value: '315638221' },
        { type: 'NetworkID', value: 'AN01000000001' },
      ],
    });
    expect(read.items[0]).toMatchObject({
      action: 'upsert',
      supplierPartId: 'PN-654',
      supplierPartAuxiliaryId: 'PK-10',
      name: { de: 'Haftnotizen 76 × 76 mm', en: 'Sticky notes, yellow, 12 pads of 100 sheets' },
      description: {
        de: 'Haftnotizen, gelb, 12 Blöcke à 100 Blatt',
        en: 'Sticky notes, yellow, 12 pads of 100 sheets',
      },
      classifications: [
        { type: 'unspsc', system: 'UNSPSC', code: '14111514', version: null },
        { type: 'eclass', system: 'eCl@ss', code: '24350201', version: null },
      ],
      manufacturerName: '3M',
      manufacturerPartId: '654-12',
      prices: [{ amount: '4.49', currency: 'EUR', includesVat: false, validFrom: null, validTo: null }],
      ordering: { orderUnit: 'PK', priceQuantity: '1' },
      deliveryDays: 3,
    });
  });

  it('reads EffectiveDate/ExpirationDate as validity and SearchGroupData as features', async () => {
    const indexDetail = `<LeadTime>1</LeadTime><ExpirationDate>2027-06-30T23:59:59+02:00</ExpirationDate><EffectiveDate>2026-12-01T00:00:00+01:00</EffectiveDate>
      <SearchGroupData><Name>Haftnotizen</Name><SearchDataElement name="Farbe" value="gelb"/><SearchDataElement name="Format" value="76 x 76 mm"/></SearchGroupData>`;
    const [item] = (await readOne(index(add('PN-654', '', indexDetail)))).items;
    expect(item.prices[0]).toMatchObject({
      validFrom: '2026-12-01T00:00:00+01:00',
      validTo: '2027-06-30T23:59:59+02:00',
    });
    expect(item.features).toEqual([
      { name: { de: 'Farbe' }, values: [{ de: 'gelb' }], unit: null },
      { name: { de: 'Format' }, values: [{ de: '76 x 76 mm' }], unit: null },
    ]);
  });

  it('reads a price per PriceBasisQuantity of the order unit, and rounds a conversion that does not end with a warning', async () => {
    const same = await readOne(
      index(
        add(
          'PN-1',
          '<PriceBasisQuantity quantity="12" conversionFactor="1"><UnitOfMeasure>PK</UnitOfMeasure></PriceBasisQuantity>',
        ),
      ),
    );
    expect(same.items[0].ordering.priceQuantity).toBe('12');
    const thirds = await readOne(
      index(
        add(
          'PN-2',
          '<PriceBasisQuantity quantity="1" conversionFactor="3"><UnitOfMeasure>BX</UnitOfMeasure></PriceBasisQuantity>',
        ),
      ),
    );
    expect(thirds.items[0].ordering.priceQuantity).toBe('0.3333');
    expect(thirds.warnings.map((w) => w.kind)).toEqual(['price-basis-rounded']);
  });

  it('makes IndexItemDelete a delete in an Incremental load and leaves it out of a Full load, with a warning', async () => {
    const remove =
      '<IndexItemDelete><ItemID><SupplierPartID>PN-9</SupplierPartID><SupplierPartAuxiliaryID>PK-10</SupplierPartAuxiliaryID></ItemID></IndexItemDelete>';
    const incremental = await readOne(index(remove));
    expect(incremental.items.map((i) => [i.action, i.supplierPartId, i.supplierPartAuxiliaryId])).toEqual([
      ['delete', 'PN-9', 'PK-10'],
    ]);
    const full = await readOne(index(remove, 'Full'));
    expect(full.items).toEqual([]);
    expect(full.warnings.map((w) => w.kind)).toEqual(['full-catalog-delete']);
  });

  it('marks IndexItemPunchout punchoutOnly, without a price', async () => {
    const punchout = `<IndexItemPunchout><ItemID><SupplierPartID>CONFIGURATOR</SupplierPartID></ItemID>
      <PunchoutDetail><Description xml:lang="en">Configure your office chair</Description><URL>https://shop.example.com/punchout</URL>
      <Classification domain="UNSPSC">56112102</Classification></PunchoutDetail></IndexItemPunchout>`;
    const read = await readOne(index(punchout));
    expect(read.items[0]).toMatchObject({
      supplierPartId: 'CONFIGURATOR',
      punchoutOnly: true,
      prices: [],
      media: [{ url: 'https://shop.example.com/punchout', purpose: 'product_page' }],
    });
  });

  it('reads a missing loadmode as Incremental, with a warning', async () => {
    const read = await readOne(index(add('PN-654'), null));
    expect(read.headers[0].transaction).toBe('incremental');
    expect(read.warnings.map((w) => w.kind)).toEqual(['cxml-loadmode']);
  });

  it.each([
    ['no UnitPrice', (text: string) => text.replace(/<UnitPrice>.*<\/UnitPrice>/, ''), 'no UnitPrice'],
    [
      'no UnitOfMeasure',
      (text: string) => text.replace('<UnitOfMeasure>PK</UnitOfMeasure>', ''),
      'no UnitOfMeasure',
    ],
    [
      'a price that is not a number',
      (text: string) => text.replace('4.49', '4,49'),
      'UnitPrice "4,49" is not a price',
    ],
    [
      'a Money without currency',
      (text: string) => text.replace(' currency="EUR"', ''),
      'UnitPrice/Money has no currency',
    ],
    [
      'an unreadable ExpirationDate',
      (text: string) =>
        text.replace(
          '<LeadTime>3</LeadTime>',
          '<LeadTime>3</LeadTime><ExpirationDate>30.06.2027</ExpirationDate>',
        ),
      'ExpirationDate "30.06.2027" is not an ISO 8601 date',
    ],
  ])('refuses an item with %s and reads on', async (_, change, reason) => {
    const read = await readOne(index([change(add('PN-1')), add('PN-2')].join('\n')));
    expect(read.rejected).toEqual([{ line: 7, item: 'PN-1', reason }]);
    expect(read.items.map((i) => i.supplierPartId)).toEqual(['PN-2']);
  });

  it('refuses a document that is not an Index, an unknown loadmode, an entity declaration and a truncated file', async () => {
    const refusal = async (text: string) => (await readCatalog(reader, text)).error?.message;
    expect(
      await refusal('<?xml version="1.0"?>\n<cXML payloadID="x" timestamp="2026-01-01T00:00:00Z"/>'),
    ).toMatch(/not a cXML Index: the root element is <cXML>/);
    expect(await refusal(index(add('PN-1'), 'Partial'))).toBe(
      'line 3: loadmode "Partial" is neither Full nor Incremental',
    );
    expect(await refusal(index(add('PN-1')).replace('cXML.dtd">', 'cXML.dtd" [<!ENTITY x "y">]>'))).toMatch(
      /internal subset/,
    );
    const text = index(add('PN-1'));
    expect(await refusal(text.slice(0, text.indexOf('</ItemDetail>')))).toMatch(
      /the document ends inside <ItemDetail>: the file is truncated or malformed$/,
    );
  });
});
