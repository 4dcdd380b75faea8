import { LANGUAGES, Language, languagesFor } from '../common/i18n/language';

/** A product's texts in one language, as catalogs give them (product.texts, docs/catalogs.md "Languages"). */
export interface ProductTextEntry {
  name?: string;
  description?: string;
}

/** A product's texts per language: `{de: {name, description}, en: {...}}` (either or both may be absent). */
export type ProductTexts = Partial<Record<Language, ProductTextEntry>>;

/** A text as a reader is shown it, with the language it is really written in (null: not known). */
export interface ShownText {
  text: string;
  language: Language | null;
}

/** The stored texts as a ProductTexts, whatever the JSON holds (non-strings and other languages are left out). */
export function productTextsOf(stored: unknown): ProductTexts {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const texts: ProductTexts = {};
  for (const language of LANGUAGES) {
    const entry = (stored as Record<string, unknown>)[language];
    if (!entry || typeof entry !== 'object') continue;
    const { name, description } = entry as Record<string, unknown>;
    const kept: ProductTextEntry = {};
    if (typeof name === 'string' && name.trim() !== '') kept.name = name;
    if (typeof description === 'string' && description.trim() !== '') kept.description = description;
    if (kept.name !== undefined || kept.description !== undefined) texts[language] = kept;
  }
  return texts;
}

/**
 * One field of a product's texts in the reader's `language`: that language's text, else the other
 * language's, else `stored` (the product's single stored text, whose language is not known). The one
 * fallback rule of the API, the shop and the transfer (docs/catalogs.md, "Languages").
 */
export function localizedText(
  texts: ProductTexts,
  field: keyof ProductTextEntry,
  language: Language,
  stored: string | null,
): ShownText | null {
  for (const candidate of languagesFor(language)) {
    const text = texts[candidate]?.[field];
    if (text) return { text, language: candidate };
  }
  return stored ? { text: stored, language: null } : null;
}

/** A product's name in the reader's language (see localizedText), never empty when `stored` is not. */
export function localizedName(texts: unknown, language: Language, stored: string): ShownText {
  return localizedText(productTextsOf(texts), 'name', language, stored) ?? { text: stored, language: null };
}
