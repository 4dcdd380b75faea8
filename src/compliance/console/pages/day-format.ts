import { LOCALES } from '../../../common/i18n/money';
import type { PageLanguage } from '../../../web/language';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(lang: PageLanguage, style: 'long' | 'short'): Intl.DateTimeFormat {
  const key = `${lang}-${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      LOCALES[lang],
      style === 'long'
        ? {
            year: 'numeric',
            month: lang === 'de' ? '2-digit' : 'short',
            day: lang === 'de' ? '2-digit' : 'numeric',
            timeZone: 'UTC',
          }
        : { month: lang === 'de' ? 'numeric' : 'short', day: 'numeric', timeZone: 'UTC' },
    );
    formats.set(key, format);
  }
  return format;
}

/**
 * A UTC day (YYYY-MM-DD, as the figures key them) as its reader writes it: "04.11.2026" or
 * "Nov 4, 2026"; `short` for a chart's axis: "4.11." or "Nov 4". Anything else is shown as it is.
 */
export function formatDay(day: string, lang: PageLanguage, style: 'long' | 'short' = 'long'): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : formatIn(lang, style).format(date);
}
