import { Finding, FindingRules, LineFacts, lineFindings, orderFindingCodes } from './order-findings';

const TRANSFERRED_AT = new Date('2026-11-20T10:00:00Z');
const RULES: FindingRules = {
  priceTolerancePercent: 0,
  cartMaxAgeDays: 7,
  receivedAt: new Date('2026-11-21T10:00:00Z'),
};

function facts(
  change: { ordered?: Partial<LineFacts['ordered']> } & Partial<Omit<LineFacts, 'ordered'>> = {},
): LineFacts {
  const { ordered, ...rest } = change;
  return {
    ordered: {
      cartLineKey: 'AAAAAAAAAAAAAAAAAAAAAA.1',
      adHoc: false,
      quantity: '10',
      unitPrice: '4.00',
      priceUnitQuantity: 1,
      currency: 'EUR',
      unit: 'PCE',
      ...ordered,
    },
    transferred: {
      quantity: 10,
      unitPrice: '4.0000',
      priceUnitQuantity: 1,
      currency: 'EUR',
      unit: 'PCE',
      transferredAt: TRANSFERRED_AT,
    },
    blockedNow: false,
    orderedBefore: false,
    ...rest,
  };
}

const codes = (findings: Finding[]) => findings.map((finding) => finding.code);

describe('lineFindings', () => {
  it('finds nothing when the line is ordered as it was transferred', () => {
    expect(lineFindings(facts(), RULES)).toEqual([]);
  });

  it('marks any price difference with the default tolerance of 0, up and down, with both prices', () => {
    const raised = lineFindings(facts({ ordered: { unitPrice: '4.01' } }), RULES);
    expect(raised).toEqual([
      {
        code: 'price_changed',
        detail: {
          transferred: '4',
          transferredPriceUnit: 1,
          ordered: '4.01',
          orderedPriceUnit: 1,
          currency: 'EUR',
          changePercent: '0.25',
        },
      },
    ]);
    expect(codes(lineFindings(facts({ ordered: { unitPrice: '3.99' } }), RULES))).toEqual(['price_changed']);
  });

  it('allows a difference within ORDER_PRICE_TOLERANCE_PERCENT and marks one beyond it', () => {
    const rules = { ...RULES, priceTolerancePercent: '2.5' };
    expect(codes(lineFindings(facts({ ordered: { unitPrice: '4.10' } }), rules))).toEqual([]);
    expect(codes(lineFindings(facts({ ordered: { unitPrice: '4.11' } }), rules))).toEqual(['price_changed']);
  });

  it('compares prices per unit when the order states another price unit', () => {
    expect(lineFindings(facts({ ordered: { unitPrice: '400', priceUnitQuantity: 100 } }), RULES)).toEqual([]);
    expect(
      codes(lineFindings(facts({ ordered: { unitPrice: '401', priceUnitQuantity: 100 } }), RULES)),
    ).toEqual(['price_changed']);
  });

  it('marks quantity, unit and currency changes (prices in two currencies are not compared)', () => {
    expect(codes(lineFindings(facts({ ordered: { quantity: '12' } }), RULES))).toEqual(['quantity_changed']);
    expect(codes(lineFindings(facts({ ordered: { quantity: '10.0000' } }), RULES))).toEqual([]);
    expect(codes(lineFindings(facts({ ordered: { unit: 'BX' } }), RULES))).toEqual(['unit_changed']);
    expect(codes(lineFindings(facts({ ordered: { unit: null } }), RULES))).toEqual([]);
    expect(codes(lineFindings(facts({ ordered: { currency: 'USD', unitPrice: '9' } }), RULES))).toEqual([
      'currency_changed',
    ]);
  });

  it('marks a line without key, with an unknown key or typed in as not from a punchout, and says why', () => {
    expect(lineFindings(facts({ ordered: { cartLineKey: null }, transferred: undefined }), RULES)).toEqual([
      { code: 'not_from_punchout', detail: { why: 'no_key' } },
    ]);
    expect(lineFindings(facts({ transferred: undefined }), RULES)).toEqual([
      { code: 'not_from_punchout', detail: { why: 'unknown_key' } },
    ]);
    expect(lineFindings(facts({ ordered: { adHoc: true } }), RULES)).toEqual([
      { code: 'not_from_punchout', detail: { why: 'ad_hoc' } },
    ]);
  });

  it('marks a blocked offer, also on a line typed in', () => {
    expect(codes(lineFindings(facts({ blockedNow: true }), RULES))).toEqual(['blocked']);
    expect(codes(lineFindings(facts({ blockedNow: true, transferred: undefined }), RULES))).toEqual([
      'blocked',
      'not_from_punchout',
    ]);
  });

  it('marks a cart ordered more than ORDER_CART_MAX_AGE_DAYS after its transfer, not one on the day', () => {
    const at = (iso: string) => ({ ...RULES, receivedAt: new Date(iso) });
    expect(codes(lineFindings(facts(), at('2026-11-27T10:00:00Z')))).toEqual([]);
    expect(lineFindings(facts(), at('2026-11-27T10:00:01Z'))).toEqual([
      {
        code: 'stale_cart',
        detail: { transferredAt: TRANSFERRED_AT.toISOString(), ageDays: 7, maxAgeDays: 7 },
      },
    ]);
  });

  it('marks a cart line ordered before under another order id', () => {
    expect(codes(lineFindings(facts({ orderedBefore: true }), RULES))).toEqual(['already_ordered']);
  });
});

describe('orderFindingCodes', () => {
  it("lists every line's codes once, in the documented order", () => {
    const line = (...list: Finding['code'][]) => list.map((code) => ({ code, detail: {} }));
    expect(
      orderFindingCodes([
        line('quantity_changed'),
        line(),
        line('price_changed', 'quantity_changed'),
        line('blocked'),
      ]),
    ).toEqual(['blocked', 'price_changed', 'quantity_changed']);
    expect(orderFindingCodes([])).toEqual([]);
  });
});
