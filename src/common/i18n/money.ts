import { currencyDigits } from '../currency-digits';
import { Language } from './language';

export const LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE' };

/**
 * An amount to show: a decimal (anything with toFixed(), such as a decimal.js Money), decimal text
 * ("118999881000000.01"), or a number (chart ticks and other figures that are not money sums).
 */
export type ShownAmount = number | string | { toFixed(): string };

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Localized money text (Intl), cached per language, currency and digits: with the currency's ISO
 * 4217 minor-unit digits unless `digits` says otherwise. Decimals and decimal text are formatted
 * exactly (Intl reads a string as a decimal, not as a binary float): 999,999 x EUR 100M incl. VAT is
 * 118,999,881,000,000.01, which a number cannot hold to the cent. Rounding, where the amount has more
 * digits, is half away from zero.
 */
export function formatMoney(
  amount: ShownAmount,
  currency: string,
  language: Language,
  digits: number = currencyDigits(currency),
): string {
  const key = `${language}:${currency}:${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  if (typeof amount === 'number') return formatter.format(amount);
  const text = typeof amount === 'string' ? amount : amount.toFixed();
  return formatter.format(text as Intl.StringNumericLiteral);
}
