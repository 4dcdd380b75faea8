import type { XmlElement } from '../../../common/xml/xml-tree';
import type { CatalogWarnings } from '../catalog-warnings';
import { addText, servedLanguage } from '../localized-text';
import type { CatalogTransaction, LocalizedText, TextLanguage } from '../supplier-item';
import { trimmedText } from '../xml-element';

/** What the header and the transaction tell the mapping of each product. */
export interface BmecatContext {
  transaction: CatalogTransaction;
  /** The header's default LANGUAGE as served, null when it is another language (its texts are dropped). */
  defaultLanguage: TextLanguage | null;
  /** The header's default LANGUAGE as written ("deu"), for messages. */
  defaultLanguageCode: string | null;
  defaultCurrency: string | null;
  /** MIME_ROOT: relative MIME_SOURCEs are resolved against it. */
  mimeRoot: string | null;
  /**
   * CLASSIFICATION_SYSTEMs the file defines, by the name products reference (REFERENCE_FEATURE_SYSTEM_NAME),
   * with the name to recognize them by: a supplier may name its UNSPSC copy `udf_x` with the full name "UNSPSC".
   */
  classificationSystems: Map<string, string>;
  warnings: CatalogWarnings;
}

/**
 * The served language of a text element: its `lang` attribute, else the header's LANGUAGE. Null for
 * a language the gateway does not serve, reported once per language for the file.
 */
export function textLanguage(element: XmlElement, context: BmecatContext, line: number): TextLanguage | null {
  const code = element.attributes.lang ?? context.defaultLanguageCode;
  return code === null ? null : servedLanguage(code, context.warnings, line);
}

/** The elements' texts by language (the first text in each language wins). */
export function localizedTexts(
  elements: XmlElement[],
  context: BmecatContext,
  line: number,
  clean: (text: string) => string = (text) => text,
): LocalizedText {
  const text: LocalizedText = {};
  for (const element of elements) {
    const language = textLanguage(element, context, line);
    if (language) addText(text, language, clean(trimmedText(element)));
  }
  return text;
}
