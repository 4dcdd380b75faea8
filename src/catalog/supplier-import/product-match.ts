import { createHash } from 'node:crypto';

/*
 * How an imported item finds its product (docs/catalogs.md, "Matching"): its GTIN, else its
 * manufacturer name and manufacturer part number normalized, else it makes a new product. Pure.
 */

/** Case, spaces, hyphens (and the dots and slashes part numbers are written with) do not count. */
function normalized(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\-‐-―./_]+/g, '');
}

/** `manufacturer|part` normalized, or null when either is missing. */
export function manufacturerKeyOf(manufacturer: string | null, partId: string | null): string | null {
  if (!manufacturer || !partId) return null;
  const name = normalized(manufacturer);
  const part = normalized(partId);
  return name && part ? `${name}|${part}`.slice(0, 400) : null;
}

/** The supplier's key of an item: its part id, and its auxiliary id where it has one. */
export function supplierItemKeyOf(partId: string, auxiliaryId: string | null): string {
  return auxiliaryId ? `${partId}\u001f${auxiliaryId}` : partId;
}

/** A short, stable id (the catalog's id pattern) from the parts that make a row unique. */
export function catalogIdOf(prefix: string, ...parts: Array<string | null>): string {
  const digest = createHash('sha256')
    .update(parts.map((part) => part ?? '').join('\u0000'))
    .digest('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 24);
  return `${prefix}${digest}`;
}
