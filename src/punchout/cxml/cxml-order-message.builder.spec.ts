import type { CartLine } from '../core/cart-line';
import { CXML_DTD_URL, CxmlEnvelope, newPayloadId } from '../../cxml/cxml-envelope';
import { cxmlFormField } from './cxml-form-field';
import { buildOrderMessage, CxmlOrderMessage } from './cxml-order-message.builder';
import { buildStatusResponse } from '../../cxml/cxml-status.builder';
import { buildSetupResponse } from './cxml-setup-response.builder';
import { childNamed, childrenNamed, pathOf, readXml, textOf, XmlElement } from '../../common/xml/xml-tree';

const envelope: CxmlEnvelope = {
  payloadId: '1764250000000.0123456789abcdef@gateway.example',
  timestamp: '2026-11-27T13:40:00.000Z',
  lang: 'en-US',
};

function line(overrides: Partial<CartLine> = {}): CartLine {
  return {
    name: 'Belkin HDMI cable, 1.5 m',
    quantity: 12,
    unit: 'EA',
    price: '6.90',
    vatRate: '19',
    priceUnit: 1,
    currency: 'EUR',
    leadTimeDays: 2,
    vendorMaterial: 'BE-3376',
    manufacturerCode: 'Belkin',
    manufacturerPartNumber: 'F3Y021bf1.5M',
    materialGroup: '26121609',
    productId: 'prod-1',
    productCode: 'C-1',
    eclass: null,
    category: { schema: 'UNSPSC', id: '26121609' },
    vendor: 'Cables Inc',
    condition: 'new',
    features: [],
    offerId: 'offer-1',
    orderKey: null,
    ...overrides,
  };
}

function message(overrides: Partial<CxmlOrderMessage> = {}): CxmlOrderMessage {
  return {
    buyerCookie: 'cookie-1',
    operationAllowed: 'edit',
    lines: [line()],
    parties: {
      from: [{ domain: 'DUNS', identity: 'gateway' }],
      to: [{ domain: 'NetworkID', identity: 'AN01000000001' }],
      userAgent: 'Marketplace Procurement Gateway',
    },
    shipTo: null,
    defaultUnit: 'EA',
    ...overrides,
  };
}

function parse(document: string): XmlElement {
  const read = readXml(document);
  if (!read.ok) throw new Error(read.message);
  return read.root;
}

const order = (root: XmlElement) => pathOf(root, ['Message', 'PunchOutOrderMessage'])!;
const items = (root: XmlElement) => childrenNamed(order(root), 'ItemIn');
const total = (root: XmlElement) => pathOf(order(root), ['PunchOutOrderMessageHeader', 'Total', 'Money'])!;

