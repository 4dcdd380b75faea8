import { postedCartOf } from './posted-cart';

const ORDER = `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd"><cXML payloadID="1.a@gw" timestamp="2026-11-27T13:00:00.000Z" xml:lang="en"><Header/><Message><PunchOutOrderMessage><BuyerCookie>c</BuyerCookie><PunchOutOrderMessageHeader operationAllowed="edit"><Total><Money currency="EUR">51.98</Money></Total></PunchOutOrderMessageHeader><ItemIn quantity="10"><ItemID><SupplierPartID>OW-PEN-10</SupplierPartID><SupplierPartAuxiliaryID>pen-1-a</SupplierPartAuxiliaryID></ItemID><ItemDetail><UnitPrice><Money currency="EUR">4.00</Money></UnitPrice><Description xml:lang="en"><ShortName>Pen &amp; ink</ShortName>Pen &amp; ink, blue</Description><UnitOfMeasure>EA</UnitOfMeasure><Classification domain="UNSPSC">44121704</Classification><ManufacturerPartID>SN-K15</ManufacturerPartID><LeadTime>2</LeadTime></ItemDetail></ItemIn><ItemIn quantity="2"><ItemID><SupplierPartID>CODE-paper-1</SupplierPartID><SupplierPartAuxiliaryID>kX2v7Qm0b1Yw9nR4tPz8aA.2</SupplierPartAuxiliaryID></ItemID><ItemDetail><UnitPrice><Money currency="EUR">5.99</Money></UnitPrice><Description xml:lang="en"><ShortName>Paper</ShortName>Paper</Description><UnitOfMeasure>RM</UnitOfMeasure><Classification domain="UNSPSC"></Classification></ItemDetail></ItemIn></PunchOutOrderMessage></Message></cXML>`;

describe('postedCartOf', () => {
  it('reads the ItemIn lines of a cxml-urlencoded order message in the OCI names (a line key as EXT_QUOTE_ID, an old offer id as OFFER)', () => {
    const cart = postedCartOf([['cxml-urlencoded', ORDER]]);
    expect(cart.other).toEqual([]);
    expect(cart.lines).toEqual([
      {
        line: 1,
        values: {
          DESCRIPTION: 'Pen & ink',
          QUANTITY: '10',
          UNIT: 'EA',
          PRICE: '4.00',
          CURRENCY: 'EUR',
          VENDORMAT: 'OW-PEN-10',
          OFFER: 'pen-1-a',
          MANUFACTMAT: 'SN-K15',
          LEADTIME: '2',
          UNSPSC: '44121704',
        },
        longText: 'Pen & ink, blue',
      },
      {
        line: 2,
        values: {
          DESCRIPTION: 'Paper',
          QUANTITY: '2',
          UNIT: 'RM',
          PRICE: '5.99',
          CURRENCY: 'EUR',
          VENDORMAT: 'CODE-paper-1',
          EXT_QUOTE_ID: 'kX2v7Qm0b1Yw9nR4tPz8aA.2',
        },
        longText: 'Paper',
      },
    ]);
  });

  it('reads cxml-base64 the same way, and an empty order message as no lines', () => {
    const encoded = Buffer.from(ORDER, 'utf8').toString('base64');
    expect(postedCartOf([['cxml-base64', encoded]]).lines).toHaveLength(2);
    const empty = ORDER.replace(/<ItemIn[\s\S]*<\/ItemIn>/, '');
    expect(postedCartOf([['cxml-urlencoded', empty]]).lines).toEqual([]);
  });

  it('leaves OCI fields to the OCI grouping, and a document that does not parse yields no lines', () => {
    const oci = postedCartOf([
      ['NEW_ITEM-DESCRIPTION[1]', 'Pen'],
      ['NEW_ITEM-QUANTITY[1]', '3'],
    ]);
    expect(oci.lines).toEqual([{ line: 1, values: { DESCRIPTION: 'Pen', QUANTITY: '3' } }]);
    expect(postedCartOf([['cxml-urlencoded', '<cXML><Message>']]).lines).toEqual([]);
    expect(
      postedCartOf([['cxml-urlencoded', '<!DOCTYPE cXML [<!ENTITY x "y">]><cXML>&x;</cXML>']]).lines,
    ).toEqual([]);
  });
});
