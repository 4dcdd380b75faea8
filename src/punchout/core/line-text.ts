/** Text helpers for the single-line, length-bounded fields every protocol's return has. */
import type { Language } from '../../common/i18n/language';
import { localizedName, ShownText } from '../../catalog/product-texts';
import type { CartLine } from './cart-line';

/**
 * Control characters (tabs, line breaks, NUL, C1 such as U+0085 NEL) and the line and paragraph
 * separators U+2028, U+2029 become single spaces; return fields (OCI fields, cXML texts) are single-line text.
 */
export function singleLine(value: string): string {
  return value.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
}

/**
 * At most `max` UTF-16 units (SAP's CHAR fields count them: an emoji takes two), cut between
 * grapheme clusters, so an accent stays with its letter and a flag or emoji sequence is kept whole
 * or left out whole; whitespace left at the end of a cut is trimmed.
 */
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

export function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  let kept = '';
  for (const { segment } of graphemes.segment(value)) {
    if (kept.length + segment.length > max) break;
    kept += segment;
  }
  return kept.trimEnd();
}

/** A line's product name in the session's language, falling back as the catalog does (product-texts.ts). */
export function lineName(line: Pick<CartLine, 'name' | 'texts'>, language: Language): ShownText {
  return localizedName(line.texts, language, line.name);
}
