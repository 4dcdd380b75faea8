import { Language, languagesFor } from '../common/i18n/language';
import { unitSymbol } from './units';

/*
 * A product's features (BMEcat FEATURE, CIF Parametric Data, cXML Characteristic) as facts a buyer
 * reads: name -> value with its unit, in the buyer's language, else the other one. Stored per product
 * as `product.facts` ([{name: {de, en}, values: [{de, en}], unit}], at most 200 from the import);
 * reads take only the first FACTS_READ, so a product with thousands of features costs what one with
 * fifty does on every page and API answer.
 */

/** Facts read per product (product details' productOverview, the shop's product page). */
export const FACTS_READ = 50;
/** Facts the product page shows at once; the rest of those read behind "n more". */
export const FACTS_SHOWN = 30;
/** Values of one fact shown (a feature may list many). */
const VALUES_SHOWN = 10;
const NAME_LENGTH = 200;
const VALUE_LENGTH = 500;

type Localized = Partial<Record<Language, unknown>>;

export interface Fact {
  name: string;
  /** The values joined, with the unit's symbol ("2.5 mm²", "rot, blau"). */
  value: string;
}

/** The stored facts in `language` (falling back to the other), first ones first, duplicate names once. */
export function factsIn(stored: unknown, language: Language): Fact[] {
  if (!Array.isArray(stored)) return [];
  const facts: Fact[] = [];
  const names = new Set<string>();
  for (const entry of stored.slice(0, FACTS_READ) as Array<Record<string, unknown>>) {
    if (!entry || typeof entry !== 'object') continue;
    const name = textIn(entry.name as Localized, language)?.slice(0, NAME_LENGTH);
    const values = (Array.isArray(entry.values) ? entry.values : [])
      .slice(0, VALUES_SHOWN)
      .map((value: Localized) => textIn(value, language))
      .filter((value): value is string => !!value);
    if (!name || values.length === 0 || names.has(name)) continue;
    names.add(name);
    const unit = typeof entry.unit === 'string' && entry.unit.trim() ? unitSymbol(entry.unit, language) : '';
    facts.push({ name, value: `${values.join(', ')}${unit ? ` ${unit}` : ''}`.slice(0, VALUE_LENGTH) });
  }
  return facts;
}

function textIn(text: Localized | null | undefined, language: Language): string | undefined {
  if (!text || typeof text !== 'object') return undefined;
  for (const lang of languagesFor(language)) {
    const value = text[lang];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}
