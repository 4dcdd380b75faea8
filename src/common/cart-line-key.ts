import { randomBytes } from 'node:crypto';

/**
 * The opaque key of a transferred cart line, which the buyer's system sends back in its purchase
 * order: cXML `SupplierPartAuxiliaryID`, the JSON order's `cartLineKey`, and OCI
 * `NEW_ITEM-EXT_QUOTE_ID` (the whole key, at most 28 characters of SAP's 35) with
 * `NEW_ITEM-EXT_QUOTE_ITEM` (the key's line number, digits only, as SAP's NUMC 10 field requires).
 *
 * `<cart>.<line>`: the cart part is 128 random bits (base64url, 22 characters) drawn once per
 * transferred cart, so a key can be neither guessed nor derived from a database id; the line part is
 * the line's position in the cart that first issued the key (1, 2, ...). The issuer stores the whole
 * key with its line (cart_item.order_key, unique); a line a cXML edit carries over keeps its key.
 */
export interface CartLineKeyParts {
  cart: string;
  line: number;
}

const CART_PART = '[A-Za-z0-9_-]{22}';
const KEY_PATTERN = new RegExp(`^(${CART_PART})\\.([1-9][0-9]{0,4})$`);
/** As an order may spell it: SAP pads NUMC fields with zeros ("0000000003"). */
const LOOSE_KEY_PATTERN = new RegExp(`^(${CART_PART})\\.(0*[1-9][0-9]{0,4})$`);
const CART_PART_PATTERN = new RegExp(`^${CART_PART}$`);
const LINE_NUMBER = /^0*([1-9][0-9]{0,4})$/;

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

/**
 * The key an order line names, from either form an order may carry it in: the key alone
 * (`cartLineKey`, cXML SupplierPartAuxiliaryID, or OCI's EXT_QUOTE_ID as SAP kept it), or a quote id
 * and item (EXT_QUOTE_ID and EXT_QUOTE_ITEM: the whole key and its line number, or only the cart part
 * and the line number; the whole key wins over an item beside it). Surrounding blanks and SAP's leading
 * zeros are dropped. A text of no key form
 * comes back trimmed as it is: it then names no line (unknown, not from a punchout).
 */
export function orderedCartLineKey(key: string, item?: string | number | null): string {
  const text = key.trim();
  const itemText = item === undefined || item === null ? '' : String(item).trim();
  const itemNumber = LINE_NUMBER.exec(itemText)?.[1];
  // The whole key names its line by itself (an item beside it is redundant, and not trusted over it).
  const whole = LOOSE_KEY_PATTERN.exec(text);
  if (whole) return cartLineKey(whole[1], Number(whole[2]));
  if (CART_PART_PATTERN.test(text) && itemNumber) return cartLineKey(text, Number(itemNumber));
  return text;
}