describe('buildOrderMessage', () => {
  it('writes the envelope: DOCTYPE 1.2.063, payloadID, timestamp with zone, xml:lang', () => {
    const document = buildOrderMessage(envelope, message());
    expect(document.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(document).toContain(`<!DOCTYPE cXML SYSTEM "${CXML_DTD_URL}">`);
    const root = parse(document);
    expect(root.attributes).toEqual({
      payloadID: envelope.payloadId,
      timestamp: envelope.timestamp,
      'xml:lang': 'en-US',
    });
  });

  it('swaps the parties: From is us, To is the buyer, Sender is us with a UserAgent, no secret anywhere', () => {
    const root = parse(buildOrderMessage(envelope, message()));
    const header = childNamed(root, 'Header')!;
    expect(textOf(pathOf(header, ['From', 'Credential', 'Identity']))).toBe('gateway');
    expect(textOf(pathOf(header, ['To', 'Credential', 'Identity']))).toBe('AN01000000001');
    expect(textOf(pathOf(header, ['Sender', 'UserAgent']))).toBe('Marketplace Procurement Gateway');
    expect(pathOf(header, ['Sender', 'Credential', 'SharedSecret'])).toBeUndefined();
  });

  it('one ItemIn per line with ids, unit price, description, unit, classification, manufacturer, lead time', () => {
    const root = parse(buildOrderMessage(envelope, message()));
    const [item] = items(root);
    expect(item.attributes.quantity).toBe('12');
    expect(textOf(pathOf(item, ['ItemID', 'SupplierPartID']))).toBe('BE-3376');
    expect(textOf(pathOf(item, ['ItemID', 'SupplierPartAuxiliaryID']))).toBe('offer-1');
    const detail = childNamed(item, 'ItemDetail')!;
    expect(pathOf(detail, ['UnitPrice', 'Money'])!.attributes.currency).toBe('EUR');
    expect(textOf(pathOf(detail, ['UnitPrice', 'Money']))).toBe('6.90');
    expect(childNamed(detail, 'Description')!.attributes['xml:lang']).toBe('en-US');
    expect(textOf(pathOf(detail, ['Description', 'ShortName']))).toBe('Belkin HDMI cable, 1.5 m');
    expect(textOf(childNamed(detail, 'UnitOfMeasure'))).toBe('EA');
    expect(childrenNamed(detail, 'Classification').map((c) => [c.attributes.domain, textOf(c)])).toEqual([
      ['UNSPSC', '26121609'],
    ]);
    expect(textOf(childNamed(detail, 'ManufacturerPartID'))).toBe('F3Y021bf1.5M');
    expect(textOf(childNamed(detail, 'ManufacturerName'))).toBe('Belkin');
    expect(textOf(childNamed(detail, 'LeadTime'))).toBe('2');
  });

  it('names each line by its order key in SupplierPartAuxiliaryID, and a line without one by its offer id', () => {
    const key = 'AAAAAAAAAAAAAAAAAAAAAA.1';
    const root = parse(
      buildOrderMessage(
        envelope,
        message({ lines: [line({ orderKey: key }), line({ offerId: 'offer-2' })] }),
      ),
    );
    expect(items(root).map((item) => textOf(pathOf(item, ['ItemID', 'SupplierPartAuxiliaryID'])))).toEqual([
      key,
      'offer-2',
    ]);
  });

  it('falls back to our product code without an SKU, and leaves out what is unknown', () => {
    const root = parse(
      buildOrderMessage(
        envelope,
        message({
          lines: [
            line({
              vendorMaterial: null,
              manufacturerCode: null,
              manufacturerPartNumber: null,
              leadTimeDays: null,
              vatRate: null,
            }),
          ],
        }),
      ),
    );
    const [item] = items(root);
    expect(textOf(pathOf(item, ['ItemID', 'SupplierPartID']))).toBe('C-1');
    const detail = childNamed(item, 'ItemDetail')!;
    for (const name of ['ManufacturerPartID', 'ManufacturerName', 'LeadTime'])
      expect(childNamed(detail, name)).toBeUndefined();
    expect(childNamed(item, 'Tax')).toBeUndefined();
    // Without every line's rate there is no cart VAT to state.
    expect(pathOf(order(root), ['PunchOutOrderMessageHeader', 'Tax'])).toBeUndefined();
  });

  it('Total is the sum of the net lines, two decimals, half away from zero', () => {
    const root = parse(
      buildOrderMessage(
        envelope,
        message({
          lines: [
            line({ price: '0.3333', quantity: 3 }), // 0.9999 -> 1.00
            line({ price: '1.005', quantity: 1, offerId: 'o2' }), // 1.005 -> 1.01
            line({ price: '19.99', quantity: 100, priceUnit: 100, offerId: 'o3' }), // per 100: 19.99
          ],
        }),
      ),
    );
    expect(textOf(total(root))).toBe('22.00');
    expect(total(root).attributes.currency).toBe('EUR');
  });

  it('an empty cart (cancel) has no ItemIn and a zero Total', () => {
    const root = parse(buildOrderMessage(envelope, message({ lines: [] })));
    expect(items(root)).toHaveLength(0);
    expect(textOf(total(root))).toBe('0.00');
  });

  it('states VAT per line and for the cart, per rate on the rate sum (rates 19 and 7)', () => {
    const root = parse(
      buildOrderMessage(
        envelope,
        message({
          lines: [
            line({ price: '0.05', quantity: 1 }), // 19% of 0.05 = 0.0095 -> 0.01 per line
            line({ price: '0.05', quantity: 1, offerId: 'o2' }),
            line({ price: '10.00', quantity: 1, vatRate: '7', offerId: 'o3' }),
          ],
        }),
      ),
    );
    const [first] = items(root);
    expect(textOf(pathOf(first, ['Tax', 'Money']))).toBe('0.01');
    expect(pathOf(first, ['Tax', 'TaxDetail'])!.attributes).toEqual({
      category: 'vat',
      percentageRate: '19',
    });
    const cartTax = pathOf(order(root), ['PunchOutOrderMessageHeader', 'Tax'])!;
    // 19% of 0.10 = 0.019 -> 0.02; 7% of 10.00 = 0.70: 0.72 (not the lines' 0.01 + 0.01 + 0.70)
    expect(textOf(childNamed(cartTax, 'Money'))).toBe('0.72');
    expect(
      childrenNamed(cartTax, 'TaxDetail').map((d) => [
        d.attributes.percentageRate,
        textOf(pathOf(d, ['TaxAmount', 'Money'])),
      ]),
    ).toEqual([
      ['19', '0.02'],
      ['7', '0.70'],
    ]);
  });

  it('units: the offer code upper-cased, else the default (a code cut short would name another unit)', () => {
    const root = parse(
      buildOrderMessage(
        envelope,
        message({
          defaultUnit: 'EA',
          lines: [
            line({ unit: 'kgm' }),
            line({ unit: 'PIECE', offerId: 'o2' }),
            line({ unit: '', offerId: 'o3' }),
          ],
        }),
      ),
    );
    expect(items(root).map((item) => textOf(pathOf(item, ['ItemDetail', 'UnitOfMeasure'])))).toEqual([
      'KGM',
      'EA',
      'EA',
    ]);
  });

  it('a price per N units says so with PriceBasisQuantity', () => {
    const root = parse(
      buildOrderMessage(envelope, message({ lines: [line({ priceUnit: 100, price: '12.50' })] })),
    );
    const basis = pathOf(items(root)[0], ['ItemDetail', 'PriceBasisQuantity'])!;
    expect(basis.attributes).toEqual({ quantity: '100', conversionFactor: '1' });
    expect(textOf(childNamed(basis, 'UnitOfMeasure'))).toBe('EA');
  });

  it('long names: ShortName is the 40-character cut between characters, the Description the whole name', () => {
    const name = 'Ultra long product name with accents éèà and a family 👨‍👩‍👧 at the cut, and more';
    const root = parse(buildOrderMessage(envelope, message({ lines: [line({ name })] })));
    const description = pathOf(items(root)[0], ['ItemDetail', 'Description'])!;
    const shortName = textOf(childNamed(description, 'ShortName'));
    expect(shortName.length).toBeLessThanOrEqual(40);
    expect(name.startsWith(shortName)).toBe(true);
    expect(textOf(description)).toBe(`${shortName}${name}`);
  });

  it('escapes & < > " \' and keeps non-Latin text, in names, ids and the BuyerCookie, byte for byte', () => {
    const tricky = `A&B <script>alert("x")</script> 'q' Кабель 電纜 ケーブル`;
    const document = buildOrderMessage(
      envelope,
      message({
        buyerCookie: ` ${tricky} `,
        lines: [line({ name: tricky, vendorMaterial: 'S&<"\'>', offerId: 'o"&<' })],
      }),
    );
    expect(document).not.toContain('<script>');
    const root = parse(document);
    expect(textOf(childNamed(order(root), 'BuyerCookie'))).toBe(` ${tricky} `);
    const [item] = items(root);
    expect(textOf(pathOf(item, ['ItemDetail', 'Description', 'ShortName']))).toBe(
      tricky.slice(0, 40).trimEnd(),
    );
    expect(textOf(pathOf(item, ['ItemID', 'SupplierPartID']))).toBe('S&<"\'>');
    expect(textOf(pathOf(item, ['ItemID', 'SupplierPartAuxiliaryID']))).toBe('o"&<');
  });

  it('control characters that XML 1.0 cannot carry become spaces', () => {
    const root = parse(
      buildOrderMessage(envelope, message({ buyerCookie: 'a\u0001b', lines: [line({ name: 'x\u0000y' })] })),
    );
    expect(textOf(childNamed(order(root), 'BuyerCookie'))).toBe('a b');
    expect(textOf(pathOf(items(root)[0], ['ItemDetail', 'Description', 'ShortName']))).toBe('x y');
  });

  it('operationAllowed says inspect after an inspect session', () => {
    const root = parse(buildOrderMessage(envelope, message({ operationAllowed: 'inspect' })));
    expect(childNamed(order(root), 'PunchOutOrderMessageHeader')!.attributes.operationAllowed).toBe(
      'inspect',
    );
  });

  it('echoes the received ShipTo element in the header', () => {
    const shipTo = parse(
      '<ShipTo><Address addressID="HQ"><Name xml:lang="en">ACME &amp; Co</Name></Address></ShipTo>',
    );
    const root = parse(buildOrderMessage(envelope, message({ shipTo })));
    const echoed = pathOf(order(root), ['PunchOutOrderMessageHeader', 'ShipTo', 'Address'])!;
    expect(echoed.attributes.addressID).toBe('HQ');
    expect(textOf(childNamed(echoed, 'Name'))).toBe('ACME & Co');
  });

  it('sends UNSPSC and eCl@ss where both are known', () => {
    const root = parse(buildOrderMessage(envelope, message({ lines: [line({ eclass: '27-06-03-01' })] })));
    const classes = childrenNamed(childNamed(items(root)[0], 'ItemDetail'), 'Classification');
    expect(classes.map((c) => [c.attributes.domain, textOf(c)])).toEqual([
      ['UNSPSC', '26121609'],
      ['eCl@ss', '27-06-03-01'],
    ]);
  });

  it("names each line in the session's language, with the xml:lang of the text's real language", () => {
    const texts = { de: { name: 'Belkin HDMI-Kabel, 1,5 m' }, en: { name: 'Belkin HDMI cable, 1.5 m' } };
    const lines = [
      line({ name: 'stored', texts }),
      line({ name: 'stored', texts: { en: texts.en }, offerId: 'o2' }),
    ];
    const described = (lang: string) =>
      items(parse(buildOrderMessage({ ...envelope, lang }, message({ lines })))).map((item) => {
        const description = pathOf(item, ['ItemDetail', 'Description'])!;
        return [description.attributes['xml:lang'], textOf(childNamed(description, 'ShortName'))];
      });
    expect(described('de-DE')).toEqual([
      ['de-DE', 'Belkin HDMI-Kabel, 1,5 m'],
      ['en', 'Belkin HDMI cable, 1.5 m'],
    ]);
    expect(described('en-US')).toEqual([
      ['en-US', 'Belkin HDMI cable, 1.5 m'],
      ['en-US', 'Belkin HDMI cable, 1.5 m'],
    ]);
    // A language the catalog has no texts in: English first; a name stored without a language keeps the request's tag.
    expect(described('fr-FR')[0]).toEqual(['en', 'Belkin HDMI cable, 1.5 m']);
    const stored = parse(buildOrderMessage({ ...envelope, lang: 'de-DE' }, message({ lines: [line()] })));
    expect(pathOf(items(stored)[0], ['ItemDetail', 'Description'])!.attributes['xml:lang']).toBe('de-DE');
  });

  it('refuses a cart in two currencies (cXML has one Total)', () => {
    expect(() =>
      buildOrderMessage(envelope, message({ lines: [line(), line({ currency: 'USD', offerId: 'o2' })] })),
    ).toThrow(/one currency/);
  });
});

describe('cxmlFormField', () => {
  const document = buildOrderMessage(envelope, message({ lines: [line({ name: 'Kabel Ä 電纜 & <x>' })] }));

  it('urlencoded: the document as it is, which the browser form-encodes', () => {
    const [name, value] = cxmlFormField(document, 'urlencoded');
    expect(name).toBe('cxml-urlencoded');
    expect(value).toBe(document);
    // What a receiver's form parser gets back after the browser's encoding:
    const posted = new URLSearchParams([[name, value]]).toString();
    expect(new URLSearchParams(posted).get('cxml-urlencoded')).toBe(document);
  });

  it('base64: the UTF-8 bytes of the document', () => {
    const [name, value] = cxmlFormField(document, 'base64');
    expect(name).toBe('cxml-base64');
    expect(value).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(value, 'base64').toString('utf8')).toBe(document);
  });
});

