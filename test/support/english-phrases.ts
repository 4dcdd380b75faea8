/**
 * The English phrases of message catalogs that have a German translation: what a German page must
 * not show. A catalog is any object with `en` and `de` branches of the same shape (strings, arrays,
 * records, or functions building a text); a function is called with a marker for each argument and
 * its text split at the markers, so its fixed words count ("Cart (n items)" -> "Cart (", "items)").
 */
const MARK = '\u0001';
/** Shorter fragments (punctuation, "%", a lone letter) say nothing about the language. */
const MIN_LETTERS = 3;

export interface EnglishPhrase {
  phrase: string;
  /** Where it comes from, for the failure message. */
  source: string;
}

export function englishPhrases(catalogs: Record<string, unknown>): EnglishPhrase[] {
  const found = new Map<string, string>();
  const add = (en: string, de: string, source: string) => {
    if (en === de) return;
    for (const part of en.split(MARK)) {
      // A fragment with a dynamic part cut off keeps its words, not its dangling punctuation.
      const phrase = part.replace(/^[\s(),.:;·–-]+|[\s(),.:;·–-]+$/g, '');
      if ((phrase.match(/\p{L}/gu) ?? []).length < MIN_LETTERS) continue;
      if (de.includes(phrase)) continue; // the same word in both (a brand, "Start", "Filter")
      if (!found.has(phrase)) found.set(phrase, source);
    }
  };
  const walk = (en: unknown, de: unknown, source: string) => {
    if (typeof en === 'string' && typeof de === 'string') return add(en, de, source);
    if (typeof en === 'function' && typeof de === 'function') {
      const args = Array.from({ length: Math.max(en.length, 1) }, () => MARK);
      const call = (fn: unknown, values: unknown[]) => {
        try {
          return String((fn as (...a: unknown[]) => unknown)(...values));
        } catch {
          return String((fn as (...a: unknown[]) => unknown)(...values.map(() => 2)));
        }
      };
      // Plural forms: once with the marker (a string), once with 1, once with 2.
      add(call(en, args), call(de, args), source);
      add(
        call(
          en,
          args.map(() => 1),
        ),
        call(
          de,
          args.map(() => 1),
        ),
        source,
      );
      add(
        call(
          en,
          args.map(() => 2),
        ),
        call(
          de,
          args.map(() => 2),
        ),
        source,
      );
      return;
    }
    if (Array.isArray(en) && Array.isArray(de)) {
      en.forEach((item, i) => walk(item, de[i], `${source}[${i}]`));
      return;
    }
    if (en && de && typeof en === 'object' && typeof de === 'object') {
      for (const key of Object.keys(en)) walk((en as never)[key], (de as never)[key], `${source}.${key}`);
    }
  };
  const visit = (value: unknown, source: string) => {
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if ('en' in record && 'de' in record) return walk(record.en, record.de, source);
    for (const [key, inner] of Object.entries(record)) visit(inner, `${source}.${key}`);
  };
  for (const [name, catalog] of Object.entries(catalogs)) visit(catalog, name);
  return [...found].map(([phrase, source]) => ({ phrase, source }));
}

/**
 * What a person sees or hears of a page: its text and the accessible names and hints in attributes
 * (hidden form fields are data for the procurement system, not words for the buyer).
 */
export function pageWords(html: string): string {
  const attributes = [...html.matchAll(/\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map((m) => m[1]);
  const visibleValues = [...html.matchAll(/<input(?![^>]*type="hidden")[^>]*\svalue="([^"]*)"/g)].map(
    (m) => m[1],
  );
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return decode([text, ...attributes, ...visibleValues].join(' ')).replace(/\s+/g, ' ');
}

function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** The English phrases a page shows, each once (whole words only, case as written). */
export function englishOn(html: string, phrases: EnglishPhrase[]): string[] {
  const words = pageWords(html);
  return phrases
    .filter(({ phrase }) =>
      new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase)}(?![\\p{L}\\p{N}])`, 'u').test(words),
    )
    .map(({ phrase, source }) => `"${phrase}" (${source})`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
