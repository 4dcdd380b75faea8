import { parseCartLineKey } from '../../common/cart-line-key';
import type { CartLine, ReturnField } from '../core/cart-line';
import { cut, lineName, singleLine } from '../core/line-text';

/**
 * The OCI return cart as the ordered [name, value] pairs the browser posts to the HOOK_URL
 * (../../docs/punchout.md, OCI.md). Pure: values are plain text here; the page's renderer
 * HTML-escapes them into hidden inputs, and the browser posts them byte for byte.
 */
import type { PageLanguage } from '../../web/language';
import { messagesFor } from '../shop/punchout.messages';

/**
 * OCI field lengths (SAP structure BBP_OCI) in UTF-16 units; identifiers that do not fit are left
 * out, texts are cut (cut), a unit that is not a code is replaced by the default.
 */
export const OCI_LENGTHS = {
  DESCRIPTION: 40,
  QUANTITY: 15,
  UNIT: 3,
  PRICE: 15,
  PRICEUNIT: 5,
  CURRENCY: 5,
  LEADTIME: 5,
  VENDORMAT: 40,
  MANUFACTCODE: 10,
  MANUFACTMAT: 40,
  MATGROUP: 10,
  EXT_PRODUCT_ID: 40,
  EXT_SCHEMA_TYPE: 10,
  EXT_CATEGORY_ID: 60,
  CUST_FIELD1: 10,
  CUST_FIELD5: 50,
  /** CHAR 35: the line's order key, whole (src/common/cart-line-key.ts). */
  EXT_QUOTE_ID: 35,
  /** NUMC 10: the key's line number. */
  EXT_QUOTE_ITEM: 10,
} as const;

/** Longest LONGTEXT we send (the receiver wraps it at 132 characters per line). */
export const LONGTEXT_MAX = 4000;

/** The unit sent when a line's unit is not a UN/ECE Rec. 20 code of 1-3 characters (OCI_DEFAULT_UNIT's default). */
export const FALLBACK_UNIT = 'PCE';

const UNIT_CODE = /^[A-Z0-9]{1,3}$/;

function fits(value: string | null | undefined, max: number): value is string {
  return typeof value === 'string' && value !== '' && value.length <= max;
}

/** The line's unit as a code, or the default: a code cut short (ABCD -> ABC) would name another unit. */
function unitOf(unit: string, defaultUnit: string): string {
  const code = singleLine(unit).toUpperCase();
  return UNIT_CODE.test(code) ? code : defaultUnit;
}

/**
 * The long text of a line: full name, vendor, condition, features, one per line, labelled in the
 * session's language (the buyer reads it in the procurement system). Line breaks are CR LF because
 * browsers normalize every line break in a posted form to CR LF: what we store is then byte for byte
 * what the HOOK_URL receives.
 */
export function longTextOf(line: CartLine, language: PageLanguage = 'en'): string {
  const t = messagesFor(language);
  const condition = singleLine(line.condition);
  const parts = [
    singleLine(line.name),
    `${t.ociLongText.vendor}: ${singleLine(line.vendor)}`,
    `${t.ociLongText.condition}: ${t.conditions[condition] ?? condition}`,
    ...(line.vatRate ? [t.ociLongText.vat(singleLine(line.vatRate))] : []),
    ...line.features.map((feature) => `- ${singleLine(feature)}`).filter((feature) => feature !== '- '),
  ];
  return cut(parts.join('\r\n'), LONGTEXT_MAX);
}

/** Where two texts first differ (the length of their common beginning). */
function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * `name` in at most 40 units, showing the word where it first differs from `rivals` (other names that
 * cut to the same 40): the beginning up to a word end, "…", then the name from that word on
 * ("Microsoft Tastatur… kabelgebunden"), so a buyer can tell the lines apart in SAP's item list.
 */
function distinguishingCut(name: string, rivals: readonly string[]): string {
  const max = OCI_LENGTHS.DESCRIPTION;
  const differsAt = Math.min(...rivals.map((rival) => sharedStart(name, rival)));
  const wordStart = name.lastIndexOf(' ', differsAt) + 1;
  // Keep at least a third of the field for the beginning, so the product stays recognisable.
  const tail = cut(name.slice(wordStart), max - Math.ceil(max / 3));
  const head = cut(name.slice(0, wordStart), max - tail.length - 2);
  const lastWordEnd = head.length === wordStart ? head.length : head.lastIndexOf(' ');
  const kept = (lastWordEnd > 0 ? head.slice(0, lastWordEnd) : head).replace(/[\s,;:.\-–]+$/u, '');
  return `${kept}… ${tail}`;
}

