/**
 * The OCI return cart as the ordered [name, value] pairs the browser posts to the HOOK_URL
 * (../../docs/punchout.md, OCI.md). Pure: values are plain text here; the page's renderer
 * HTML-escapes them into hidden inputs, and the browser posts them byte for byte.
 */

export type OciField = [name: string, value: string];

export interface OciLine {
  /** Full product name (DESCRIPTION is cut at 40 characters; LONGTEXT carries it whole). */
  name: string;
  quantity: number;
  /** UN/ECE Rec. 20 unit code (the offer's, or the configured default). */
  unit: string;
  /** Price of `priceUnit` units after quantity tiers, already formatted with "." (e.g. "3.49"). */
  price: string;
  priceUnit: number;
  currency: string;
  leadTimeDays: number | null;
  /** Vendor's product number (offer SKU). */
  vendorMaterial: string | null;
  manufacturerCode: string | null;
  manufacturerPartNumber: string | null;
  /** Material group: the product's UNSPSC code when known. */
  materialGroup: string | null;
  productId: string;
  category: { schema: 'UNSPSC' | 'ECLASS'; id: string } | null;
  vendor: string;
  condition: string;
  features: readonly string[];
  offerId: string;
}

/** OCI field lengths (SAP structure BBP_OCI); identifiers that do not fit are left out, texts are cut. */
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
  CUST_FIELD5: 50,
} as const;

/** Longest LONGTEXT we send (the receiver wraps it at 132 characters per line). */
export const LONGTEXT_MAX = 4000;

/** Control characters (tabs, line breaks, NUL) become single spaces; OCI fields are single-line text. */
export function singleLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** The first `max` characters (code points, so a character outside the BMP is never split). */
export function cut(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max ? value : chars.slice(0, max).join('');
}

function fits(value: string | null | undefined, max: number): value is string {
  return typeof value === 'string' && value !== '' && Array.from(value).length <= max;
}

/**
 * The long text of a line: full name, vendor, condition, features, one per line. Line breaks are
 * CR LF because browsers normalize every line break in a posted form to CR LF: what we store is then
 * byte for byte what the HOOK_URL receives.
 */
export function longTextOf(line: OciLine): string {
  const parts = [
    singleLine(line.name),
    `Vendor: ${singleLine(line.vendor)}`,
    `Condition: ${singleLine(line.condition)}`,
    ...line.features.map((feature) => `- ${singleLine(feature)}`).filter((feature) => feature !== '- '),
  ];
  return cut(parts.join('\r\n'), LONGTEXT_MAX);
}

/** Every field of every line, numbered 1..n without gaps, in a fixed order per line. */
export function buildOciFields(lines: readonly OciLine[]): OciField[] {
  const fields: OciField[] = [];
  lines.forEach((line, index) => {
    const n = index + 1;
    const add = (name: string, value: string) => fields.push([`NEW_ITEM-${name}[${n}]`, value]);
    const addIfFits = (name: keyof typeof OCI_LENGTHS, value: string | null | undefined) => {
      const text = value === null || value === undefined ? null : singleLine(value);
      if (fits(text, OCI_LENGTHS[name])) add(name, text);
    };
    add('DESCRIPTION', cut(singleLine(line.name), OCI_LENGTHS.DESCRIPTION));
    add('QUANTITY', String(line.quantity));
    add('UNIT', cut(singleLine(line.unit).toUpperCase(), OCI_LENGTHS.UNIT));
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
    addIfFits('CUST_FIELD5', line.offerId);
    // The long text's line number sits in the name, and the name ends in "[]" (OCI's convention).
    fields.push([`NEW_ITEM-LONGTEXT_${n}:132[]`, longTextOf(line)]);
  });
  return fields;
}

/** The classification OCI should carry: UNSPSC first, else eCl@ss. */
export function ociCategoryOf(
  taxonomies: unknown,
  unspsc: string | null,
): { schema: 'UNSPSC' | 'ECLASS'; id: string } | null {
  const list = Array.isArray(taxonomies) ? (taxonomies as Array<{ type?: unknown; code?: unknown }>) : [];
  const find = (type: string) =>
    list.find(
      (t) => typeof t.type === 'string' && t.type.toLowerCase() === type && typeof t.code === 'string',
    )?.code as string | undefined;
  const un = find('unspsc') ?? unspsc ?? undefined;
  if (un) return { schema: 'UNSPSC', id: un };
  const eclass = find('eclass');
  return eclass ? { schema: 'ECLASS', id: eclass } : null;
}
