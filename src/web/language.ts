import Negotiator from 'negotiator';

export type PageLanguage = 'en' | 'de';

const AVAILABLE: PageLanguage[] = ['en', 'de'];

/** The page language from the browser's Accept-Language (q-values honoured), else the fallback. */
export function pickLanguage(acceptLanguage: string | undefined, fallback: PageLanguage): PageLanguage {
  if (!acceptLanguage) return fallback;
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language(AVAILABLE);
  return (best as PageLanguage | undefined) ?? fallback;
}
