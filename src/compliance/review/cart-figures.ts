import { cartTotals, currencyDigits, minorUnitText, Money, type MoneyValue } from '../../catalog/vat';
import type { CurrencyTotalResponse } from './dto/audit-review.response';

/** A cart line as stored (decimal columns as text): what its figures are computed from. */
export interface StoredLine {
  currency: string;
  /** The line's net amount as stored (unit price x quantity / price unit, rounded when the line was priced). */
  lineNet: MoneyValue;
  vatRate: MoneyValue | null;
}

/**
 * A cart's totals per currency, sorted by currency code, from its lines as stored (a transferred
 * cart's lines are the lines as posted): the net amounts added up, VAT once per rate on that rate's
 * net sum, gross = net + VAT (null when a line states no rate). The cart page's arithmetic
 * (catalog/vat.ts), so the console shows what the buyer saw.
 */
export function currencyTotalsOf(lines: readonly StoredLine[]): CurrencyTotalResponse[] {
  return cartTotals(
    lines.map((line) => ({
      currency: line.currency,
      net: new Money(line.lineNet),
      vatRate: line.vatRate === null ? null : new Money(line.vatRate),
    })),
  )
    .sort((a, b) => a.currency.localeCompare(b.currency))
    .map((total) => ({
      currency: total.currency,
      net: minorUnitText(total.net, total.currency),
      vat: total.vat.map((share) => ({
        rate: share.rate.toString(),
        net: minorUnitText(share.net, total.currency),
        vat: minorUnitText(share.vat, total.currency),
      })),
      vatTotal: minorUnitText(total.vatTotal, total.currency),
      gross: total.gross === null ? null : minorUnitText(total.gross, total.currency),
    }));
}

/**
 * A stored unit price as text: with the currency's minor-unit digits, or with all it has where it
 * has more (lines posted before unit prices were rounded to the minor unit carry four: 38.0252).
 */
export function unitPriceText(unitPrice: MoneyValue, currency: string): string {
  const amount = new Money(unitPrice);
  return amount.toFixed(Math.max(currencyDigits(currency), amount.decimalPlaces()));
}
