import type { SupplierItemPrice } from './supplier-item';

/**
 * The one price CIF (Unit Price) and cXML (UnitPrice) give an item: what the buyer pays before tax,
 * from quantity 1, within its validity. Neither format states a VAT rate.
 */
export function singleNetPrice(
  amount: string,
  currency: string,
  validity: { validFrom: string | null; validTo: string | null },
  sourceType: string,
): SupplierItemPrice {
  return { amount, currency, includesVat: false, vatRate: null, lowerBound: '1', ...validity, sourceType };
}
