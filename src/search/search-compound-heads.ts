import { compoundParts } from '../catalog/search-terms';

const WORD = /\p{L}+/gu;
/** Inflection endings a head may carry ("Handschuhe", "Schrauben"), stripped to compare stems. */
const ENDING = /^(\p{L}{4,}?)(?:e|en|n|s|es|er|ern|nen)?$/u;

/**
 * German compounds name their thing last: a "Druckerpatrone" is a "Patrone", a "Papierkorb" a
 * "Korb". These functions read the query's compounds by their head (docs/search.md, "Compound words").
 * Queries with phrases or exclusions are left as they are (as for the other alternative readings).
 */
function compoundsOf(query: string): Array<{ word: string; head: string; parts: string[] }> {
  if (/["]|(^|\s)-/.test(query)) return [];
  const out: Array<{ word: string; head: string; parts: string[] }> = [];
  for (const match of query.matchAll(WORD)) {
    const parts = compoundParts(match[0]);
    if (parts.length > 0) out.push({ word: match[0], head: parts[parts.length - 1], parts });
  }
  return out;
}

/**
 * The query with each compound replaced by its head ("druckerpatrone schwarz" -> "patrone schwarz"),
 * OR-ed with the query as typed: a cartridge is found as a "Patrone" even when no product is called
 * a "Druckerpatrone", while the modifier alone ("Drucker") finds nothing. Null without a compound.
 */
export function headReading(query: string): string | null {
  const compounds = compoundsOf(query);
  if (compounds.length === 0) return null;
  let reading = query;
  for (const { word, head } of compounds) reading = reading.replace(word, head);
  return reading;
}

/**
 * The query with each compound split into its parts ("tintendrucker" -> "tinten drucker"): a product
 * with every part has what the modifier says too (an inkjet printer for "tintendrucker"). Null
 * without a compound.
 */
export function partsReading(query: string): string | null {
  const compounds = compoundsOf(query);
  if (compounds.length === 0) return null;
  let reading = query;
  for (const { word, parts } of compounds) reading = reading.replace(word, parts.join(' '));
  return reading;
}

/** The stem of a word (lower case, inflection ending stripped) as names are compared by it. */
function stemOf(word: string): string {
  const lower = word.toLowerCase();
  return ENDING.exec(lower)?.[1] ?? lower;
}

/**
 * The stem of a one-word query that is no compound ("kabel", "tisch"), or null: a product whose name
 * has the word as a whole word or as a compound's head ("HDMI-Kabel", "Schreibtisch") is that thing,
 * and ranks above one that has it only as a modifier ("kabelgebunden", "Schreibtisch-Organizer").
 */
export function namedWordStem(query: string): string | null {
  if (/["]|(^|\s)-/.test(query)) return null;
  const words = [...query.matchAll(WORD)].map((match) => match[0]);
  if (words.length !== 1 || query.trim() !== words[0] || words[0].length < 4) return null;
  if (compoundParts(words[0]).length > 0) return null;
  return stemOf(words[0]);
}

/**
 * The stems of the query's compound heads (lower case, inflection ending stripped): a product whose
 * name has a compound ending in one of them is that thing ("Tintenpatrone" for "patrone"), and ranks
 * above a product that only has it as a modifier ("Druckerpapier" for "drucker").
 */
export function compoundHeadStems(query: string): string[] {
  const stems = new Set<string>();
  for (const { head } of compoundsOf(query)) stems.add(stemOf(head));
  return [...stems];
}
