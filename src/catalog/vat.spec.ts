import Decimal from 'decimal.js';
import { cartTotals, currencyDigits, lineNet, netAmount, taxLabel } from './vat';

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

  it('knows minor units from Intl', () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
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
