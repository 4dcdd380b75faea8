import fc from 'fast-check';
import { divideHalfUp, scaledUnits, unitsText } from '../../../test/support/exact-decimal';
import {
  cartLinePrice,
  PricedOffer,
  quantityBounds,
  quantityProblem,
  quotedPriceAt,
  samePrice,
  tierAt,
  unitPriceAt,
} from './offer-pricing';

const offer = (overrides: Partial<PricedOffer> = {}): PricedOffer => ({
  price: '4.5000',
  currency: 'EUR',
  quantityTiers: [
    { minQuantity: 50, price: 3.5 },
    { minQuantity: 10, price: 4.0 },
  ],
  priceUnitQuantity: 1,
  quantityMin: 1,
  quantityMax: 100,
  vatRate: '19',
  priceIncludesVat: false,
  ...overrides,
});

describe('offer pricing', () => {
  it('applies the highest tier whose minQuantity is reached, as quoted and as THE unit price', () => {
    const net = offer();
    expect(tierAt(net, 9)).toBeUndefined();
    expect([9, 10, 49, 50].map((q) => quotedPriceAt(net, q).toFixed(2))).toEqual([
      '4.50',
      '4.00',
      '4.00',
      '3.50',
    ]);
    const gross = offer({ priceIncludesVat: true });
    // 4.50 / 1.19 = 3.7815..., 4.00 / 1.19 = 3.3613..., 3.50 / 1.19 = 2.9411...
    expect([9, 10, 50].map((q) => unitPriceAt(gross, q).toFixed())).toEqual(['3.78', '3.36', '2.94']);
  });

  it('takes the net of a gross quote once, to the minor unit: 45.25 incl. 19% is 38.03, so 12 cost 456.36', () => {
    const desk = offer({ price: '45.25', quantityTiers: [], priceIncludesVat: true });
    expect(cartLinePrice(desk, 12)).toEqual({
      unitPrice: '38.03',
      currency: 'EUR',
      vatRate: '19',
      priceUnitQuantity: 1,
      lineNet: '456.36',
    });
    expect(cartLinePrice(desk, 3).lineNet).toBe('114.09');
  });

  it('rounds in the currency: yen to whole yen, dinar to three decimals, per price unit', () => {
    const yen = offer({
      price: '1999',
      currency: 'JPY',
      quantityTiers: [],
      vatRate: '10',
      priceIncludesVat: true,
    });
    expect(cartLinePrice(yen, 3)).toMatchObject({ unitPrice: '1817', lineNet: '5451' });
    const dinar = offer({ price: '12.345', currency: 'KWD', quantityTiers: [], vatRate: null });
    expect(cartLinePrice(dinar, 2)).toMatchObject({ unitPrice: '12.345', lineNet: '24.690', vatRate: null });
    // Screws at 12.50 per 100 incl. 19% (10.5042... -> 10.50 per 100): 250 cost 26.25.
    const screws = offer({
      price: '12.50',
      quantityTiers: [],
      priceIncludesVat: true,
      priceUnitQuantity: 100,
    });
    expect(cartLinePrice(screws, 250)).toMatchObject({ unitPrice: '10.50', lineNet: '26.25' });
  });

  it('compares a stored line with the price it has now, amounts as decimals', () => {
    const price = cartLinePrice(offer(), 10);
    const stored = { unitPrice: '4.0000', currency: 'EUR', vatRate: '19.00', priceUnitQuantity: 1 };
    expect(samePrice(stored, price)).toBe(true);
    expect(samePrice({ ...stored, unitPrice: '4.0001' }, price)).toBe(false);
    expect(samePrice({ ...stored, vatRate: '7.00' }, price)).toBe(false);
    expect(samePrice({ ...stored, vatRate: null }, price)).toBe(false);
    expect(samePrice({ ...stored, currency: 'USD' }, price)).toBe(false);
    expect(samePrice({ ...stored, priceUnitQuantity: 10 }, price)).toBe(false);
  });

  const currencies = [
    { currency: 'EUR', digits: 2 },
    { currency: 'USD', digits: 2 },
    { currency: 'JPY', digits: 0 },
    { currency: 'KWD', digits: 3 },
  ];
  const rates = ['0', '5.5', '7', '10', '19', '21'];

  it('property: THE unit price is the quote without VAT, rounded half-up once to the minor unit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.constantFrom(...rates),
        fc.boolean(),
        fc.bigInt({ min: 1n, max: 99_999_999_999_999n }),
        ({ currency, digits }, rate, gross, quoteUnits) => {
          const quote = unitsText(quoteUnits, 4);
          const priced = offer({
            price: quote,
            currency,
            quantityTiers: [],
            vatRate: rate,
            priceIncludesVat: gross,
          });
          // net = quote x 100 / (100 + rate), in 10^-digits units, half-up.
          const rate100 = scaledUnits(rate, 2); // rate x 100
          const expected = gross
            ? divideHalfUp(quoteUnits * 10n ** BigInt(digits) * 10_000n, 10n ** 4n * (10_000n + rate100))
            : divideHalfUp(quoteUnits * 10n ** BigInt(digits), 10n ** 4n);
          expect(unitPriceAt(priced, 1).toFixed(digits)).toBe(unitsText(expected, digits));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: a line is unit x quantity exactly, up to 999,999 x 100,000,000 (per N: / N, half-up)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.bigInt({ min: 0n, max: 10_000_000_000n }),
        fc.integer({ min: 1, max: 999_999 }),
        fc.constantFrom(1, 1, 10, 100, 1000),
        ({ currency, digits }, unitMinor, quantity, priceUnit) => {
          const unit = unitsText(unitMinor, digits);
          const priced = offer({
            price: unit,
            currency,
            quantityTiers: [],
            vatRate: null,
            priceUnitQuantity: priceUnit,
          });
          const line = cartLinePrice(priced, quantity);
          expect(line.unitPrice).toBe(unit);
          const expected = divideHalfUp(unitMinor * BigInt(quantity), BigInt(priceUnit));
          expect(scaledUnits(line.lineNet, digits)).toBe(expected);
          if (priceUnit === 1) expect(scaledUnits(line.lineNet, digits)).toBe(unitMinor * BigInt(quantity));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('quantities in steps (BMEcat QUANTITY_MIN and QUANTITY_INTERVAL)', () => {
  const limits = { quantityMin: 10, quantityMax: 48, quantityInterval: 5 };

  it('counts the steps from the minimum, and the largest quantity is the last step within the maximum', () => {
    expect(quantityBounds(limits)).toEqual({ min: 10, max: 45, step: 5 });
  });

  it.each([
    [10, null],
    [15, null],
    [45, null],
    [5, 'below_min'],
    [12, 'not_in_steps'],
    [20.5, 'not_a_number'],
    [50, 'above_max'],
  ] as const)('quantity %d: %s', (quantity, problem) => {
    expect(quantityProblem(limits, quantity)).toBe(problem);
  });

  it('accepts any whole quantity from the minimum when the offer states no interval', () => {
    expect(quantityProblem({ quantityMin: 3, quantityMax: null, quantityInterval: null }, 4)).toBeNull();
  });
});
