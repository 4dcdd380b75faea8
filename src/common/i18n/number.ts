import { Language } from './language';
import { LOCALES } from './money';

/** One formatter per language: constructing an Intl.NumberFormat costs far more than formatting. */
const formatters = new Map<Language, Intl.NumberFormat>();

/** A plain number (a count, a rating) in the reader's language: 1.234 and 4,5 in German, 1,234 and 4.5 in English. */
export function formatNumber(value: number, language: Language): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language]);
    formatters.set(language, formatter);
  }
  return formatter.format(value);
}
