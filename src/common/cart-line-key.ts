import { randomBytes } from 'node:crypto';

/**
 * The opaque key of a transferred cart line, which the buyer's system sends back in its purchase
 * order: cXML `SupplierPartAuxiliaryID`, the JSON order's `cartLineKey`, and split in two for OCI
 * (`NEW_ITEM-EXT_QUOTE_ID` the cart's part, at most 35 characters; `NEW_ITEM-EXT_QUOTE_ITEM` the line
 * number, digits only, as SAP's fields require).
 *
 * `<cart>.<line>`: the cart part is 128 random bits (base64url, 22 characters) drawn once per
 * transferred cart, so a key can be neither guessed nor derived from a database id; the line part is
 * the line's position in the transferred cart (1, 2, ...). The issuer stores the whole key with its line.
 */
export interface CartLineKeyParts {
  cart: string;
  line: number;
}

const KEY_PATTERN = /^([A-Za-z0-9_-]{22})\.([1-9][0-9]{0,4})$/;

/** A fresh cart part: one per transferred cart. */
export function newCartKey(): string {
  return randomBytes(16).toString('base64url');
}

/** The key of a cart's line number `line` (1-based). */
export function cartLineKey(cart: string, line: number): string {
  return `${cart}.${line}`;
}

/** The key's parts, or undefined when the text is not a key of this form. */
export function parseCartLineKey(key: string): CartLineKeyParts | undefined {
  const match = KEY_PATTERN.exec(key);
  return match ? { cart: match[1], line: Number(match[2]) } : undefined;
}
