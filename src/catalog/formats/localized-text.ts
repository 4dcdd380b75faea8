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

/** Sets `text` in `language` unless the target already has a text there (the file's first wins) or it is empty. */
export function addText(target: LocalizedText, language: TextLanguage, text: string): void {
  const value = text.trim();
  if (value !== '' && target[language] === undefined) target[language] = value;
}

/** Whether the text exists in at least one language. */
export function hasText(text: LocalizedText): boolean {
  return text.de !== undefined || text.en !== undefined;
}
