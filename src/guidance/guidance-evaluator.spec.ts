import {
  evaluateOffer,
  evaluateProduct,
  GuidanceRuleSpec,
  OfferFacts,
  ProductFacts,
} from './guidance-evaluator';

const product: ProductFacts = {
  id: 'P1',
  productCode: 'B0CODE1',
  brand: 'Leitz',
  categoryPath: '/office/filing/binders/',
  unspsc: '44122003',
};

const offer = (data: Partial<OfferFacts> = {}): OfferFacts => ({
  id: 'O1',
  vendor: 'Office World',
  condition: 'new',
  price: '10.00',
  currency: 'EUR',
  ...data,
  netPrice: data.netPrice ?? data.price ?? '10.00',
});

const rule = (
  data: Partial<GuidanceRuleSpec> & Pick<GuidanceRuleSpec, 'matcher' | 'value'>,
): GuidanceRuleSpec => ({
  id: `${data.effect ?? 'blocked'}-${data.matcher}-${data.value}`,
  effect: 'blocked',
  ...data,
});

describe('evaluateOffer', () => {
  it('flags nothing without rules', () => {
    expect(evaluateOffer([], product, offer())).toEqual({ preferred: false, blocked: false, ruleIds: [] });
  });

  it.each<[string, GuidanceRuleSpec, OfferFacts, boolean]>([
    ['vendor, ignoring case and spaces', rule({ matcher: 'vendor', value: ' office WORLD ' }), offer(), true],
    ['another vendor', rule({ matcher: 'vendor', value: 'Paper Palace' }), offer(), false],
    ['product id', rule({ matcher: 'product', value: 'P1' }), offer(), true],
    ['product id is exact', rule({ matcher: 'product', value: 'p1' }), offer(), false],
    ['product code', rule({ matcher: 'product_code', value: 'b0code1' }), offer(), true],
    ['brand', rule({ matcher: 'brand', value: 'LEITZ' }), offer(), true],
    ['category itself', rule({ matcher: 'category', value: 'binders' }), offer(), true],
    ['category subtree from an ancestor', rule({ matcher: 'category', value: 'office' }), offer(), true],
    [
      'a category name that is only a substring',
      rule({ matcher: 'category', value: 'binder' }),
      offer(),
      false,
    ],
    ['UNSPSC prefix', rule({ matcher: 'unspsc_prefix', value: '4412' }), offer(), true],
    ['UNSPSC of another family', rule({ matcher: 'unspsc_prefix', value: '4413' }), offer(), false],
    ['condition', rule({ matcher: 'condition', value: 'used' }), offer({ condition: 'used' }), true],
    ['other condition', rule({ matcher: 'condition', value: 'used' }), offer(), false],
    [
      'price above, same currency',
      rule({ matcher: 'price_above', value: '9.99', currency: 'EUR' }),
      offer(),
      true,
    ],
    [
      'price equal is not above',
      rule({ matcher: 'price_above', value: '10', currency: 'EUR' }),
      offer(),
      false,
    ],
    [
      'price above in another currency is not applied',
      rule({ matcher: 'price_above', value: '1', currency: 'USD' }),
      offer(),
      false,
    ],
  ])('matches by %s: %s', (_name, guidance, candidate, expected) => {
    expect(evaluateOffer([guidance], product, candidate).blocked).toBe(expected);
  });

  it('lets blocked beat preferred', () => {
    const rules = [
      rule({ effect: 'preferred', matcher: 'vendor', value: 'Office World' }),
      rule({ effect: 'blocked', matcher: 'brand', value: 'Leitz' }),
    ];
    expect(evaluateOffer(rules, product, offer())).toEqual({
      preferred: false,
      blocked: true,
      ruleIds: rules.map((r) => r.id),
    });
  });

  it('never matches a brand rule on a product without brand', () => {
    expect(
      evaluateOffer([rule({ matcher: 'brand', value: 'Leitz' })], { ...product, brand: null }, offer())
        .blocked,
    ).toBe(false);
  });
});

describe('evaluateProduct', () => {
  const offers = [
    offer({ id: 'cheap-used', price: '5.00', condition: 'used', vendor: 'Second Hand' }),
    offer({ id: 'preferred', price: '12.00', vendor: 'Preferred Supplies' }),
    offer({ id: 'cheap-new', price: '8.00', vendor: 'Budget Office' }),
    offer({ id: 'other-new', price: '8.00', vendor: 'Alpha Office' }),
  ];
  const rules = [
    rule({ matcher: 'condition', value: 'used' }),
    rule({ effect: 'preferred', matcher: 'vendor', value: 'Preferred Supplies' }),
  ];

  it('orders buyable before blocked, preferred first, then price, then id', () => {
    const verdict = evaluateProduct(rules, product, offers);
    expect(verdict.offers.map((o) => o.offer.id)).toEqual([
      'preferred',
      'cheap-new',
      'other-new',
      'cheap-used',
    ]);
  });

  it('shows the best buyable offer and is preferred when that offer is', () => {
    const verdict = evaluateProduct(rules, product, offers);
    expect(verdict.shown?.offer.id).toBe('preferred');
    expect(verdict).toMatchObject({ preferred: true, blocked: false });
  });

  it('shows the cheapest buyable offer when none is preferred', () => {
    const verdict = evaluateProduct([rules[0]], product, offers);
    expect(verdict.shown?.offer.id).toBe('cheap-new');
    expect(verdict).toMatchObject({ preferred: false, blocked: false });
  });

  it('is blocked when no offer can be bought, or when it has no offers', () => {
    const allBlocked = evaluateProduct([rule({ matcher: 'brand', value: 'Leitz' })], product, offers);
    expect(allBlocked).toMatchObject({ blocked: true, preferred: false, shown: undefined });
    expect(evaluateProduct([], product, [])).toMatchObject({ blocked: true, shown: undefined });
  });

  it('puts buyable offers in the marketplace currency first, before preferred ones in another', () => {
    const mixed = [
      offer({ id: 'usd-cheap', price: '1.00', currency: 'USD' }),
      offer({ id: 'usd-preferred', price: '2.00', currency: 'USD', vendor: 'Preferred Supplies' }),
      offer({ id: 'eur', price: '9.00' }),
      offer({ id: 'eur-used', price: '3.00', condition: 'used' }),
    ];
    expect(evaluateProduct(rules, product, mixed, 'EUR').offers.map((o) => o.offer.id)).toEqual([
      'eur',
      'usd-preferred',
      'usd-cheap',
      'eur-used',
    ]);
    // Without a currency, prices are compared as numbers across currencies.
    expect(evaluateProduct(rules, product, mixed).offers.map((o) => o.offer.id)).toEqual([
      'usd-preferred',
      'usd-cheap',
      'eur',
      'eur-used',
    ]);
  });
});
