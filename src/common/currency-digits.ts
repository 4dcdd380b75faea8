import { code } from 'currency-codes';

/**
 * Minor-unit digits of an ISO 4217 currency, from the standard's own table (EUR 2, JPY 0, KWD 3,
 * HUF 2): what money is rounded to and shown with. Intl's currency formats follow CLDR instead,
 * which shows some currencies (HUF, IDR, COP, ...) without their minor unit: a figure rounded to
 * cents would then be shown rounded again, so money is always shown with these digits (formatMoney).
 * A code the table does not know is taken to have two, the common case.
 */
export function currencyDigits(currency: string): number {
  return code(currency.toUpperCase())?.digits ?? 2;
}