/**
 * The DESCRIPTION of every line: the name cut at 40 units; where two different names cut to the same
 * text, each shows where it differs, and two lines of one name (one product from two vendors) add
 * the vendor.
 */
export function descriptionsOf(lines: readonly Pick<CartLine, 'name' | 'vendor'>[]): string[] {
  const max = OCI_LENGTHS.DESCRIPTION;
  const names = lines.map((line) => singleLine(line.name));
  const plain = names.map((name) => cut(name, max));
  const distinct = names.map((name, i) => {
    const rivals = names.filter((other, j) => j !== i && plain[j] === plain[i] && other !== name);
    return rivals.length === 0 ? plain[i] : distinguishingCut(name, rivals);
  });
  return distinct.map((description, i) => {
    const twin = distinct.some((other, j) => j !== i && other === description);
    if (!twin) return description;
    const vendor = ` (${cut(singleLine(lines[i].vendor), Math.floor(max / 2))})`;
    return `${cut(names[i], max - vendor.length)}${vendor}`;
  });
}

/**
 * Every field of every line, numbered 1..n without gaps, in a fixed order per line. `defaultUnit`
 * (the configured OCI_DEFAULT_UNIT) replaces a unit that is not a 1-3 character code; `language`
 * is the session's, for the long text's labels.
 */
export function buildOciFields(
  lines: readonly CartLine[],
  options: { defaultUnit?: string; language?: PageLanguage } = {},
): ReturnField[] {
  const defaultUnit = options.defaultUnit ?? FALLBACK_UNIT;
  const language = options.language ?? 'en';
  // The names in the session's language: DESCRIPTION and LONGTEXT speak it like the labels do.
  const shown = lines.map((line) => ({ ...line, name: lineName(line, language).text }));
  const descriptions = descriptionsOf(shown);
  const fields: ReturnField[] = [];
  shown.forEach((line, index) => {
    const n = index + 1;
    const add = (name: string, value: string) => fields.push([`NEW_ITEM-${name}[${n}]`, value]);
    const addIfFits = (name: keyof typeof OCI_LENGTHS, value: string | null | undefined) => {
      const text = value === null || value === undefined ? null : singleLine(value);
      if (fits(text, OCI_LENGTHS[name])) add(name, text);
    };
    add('DESCRIPTION', descriptions[index]);
    add('QUANTITY', String(line.quantity));
    add('UNIT', unitOf(line.unit, defaultUnit));
    add('PRICE', line.price);
    add('PRICEUNIT', String(line.priceUnit));
    add('CURRENCY', singleLine(line.currency).toUpperCase());
    if (line.leadTimeDays !== null) add('LEADTIME', String(line.leadTimeDays));
    addIfFits('VENDORMAT', line.vendorMaterial);
    addIfFits('MANUFACTCODE', line.manufacturerCode);
    addIfFits('MANUFACTMAT', line.manufacturerPartNumber);
    addIfFits('MATGROUP', line.materialGroup);
    addIfFits('EXT_PRODUCT_ID', line.productId);
    if (line.category && fits(line.category.id, OCI_LENGTHS.EXT_CATEGORY_ID)) {
      add('EXT_SCHEMA_TYPE', line.category.schema);
      add('EXT_CATEGORY_ID', line.category.id);
    }
    addIfFits('CUST_FIELD1', line.vatRate);
    addIfFits('CUST_FIELD5', line.offerId);
    // The line's key, which SAP carries into its purchase order: the whole key (the order matches by it
    // alone) and its line number (for a receiver that keeps the quote id and item apart).
    const key = line.orderKey ? parseCartLineKey(line.orderKey) : undefined;
    if (key && fits(line.orderKey, OCI_LENGTHS.EXT_QUOTE_ID)) {
      add('EXT_QUOTE_ID', line.orderKey);
      add('EXT_QUOTE_ITEM', String(key.line));
    }
    // The long text's line number sits in the name, and the name ends in "[]" (OCI's convention).
    fields.push([`NEW_ITEM-LONGTEXT_${n}:132[]`, longTextOf(line, language)]);
  });
  return fields;
}
