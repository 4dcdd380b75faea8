import Decimal from 'decimal.js';
import fc from 'fast-check';
import { formatMoney } from '../common/i18n/money';
import { cartTotals, currencyDigits, lineNet, netAmount, netUnitPrice, taxLabel } from './vat';
import { divideHalfUp, scaledUnits, unitsText } from '../../test/support/exact-decimal';

const d = (value: string) => new Decimal(value);

describe('VAT arithmetic', () => {
  it('derives a net price from a gross one at 4 decimals, half away from zero', () => {
    expect(netAmount('119.00', { vatRate: '19', priceIncludesVat: true }).toString()).toBe('100');
    expect(netAmount('135.00', { vatRate: 19, priceIncludesVat: true }).toFixed(4)).toBe('113.4454');
    expect(netAmount('10.70', { vatRate: '7', priceIncludesVat: true }).toFixed(4)).toBe('10.0000');
    // 0.05 / 1.19 = 0.042016...
    expect(netAmount('0.05', { vatRate: '19', priceIncludesVat: true }).toFixed(4)).toBe('0.0420');
  });

  it('leaves a net price as it is, with or without a stated rate', () => {
    expect(netAmount('82.80', { vatRate: '19', priceIncludesVat: false }).toFixed(2)).toBe('82.80');
    expect(netAmount('82.80', { vatRate: null, priceIncludesVat: false }).toFixed(2)).toBe('82.80');
  });

  it('rounds a line to the currency minor unit, per price unit', () => {
    expect(lineNet('113.4454', 1, 1, 'EUR').toFixed(2)).toBe('113.45');
    expect(lineNet('0.0420', 7, 1, 'EUR').toFixed(2)).toBe('0.29'); // 0.294
    expect(lineNet('12.345', 1, 1, 'EUR').toFixed(2)).toBe('12.35'); // half up, not banker's
    expect(lineNet('25.00', 150, 100, 'EUR').toFixed(2)).toBe('37.50'); // 25 per 100 pieces
    expect(lineNet('1234.5', 1, 1, 'JPY').toString()).toBe('1235');
  });

  it('knows minor units from ISO 4217 (not from what Intl shows)', () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    // Intl (CLDR) shows forints without fillér; ISO 4217 has two digits.
    expect(currencyDigits('HUF')).toBe(2);
    expect(currencyDigits('QQQ')).toBe(2);
  });

  it('takes THE unit price of a gross quote once, to the minor unit', () => {
    const gross = { vatRate: '19', priceIncludesVat: true };
    expect(netUnitPrice('45.25', gross, 'EUR').toFixed(2)).toBe('38.03'); // 38.0252...
    // 38.024957... is 38.0250 at the catalog's precision, and would be 38.03 after a second rounding.
    expect(netUnitPrice('45.2497', gross, 'EUR').toFixed(2)).toBe('38.02');
    expect(netAmount('45.2497', gross).toFixed(4)).toBe('38.0250');
    expect(netUnitPrice('1999', { vatRate: '10', priceIncludesVat: true }, 'JPY').toFixed(0)).toBe('1817');
    expect(netUnitPrice('82.80', { vatRate: '19', priceIncludesVat: false }, 'EUR').toFixed(2)).toBe('82.80');
  });

  it('is exact at 999,999 x 100,000,000 incl. VAT, also in the text shown', () => {
    const unit = netUnitPrice('100000000.00', { vatRate: '19', priceIncludesVat: true }, 'EUR');
    expect(unit.toFixed(2)).toBe('84033613.45');
    const [eur] = cartTotals([{ currency: 'EUR', net: lineNet(unit, 999_999, 1, 'EUR'), vatRate: d('19') }]);
    expect(eur.net.toFixed(2)).toBe('84033529416386.55'); // 84,033,613.45 x 999,999
    expect(eur.vat[0].vat.toFixed(2)).toBe('15966370589113.44'); // 19% of it: ...113.4445
    expect(eur.gross?.toFixed(2)).toBe('99999900005499.99');
    // A binary float cannot hold these to the cent: the text is formatted from the decimal.
    expect(formatMoney(eur.gross!, 'EUR', 'en')).toBe('€99,999,900,005,499.99');
    expect(formatMoney(eur.gross!, 'EUR', 'de')).toBe('99.999.900.005.499,99\u00a0€');
  });

  const currencies = [
    { currency: 'EUR', digits: 2 },
    { currency: 'JPY', digits: 0 },
    { currency: 'KWD', digits: 3 },
  ];
  const line = fc.record({
    units: fc.bigInt({ min: 0n, max: 10_000_000_000_000n }),
    rate: fc.constantFrom('0', '5.5', '7', '19', null),
  });

  it('property: VAT once per rate on the rate net sum; total = net + VAT; net = the lines added up', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.array(line, { minLength: 1, maxLength: 12 }),
        (cur, lines) => {
          const { currency, digits } = cur;
          const [totals] = cartTotals(
            lines.map((l) => ({
              currency,
              net: d(unitsText(l.units, digits)),
              vatRate: l.rate === null ? null : d(l.rate),
            })),
          );
          const net = lines.reduce((sum, l) => sum + l.units, 0n);
          expect(scaledUnits(totals.net.toFixed(digits), digits)).toBe(net);
          const byRate = new Map<string, bigint>();
          for (const l of lines)
            if (l.rate !== null) byRate.set(l.rate, (byRate.get(l.rate) ?? 0n) + l.units);
          const vat = [...byRate.entries()].map(([rate, sum]) => [
            rate,
            divideHalfUp(sum * scaledUnits(rate, 2), 10_000n),
          ]) as Array<[string, bigint]>;
          expect(
            totals.vat.map((share) => [
              share.rate.toString(),
              scaledUnits(share.vat.toFixed(digits), digits),
            ]),
          ).toEqual(vat.sort((a, b) => Number(b[0]) - Number(a[0])));
          const vatSum = vat.reduce((sum, [, v]) => sum + v, 0n);
          expect(scaledUnits(totals.vatTotal.toFixed(digits), digits)).toBe(vatSum);
          if (lines.some((l) => l.rate === null)) expect(totals.gross).toBeNull();
          else expect(scaledUnits(totals.gross!.toFixed(digits), digits)).toBe(net + vatSum);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('totals net lines, VAT once per rate, and gross = net + VAT (never net + gross)', () => {
    // The defect this replaces: 82.80 net + 135.00 gross were summed to 217.80.
    const lines = [
      { currency: 'EUR', net: lineNet('82.80', 1, 1, 'EUR'), vatRate: d('19') },
      {
        currency: 'EUR',
        net: lineNet(netAmount('135.00', { vatRate: '19', priceIncludesVat: true }), 1, 1, 'EUR'),
        vatRate: d('19'),
      },
      {
        currency: 'EUR',
        net: lineNet(netAmount('21.40', { vatRate: '7', priceIncludesVat: true }), 2, 1, 'EUR'),
        vatRate: d('7'),
      },
    ];
    const [eur] = cartTotals(lines);
    expect(eur.net.toFixed(2)).toBe('236.25'); // 82.80 + 113.45 + 40.00
    expect(
      eur.vat.map((share) => [share.rate.toString(), share.net.toFixed(2), share.vat.toFixed(2)]),
    ).toEqual([
      ['19', '196.25', '37.29'], // 37.2875
      ['7', '40.00', '2.80'],
    ]);
    expect(eur.gross?.toFixed(2)).toBe('276.34');
  });

  it('keeps currencies apart and has no gross where a line does not state its VAT', () => {
    const totals = cartTotals([
      { currency: 'EUR', net: d('10.00'), vatRate: d('19') },
      { currency: 'CHF', net: d('5.00'), vatRate: d('8.1') },
      { currency: 'EUR', net: d('3.00'), vatRate: null },
    ]);
    expect(totals.map((t) => t.currency)).toEqual(['EUR', 'CHF']);
    expect(totals[0].net.toFixed(2)).toBe('13.00');
    expect(totals[0].netWithoutVat.toFixed(2)).toBe('3.00');
    expect(totals[0].gross).toBeNull();
    expect(totals[1].vat[0].vat.toFixed(2)).toBe('0.41'); // 0.405
    expect(totals[1].gross?.toFixed(2)).toBe('5.41');
  });

  it('labels tax from the facts in the caller language, the vendor text only when facts say nothing', () => {
    expect(taxLabel({ vatRate: '19', priceIncludesVat: true }, null, 'en')).toBe('incl. 19% VAT');
    expect(taxLabel({ vatRate: '7', priceIncludesVat: true }, null, 'de')).toBe('inkl. 7 % MwSt.');
    expect(taxLabel({ vatRate: '19', priceIncludesVat: false }, 'excl. VAT', 'de')).toBe('zzgl. 19 % MwSt.');
    expect(taxLabel({ vatRate: '5.5', priceIncludesVat: false }, null, 'de')).toBe('zzgl. 5,5 % MwSt.');
    expect(taxLabel({ vatRate: null, priceIncludesVat: false }, 'excl. VAT', 'de')).toBe('zzgl. MwSt.');
    expect(taxLabel({ vatRate: null, priceIncludesVat: false }, null, 'en')).toBeNull();
  });
});
