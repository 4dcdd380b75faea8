import { currencyTotalsOf, unitPriceText } from './cart-figures';

describe('cart figures from stored lines', () => {
  it('adds the net amounts, VAT once per rate, gross = net + VAT, per currency sorted by code', () => {
    expect(
      currencyTotalsOf([
        { currency: 'EUR', lineNet: '456.3600', vatRate: '19.00' },
        { currency: 'EUR', lineNet: '60.0000', vatRate: '7.00' },
        { currency: 'EUR', lineNet: '82.8000', vatRate: '19.00' },
        { currency: 'USD', lineNet: '100.0000', vatRate: null },
        { currency: 'JPY', lineNet: '5451.0000', vatRate: '10.00' },
      ]),
    ).toEqual([
      // 539.16 x 19% = 102.4404; 60.00 x 7% = 4.20
      {
        currency: 'EUR',
        net: '599.16',
        vat: [
          { rate: '19', net: '539.16', vat: '102.44' },
          { rate: '7', net: '60.00', vat: '4.20' },
        ],
        vatTotal: '106.64',
        gross: '705.80',
      },
      // 5451 x 10% = 545.1 -> 545
      {
        currency: 'JPY',
        net: '5451',
        vat: [{ rate: '10', net: '5451', vat: '545' }],
        vatTotal: '545',
        gross: '5996',
      },
      // No rate stated: no gross figure.
      { currency: 'USD', net: '100.00', vat: [], vatTotal: '0.00', gross: null },
    ]);
    expect(currencyTotalsOf([])).toEqual([]);
  });

  it("shows a unit price with the currency's digits, or the four an older posted price carries", () => {
    expect(unitPriceText('38.0300', 'EUR')).toBe('38.03');
    expect(unitPriceText('38.0252', 'EUR')).toBe('38.0252');
    expect(unitPriceText('1817.0000', 'JPY')).toBe('1817');
    expect(unitPriceText('12.3450', 'KWD')).toBe('12.345');
  });
});
