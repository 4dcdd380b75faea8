import type { SupplierItemPrice } from '../formats/supplier-item';
import { completenessOf, offerPrices } from './supplier-item.mapper';
import { blankSupplierItem } from '../formats/blank-supplier-item';

const NOW = new Date('2026-11-29T10:00:00Z');
const price = (
  amount: string,
  lowerBound = '1',
  more: Partial<SupplierItemPrice> = {},
): SupplierItemPrice => ({
  amount,
  currency: 'EUR',
  includesVat: false,
  vatRate: '19',
  lowerBound,
  validFrom: null,
  validTo: null,
  sourceType: 'net_customer',
  ...more,
});

describe('the offer price of a supplier item', () => {
  it('takes the lowest bound as the price and the higher ones as quantity tiers', () => {
    expect(offerPrices([price('4.19', '250'), price('4.89', '5'), price('4.49', '50')], NOW)).toMatchObject({
      price: '4.89',
      currency: 'EUR',
      quantityTiers: [
        { minQuantity: 50, price: 4.49 },
        { minQuantity: 250, price: 4.19 },
      ],
    });
  });

  it('uses only prices valid today (a date-only end is valid through that day)', () => {
    const expired = price('9.00', '1', { validFrom: '2025-01-01', validTo: '2025-12-31' });
    const current = price('8.00', '1', { validFrom: '2026-01-01', validTo: '2026-11-29' });
    expect(offerPrices([expired, current], NOW)).toMatchObject({
      price: '8.00',
      validTo: '2026-11-29T23:59:59.999Z',
    });
    expect(offerPrices([expired], NOW)).toEqual({
      reason: 'no usable price: none of its prices is valid today or later',
    });
  });

  it('takes the first period to come when no price is valid yet (offered from its start)', () => {
    const later = price('7.00', '1', { validFrom: '2027-03-01', validTo: '2027-12-31' });
    const soon = price('7.50', '1', { validFrom: '2027-01-01', validTo: '2027-02-28' });
    const soonTier = price('7.20', '10', { validFrom: '2027-01-01', validTo: '2027-02-28' });
    expect(offerPrices([later, soon, soonTier], NOW)).toMatchObject({
      price: '7.50',
      quantityTiers: [{ minQuantity: 10, price: 7.2 }],
      validFrom: '2027-01-01',
      validTo: '2027-02-28T23:59:59.999Z',
    });
  });

  it('never imports at 0, in mixed currencies, gross without VAT or with more than four decimals', () => {
    expect(offerPrices([], NOW)).toEqual({ reason: 'no usable price' });
    expect(offerPrices([price('0')], NOW)).toEqual({ reason: 'no usable price: the price is 0' });
    expect(offerPrices([price('1'), price('0.9', '10', { currency: 'CHF' })], NOW)).toEqual({
      reason: 'no usable price: its prices are in different currencies',
    });
    expect(offerPrices([price('1.19', '1', { includesVat: true, vatRate: null })], NOW)).toEqual({
      reason: 'no usable price: a gross price without its VAT rate',
    });
    expect('reason' in offerPrices([price('1.23456')], NOW)).toBe(true);
  });
});

describe('completeness', () => {
  it('counts descriptions and names per language, pictures, features and classes', () => {
    const item = blankSupplierItem('upsert', 1, 'P1');
    expect(completenessOf(item)).toBe(0);
    item.name = { de: 'Name', en: 'Name' };
    item.description = { de: 'Beschreibung' };
    item.features = [{ name: { de: 'Farbe' }, values: [{ de: 'rot' }], unit: null }];
    expect(completenessOf(item)).toBe(2 * 2 + 4 + 1);
  });
});
