import Negotiator from 'negotiator';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The languages in the order a reader of `language` is served: theirs, then the others (the fallback). */
export function languagesFor(language: Language): Language[] {
  return [language, ...LANGUAGES.filter((other) => other !== language)];
}

/**
 * The language of a response (API or page) from an Accept-Language header (RFC 9110 12.5.4), by the
 * `negotiator` library: the supported language with the highest q-value wins (ties: the earlier
 * entry), "de-CH" counts as "de", q=0 excludes. A wildcard, no match or no header gives `fallback`:
 * it is offered first, so `*` picks it. One negotiation for the API and the pages alike.
 */
export function negotiateLanguage(header: string | string[] | undefined, fallback: Language): Language {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return fallback;
  const offered = [fallback, ...LANGUAGES.filter((language) => language !== fallback)];
  const best = new Negotiator({ headers: { 'accept-language': text } }).language(offered);
  return (best as Language | undefined) ?? fallback;
}
