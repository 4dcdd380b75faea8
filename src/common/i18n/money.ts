import { Language } from './language';

export const LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE' };

const formatters = new Map<string, Intl.NumberFormat>();

/** Localized money text (Intl), cached per language and currency. */
export function formatMoney(amount: number, currency: string, language: Language, digits?: number): string {
  const key = `${language}:${currency}:${digits ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency,
      ...(digits !== undefined ? { minimumFractionDigits: digits, maximumFractionDigits: digits } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}