describe('setup and status responses', () => {
  it('PunchOutSetupResponse: Status 200 and the StartPage URL, escaped', () => {
    const root = parse(buildSetupResponse(envelope, 'https://gw.example/punchout/start/pst_a?x=1&y=2'));
    const response = childNamed(root, 'Response')!;
    expect(childNamed(response, 'Status')!.attributes).toEqual({ code: '200', text: 'OK' });
    expect(textOf(pathOf(response, ['PunchOutSetupResponse', 'StartPage', 'URL']))).toBe(
      'https://gw.example/punchout/start/pst_a?x=1&y=2',
    );
  });

  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [406, 'Not Acceptable'],
    [409, 'Conflict'],
    [500, 'Internal Server Error'],
  ] as const)('Status %s carries its phrase and the text naming the element', (code, phrase) => {
    const root = parse(buildStatusResponse(envelope, code, 'BrowserFormPost/URL <is> "wrong" & \'bad\''));
    const status = pathOf(root, ['Response', 'Status'])!;
    expect(status.attributes).toEqual({ code: String(code), text: phrase, 'xml:lang': 'en' });
    expect(textOf(status)).toBe('BrowserFormPost/URL <is> "wrong" & \'bad\'');
    expect(pathOf(root, ['Response', 'PunchOutSetupResponse'])).toBeUndefined();
  });

  it('payloadIDs are unique: time, 64 random bits, our host', () => {
    const now = new Date('2026-11-27T13:40:00Z');
    const ids = new Set(Array.from({ length: 1000 }, () => newPayloadId('gw.example', now)));
    expect(ids.size).toBe(1000);
    expect([...ids][0]).toMatch(new RegExp(`^${now.getTime()}\\.[0-9a-f]{16}@gw\\.example$`));
  });
});
