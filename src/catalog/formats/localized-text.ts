import type { CatalogWarnings } from './catalog-warnings';
import type { LocalizedText, TextLanguage } from './supplier-item';

/**
 * The served language of a language code as catalogs write it: ISO 639-2 (BMEcat `deu`, `ger`,
 * `eng`), ISO 639-1 (`de`, `en`) and locales (CIF `de_DE`, cXML `en-US`), in any case. Null for any
 * other language: its texts are dropped (with a warning by the reader).
 */
export function textLanguageOf(code: string): TextLanguage | null {
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'de' || primary === 'deu' || primary === 'ger') return 'de';
  if (primary === 'en' || primary === 'eng') return 'en';
  return null;
}

/** The served language of `code`; for any other language null, reported once per file (its texts are dropped). */
export function servedLanguage(code: string, warnings: CatalogWarnings, line?: number): TextLanguage | null {
  const language = textLanguageOf(code);
  if (!language)
    warnings.once(
      `language:${code}`,
      'language-dropped',
      `texts in language "${code}" are not imported: the gateway serves German and English`,
      line,
    );
  return language;
}

/** Sets `text` in `language` unless the target already has a text there (the file's first wins) or it is empty. */
export function addText(target: LocalizedText, language: TextLanguage, text: string): void {
  const value = text.trim();
  if (value !== '' && target[language] === undefined) target[language] = value;
}

/** Whether the text exists in at least one language. */
export function hasText(text: LocalizedText): boolean {
  return text.de !== undefined || text.en !== undefined;
}
