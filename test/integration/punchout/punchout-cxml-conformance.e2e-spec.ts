import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newEnvelope } from '../../../src/cxml/cxml-envelope';
import { buildOrderMessage, CxmlOrderMessage } from '../../../src/punchout/cxml/cxml-order-message.builder';
import { buildStatusResponse } from '../../../src/cxml/cxml-status.builder';
import { buildSetupResponse } from '../../../src/punchout/cxml/cxml-setup-response.builder';
import { parseCxmlSetupRequest } from '../../../src/punchout/cxml/cxml-setup-request.parser';
import type { CartLine } from '../../../src/punchout/core/cart-line';
import { CXML_DTD, describeWithCxmlDtd, expectValidCxml, validateCxml } from '../../support/cxml-dtd';

/**
 * Every kind of document the builders emit, in its variants, validated with xmllint against the
 * cXML 1.2.063 DTD. (The gateway's own answers over HTTP are validated in the integration specs.)
 */
const SAMPLES = join(CXML_DTD, '..', '..', 'samples');

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
    eclass: '27-06-03-01',
    category: { schema: 'UNSPSC', id: '26121609' },
    vendor: 'Cables Inc',
    condition: 'new',
    features: [],
    offerId: 'offer-1',
    orderKey: null,
    ...overrides,
  };
}

const base: CxmlOrderMessage = {
  buyerCookie: 'cookie & <1>',
  operationAllowed: 'edit',
  lines: [line()],
  parties: {
    from: [{ domain: 'DUNS', identity: 'gateway' }],
    to: [
      { domain: 'NetworkID', identity: 'AN01000000001' },
      { domain: 'DUNS', identity: '123456789' },
    ],
    userAgent: 'Marketplace Procurement Gateway',
  },
  shipTo: null,
  defaultUnit: 'EA',
};

/** A sample request with the user our setup requires added (some samples name none). */
function withUser(document: string): string {
  return /UserEmail|<Contact/.test(document)
    ? document
    : document.replace(/(<\/BuyerCookie>)/, '$1<Extrinsic name="UserEmail">jane@acme.example</Extrinsic>');
}

const envelope = () => newEnvelope('gateway.example', new Date(), 'en-US');

describeWithCxmlDtd('cXML documents the gateway emits', () => {
  it('the DTD check can fail: an invalid document is refused', () => {
    const invalid = buildStatusResponse(envelope(), 400, 'x')
      .replace('<Status', '<Statut')
      .replace('</Status>', '</Statut>');
    expect(validateCxml(invalid).valid).toBe(false);
  });

  it.each([
    ['a cart of one line', base],
    [
      'lines named by their order keys (a transfer), and one by an offer id (a cart handed over before keys)',
      {
        ...base,
        lines: [line({ orderKey: 'kX2v7Qm0b1Yw9nR4tPz8aA.1' }), line({ offerId: 'o2', orderKey: null })],
      },
    ],
    ['an empty cart (cancel, expiry, failure)', { ...base, lines: [] }],
    ['inspect', { ...base, operationAllowed: 'inspect' as const }],
    [
      'lines without SKU, manufacturer, lead time, VAT or classification',
      {
        ...base,
        lines: [
          line({
            vendorMaterial: null,
            manufacturerCode: null,
            manufacturerPartNumber: null,
            leadTimeDays: null,
            vatRate: null,
            materialGroup: null,
            category: null,
            eclass: null,
          }),
        ],
      },
    ],
    [
      'many lines: rates 19, 7 and 5.5, a price per 100, an eCl@ss-only product, markup and non-Latin text',
      {
        ...base,
        lines: [
          line({ name: `A&B <b>"q"</b> 'x' Кабель 電纜 👨‍👩‍👧 ${'long '.repeat(30)}` }),
          line({ vatRate: '7', priceUnit: 100, price: '12.5', offerId: 'o2', unit: 'KGM' }),
          line({
            vatRate: '5.5',
            offerId: 'o3',
            category: { schema: 'ECLASS', id: '27-06' },
            materialGroup: null,
          }),
        ],
      },
    ],
  ])('PunchOutOrderMessage: %s', (_name, message) => {
    expectValidCxml(buildOrderMessage(envelope(), message));
  });

  it('PunchOutOrderMessage echoing the ShipTo of each sample request that has one', () => {
    let echoed = 0;
    for (const file of readdirSync(SAMPLES).filter((f) => /setup_?request/i.test(f))) {
      const parsed = parseCxmlSetupRequest(withUser(readFileSync(join(SAMPLES, file), 'utf8')));
      if (!parsed.ok) throw new Error(`${file}: ${parsed.problem.text}`);
      if (!parsed.request.shipTo) continue;
      expectValidCxml(buildOrderMessage(envelope(), { ...base, shipTo: parsed.request.shipTo.element }));
      echoed++;
    }
    expect(echoed).toBe(2);
  });

  it('PunchOutSetupResponse', () => {
    expectValidCxml(buildSetupResponse(envelope(), 'https://gw.example/punchout/start/pst_abc?x=1&y=2'));
  });

  it.each([400, 401, 403, 406, 409, 500] as const)('Status-only response %s', (code) => {
    expectValidCxml(buildStatusResponse(envelope(), code, 'Header/Sender/Credential: <bad> & "wrong"'));
  });

  it.each(['cxml-ruby-punch_out_setup_request_doc_coupa.xml', 'cxml-php-PunchOutSetupRequest.xml'])(
    "the real buyers' sample %s is accepted",
    (file) => {
      const parsed = parseCxmlSetupRequest(readFileSync(join(SAMPLES, file), 'utf8'));
      expect(parsed.ok).toBe(true);
    },
  );

  it('the sample that names no user (no UserEmail, no Contact) is refused with 400 saying so', () => {
    const file = 'cxml-ruby-punch_out_setup_request_doc_with_ship_to.xml';
    const parsed = parseCxmlSetupRequest(readFileSync(join(SAMPLES, file), 'utf8'));
    expect(parsed).toEqual({ ok: false, problem: { code: 400, text: expect.stringMatching(/UserEmail/) } });
  });
});
