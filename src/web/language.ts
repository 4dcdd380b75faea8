import { Language, negotiateLanguage } from '../common/i18n/language';

/** The languages of the pages: the API's (one negotiation serves both). */
export type PageLanguage = Language;

/** The page language from the browser's Accept-Language (q-values honoured), else the fallback. */
export function pickLanguage(acceptLanguage: string | undefined, fallback: PageLanguage): PageLanguage {
  return negotiateLanguage(acceptLanguage, fallback);
}
