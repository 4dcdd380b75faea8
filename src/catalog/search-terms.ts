import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ProductInput } from './catalog-product.input';
import { EXTRA_SEARCH_WORDS } from './search-vocabulary';

/**
 * Index-time German decompounding and identifier normalization (docs/search.md, "Compound words").
 *
 * The vocabulary is the stems of the de_DE Hunspell dictionary (igerman98 via the npm package
 * `dictionary-de`, GPL-2.0 OR GPL-3.0, read as data at run time) plus the catalog vocabulary in
 * search-vocabulary.ts. A word of at least 8 letters is split where both sides are vocabulary words
 * (the head may carry an inflection ending, the modifier a linking element -s-, -n-, -en-, -es-,
 * -e-), preferring the longest head; the modifier is split again. The parts go to the product's
 * `search_parts` column, which the trigger indexes with the lowest weight (D), so a whole-word
 * match ranks above a compound-part match.
 */

const MIN_PART = 4;
const MIN_COMPOUND = 2 * MIN_PART;
const HEAD_ENDINGS = ['', 'e', 'n', 'en', 's', 'es', 'er', 'ern', 'nen'];
const LINKS = ['', 's', 'n', 'en', 'es', 'e'];
const WORD = /\p{L}+/gu;
const HYPHENATED = /\p{L}[\p{L}\d]*(?:-[\p{L}\d]+)+/gu;

let vocabulary: Set<string> | undefined;

function loadVocabulary(): Set<string> {
  if (vocabulary) return vocabulary;
  const words = new Set<string>();
  const dic = join(dirname(require.resolve('dictionary-de')), 'index.dic');
  for (const line of readFileSync(dic, 'utf8').split('\n')) {
    const stem = line.split('/', 1)[0].trim().toLowerCase();
    if (stem.length >= MIN_PART && /^\p{L}+$/u.test(stem)) words.add(stem);
  }
  for (const word of EXTRA_SEARCH_WORDS) words.add(word.toLowerCase());
  vocabulary = words;
  return words;
}

function isHead(word: string, words: Set<string>): boolean {
  return HEAD_ENDINGS.some(
    (end) =>
      word.endsWith(end) &&
      word.length - end.length >= MIN_PART &&
      words.has(word.slice(0, word.length - end.length)),
  );
}

function isModifier(word: string, words: Set<string>): boolean {
  return LINKS.some(
    (link) =>
      word.endsWith(link) &&
      word.length - link.length >= MIN_PART &&
      words.has(word.slice(0, word.length - link.length)),
  );
}

const cache = new Map<string, string[]>();

/** The parts of a (lower-case) compound, modifier parts first; [] if it is not a known compound. */
export function compoundParts(word: string): string[] {
  const w = word.toLowerCase();
  if (w.length < MIN_COMPOUND) return [];
  const hit = cache.get(w);
  if (hit) return hit;
  const words = loadVocabulary();
  let parts: string[] = [];
  for (let i = MIN_PART; i <= w.length - MIN_PART; i++) {
    const modifier = w.slice(0, i);
    const head = w.slice(i);
    if (!isHead(head, words)) continue;
    if (isModifier(modifier, words)) {
      parts = [modifier, head];
      break;
    }
    const inner = compoundParts(modifier);
    if (inner.length > 0) {
      parts = [...inner, head];
      break;
    }
  }
  if (cache.size > 100_000) cache.clear();
  cache.set(w, parts);
  return parts;
}

/**
 * The extra words a text is indexed with: the parts of its compounds and the joined form of its
 * hyphenated words ("Laser-Drucker" -> "laserdrucker", so the query "Laserdrucker" finds it).
 */
export function searchPartsOf(texts: Array<string | null | undefined>): string {
  const out = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(HYPHENATED)) {
      const joined = match[0].replace(/-/g, '').toLowerCase();
      out.add(joined);
      for (const part of compoundParts(joined)) out.add(part);
    }
    for (const match of text.matchAll(WORD)) for (const part of compoundParts(match[0])) out.add(part);
  }
  return [...out].join(' ');
}

/** An identifier as indexed and queried: lower case, without hyphens, spaces, dots and slashes. */
export function normalizeIdentifier(value: string): string {
  return value.toLowerCase().replace(/[\s\-./]/g, '');
}

/**
 * The query as an identifier (product code, part number, SKU, EAN/GTIN, ISBN with or without
 * hyphens and spaces), or null when it does not look like one (a letters-only word, too short).
 */
export function identifierQuery(query: string): string | null {
  const trimmed = query.trim();
  if (trimmed.length > 40 || /["]/.test(trimmed)) return null;
  const id = normalizeIdentifier(trimmed);
  return /^[a-z0-9]{4,}$/.test(id) && /\d/.test(id) ? id : null;
}

/** Identifiers of a product for the `search_ids` column (exact-match, weight A). */
export function searchIdsOf(product: ProductInput): string {
  const ids = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value !== 'string' && typeof value !== 'number') return;
    const id = normalizeIdentifier(String(value));
    if (/^[a-z0-9]{3,}$/.test(id)) ids.add(id);
  };
  add(product.productCode);
  add(product.manufacturerPartNumber);
  add(product.book?.isbn13);
  add(product.book?.isbn10);
  for (const key of ['ean', 'gtin', 'EAN', 'GTIN']) add(product.overview?.[key]);
  for (const offer of product.offers) add(offer.vendorSku);
  return [...ids].join(' ');
}

/**
 * Alternative readings of a query that are OR-ed with it: hyphenated words joined
 * ("Laser-Drucker" -> "LaserDrucker") and compounds split into their parts ("Laserdrucker" ->
 * "laser drucker", which finds the parts written apart). Queries with phrases or exclusions are
 * left as they are.
 */
export function queryAlternatives(query: string): string[] {
  if (/["]|(^|\s)-/.test(query)) return [];
  const alternatives = new Set<string>();
  const joined = query.replace(/(\p{L})-(?=\p{L})/gu, '$1');
  if (joined !== query) alternatives.add(joined);
  const split = joined.replace(WORD, (word) => {
    const parts = compoundParts(word);
    return parts.length > 0 ? parts.join(' ') : word;
  });
  if (split !== joined && split !== query) alternatives.add(split);
  return [...alternatives];
}
