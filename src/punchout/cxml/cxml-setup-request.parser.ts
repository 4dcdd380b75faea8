import { parseShipTo, ShipTo } from '../core/ship-to';
import {
  attributeOf,
  childNamed,
  childrenNamed,
  hasElementChildren,
  pathOf,
  textOf,
  XmlElement,
} from '../../common/xml/xml-tree';
import { cutText } from '../../common/text/cut-text';
import {
  clip,
  CXML_HEADER_LIMITS,
  CxmlHeader,
  CxmlProblem,
  cxmlProblem,
  cxmlUserEmail,
  readCxmlRequest,
} from '../../cxml/cxml-header.parser';

/**
 * A cXML `PunchOutSetupRequest` (docs/punchout.md, "Connecting Coupa / Ariba / other cXML buyers"),
 * read from the document the buyer's system posts. Pure: no Nest, no database; the credentials, the
 * user and the BrowserFormPost origin are checked by the caller.
 *
 * Lenient where real buyers are sloppy, as the DTD is not: child elements in any order, element and
 * attribute names in any case, URLs and e-mails wrapped in whitespace, `Extrinsic` names with stray
 * spaces, a `timestamp` in any form (recorded, never relied on), payloadIDs without `@`, an empty
 * BuyerCookie. What it refuses names the element at fault, with the cXML status to answer.
 */

export type CxmlOperation = 'create' | 'edit' | 'inspect';

/** How a line of the buyer's cart names our item: ItemID's SupplierPartID and SupplierPartAuxiliaryID. */
export interface CxmlItemRef {
  supplierPartId: string;
  supplierPartAuxiliaryId: string | null;
}

export interface CxmlItemOut extends CxmlItemRef {
  quantity: number;
  /** ItemDetail/UnitPrice/Money as the buyer's system holds it (our net unit price when we sent it), if a number. */
  unitPrice: { amount: string; currency: string } | null;
}

/** The envelope's facts (cxml-header.parser.ts) and what the setup asks for. */
export interface CxmlSetupRequest extends CxmlHeader {
  operation: CxmlOperation;
  /** Echoed byte for byte in every order message. */
  buyerCookie: string;
  userEmail: string;
  /** Trimmed; its syntax and origin are the caller's to check. */
  browserFormPostUrl: string;
  /** The ShipTo element as received (echoed in the order message) and its address as the REST shipTo. */
  shipTo: { element: XmlElement; address: ShipTo } | null;
  selectedItem: CxmlItemRef | null;
  items: CxmlItemOut[];
  /** Every Extrinsic (trimmed names), for the record. */
  extrinsics: Record<string, string>;
}

export type CxmlSetupParse = { ok: true; request: CxmlSetupRequest } | { ok: false; problem: CxmlProblem };

/** Bounds of what we keep and echo: generous for real buyers, bounded for storage and the audit trail. */
export const CXML_LIMITS = {
  identity: CXML_HEADER_LIMITS.identity,
  buyerCookie: 2000,
  email: 254,
  url: 2048,
  extrinsic: 1000,
  items: 200,
  quantity: 1_000_000,
} as const;

const OPERATIONS: ReadonlySet<string> = new Set(['create', 'edit', 'inspect']);

export function parseCxmlSetupRequest(text: string): CxmlSetupParse {
  const read = readCxmlRequest(text, 'PunchOutSetupRequest');
  if (!read.ok) return read;
  const { header, request: setup } = read;
  const operation = attributeOf(setup, 'operation')?.trim().toLowerCase() ?? '';
  if (!operation) return bad('PunchOutSetupRequest has no operation attribute.');
  if (!OPERATIONS.has(operation))
    return refuse(406, `The operation ${clip(operation)} is not supported (create, edit and inspect are).`);

  const cookieElement = childNamed(setup, 'BuyerCookie');
  if (!cookieElement) return bad('PunchOutSetupRequest/BuyerCookie is missing.');
  if (hasElementChildren(cookieElement)) return bad('PunchOutSetupRequest/BuyerCookie must be text.');
  const buyerCookie = textOf(cookieElement);
  if (buyerCookie.length > CXML_LIMITS.buyerCookie)
    return bad(`PunchOutSetupRequest/BuyerCookie is longer than ${CXML_LIMITS.buyerCookie} characters.`);

  const extrinsics: Record<string, string> = {};
  for (const extrinsic of childrenNamed(setup, 'Extrinsic')) {
    const name = (attributeOf(extrinsic, 'name') ?? '').trim();
    if (name && !Object.hasOwn(extrinsics, name))
      extrinsics[name] = cutText(textOf(extrinsic).trim(), CXML_LIMITS.extrinsic);
  }
  const userEmail = cxmlUserEmail(setup) ?? '';
  if (!userEmail) return bad('No user: neither Extrinsic name="UserEmail" nor Contact/Email is given.');
  if (userEmail.length > CXML_LIMITS.email) return bad('The user e-mail is too long.');

  const urlElement = pathOf(setup, ['BrowserFormPost', 'URL']);
  const browserFormPostUrl = textOf(urlElement).trim();
  if (!browserFormPostUrl) return bad('PunchOutSetupRequest/BrowserFormPost/URL is missing.');
  if (browserFormPostUrl.length > CXML_LIMITS.url)
    return bad(`BrowserFormPost/URL is longer than ${CXML_LIMITS.url} characters.`);

  const shipTo = shipToOf(childNamed(setup, 'ShipTo'));
  if (typeof shipTo === 'string') return bad(`PunchOutSetupRequest/ShipTo/Address: ${shipTo}`);

  const selectedElement = childNamed(setup, 'SelectedItem');
  const selectedItem = selectedElement ? itemRefOf(childNamed(selectedElement, 'ItemID')) : null;
  if (selectedElement && !selectedItem) return bad('SelectedItem/ItemID/SupplierPartID is missing.');

  const itemOuts = childrenNamed(setup, 'ItemOut');
  if (itemOuts.length > CXML_LIMITS.items) return bad(`More than ${CXML_LIMITS.items} ItemOut lines.`);
  const items: CxmlItemOut[] = [];
  for (const [index, itemOut] of itemOuts.entries()) {
    const where = `ItemOut[${index + 1}]`;
    const ref = itemRefOf(childNamed(itemOut, 'ItemID'));
    if (!ref) return bad(`${where}/ItemID/SupplierPartID is missing.`);
    const quantity = quantityOf(attributeOf(itemOut, 'quantity'));
    if (quantity === null)
      return bad(`${where}: quantity must be a whole number from 1 to ${CXML_LIMITS.quantity}.`);
    const money = pathOf(itemOut, ['ItemDetail', 'UnitPrice', 'Money']);
    const amount = textOf(money).trim();
    const unitPrice = /^\d{1,10}(\.\d{1,4})?$/.test(amount)
      ? { amount, currency: (attributeOf(money, 'currency') ?? '').trim().toUpperCase() }
      : null;
    items.push({ ...ref, quantity, unitPrice });
  }

  return {
    ok: true,
    request: {
      ...header,
      operation: operation as CxmlOperation,
      buyerCookie,
      userEmail,
      browserFormPostUrl,
      shipTo,
      selectedItem,
      items,
      extrinsics,
    },
  };
}

/** The user: `Extrinsic name="UserEmail"` (any case, stray spaces), else the first Contact's Email. */

function itemRefOf(itemId: XmlElement | undefined): CxmlItemRef | null {
  const supplierPartId = textOf(childNamed(itemId, 'SupplierPartID')).trim();
  if (!supplierPartId) return null;
  const auxiliary = textOf(childNamed(itemId, 'SupplierPartAuxiliaryID')).trim();
  return {
    supplierPartId: cutText(supplierPartId, CXML_LIMITS.identity),
    supplierPartAuxiliaryId: auxiliary ? cutText(auxiliary, CXML_LIMITS.identity) : null,
  };
}

/** A quantity as buyers write it ("2", "2.0", " 3 "): a whole number from 1 up, else null. */
function quantityOf(raw: string | undefined): number | null {
  const value = raw?.trim() ?? '';
  if (!/^\d+(\.0*)?$/.test(value)) return null;
  const quantity = Number.parseInt(value, 10);
  return quantity >= 1 && quantity <= CXML_LIMITS.quantity ? quantity : null;
}

/** The REST shipTo's fields from a cXML Address (same rules, same limits), with the element to echo. */
function shipToOf(shipTo: XmlElement | undefined): CxmlSetupRequest['shipTo'] | string {
  if (!shipTo) return null;
  const address = childNamed(shipTo, 'Address');
  if (!address) return 'the element is missing.';
  const postal = childNamed(address, 'PostalAddress');
  const country = childNamed(postal, 'Country');
  const city = childNamed(postal, 'City');
  const state = childNamed(postal, 'State');
  const streets = childrenNamed(postal, 'Street')
    .map((street) => textOf(street).trim())
    .filter(Boolean);
  const fields: Record<string, string | undefined> = {
    addressId: attributeOf(address, 'addressID')?.trim(),
    addressIdDomain: attributeOf(address, 'addressIDDomain')?.trim(),
    street: streets.length > 0 ? streets.join(', ') : undefined,
    cityCode: attributeOf(city, 'cityCode')?.trim(),
    city: textOf(city).trim() || undefined,
    stateCode: attributeOf(state, 'isoStateCode')?.trim(),
    state: textOf(state).trim() || undefined,
    postalCode: textOf(childNamed(postal, 'PostalCode')).trim() || undefined,
    country: textOf(country).trim() || undefined,
    countryCode: (attributeOf(country, 'isoCountryCode') ?? attributeOf(address, 'isoCountryCode'))?.trim(),
  };
  const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value));
  const checked = parseShipTo(present);
  if (typeof checked === 'string') return checked.replace(/^shipTo\./, '');
  return { element: shipTo, address: checked };
}

function bad(text: string): CxmlSetupParse {
  return cxmlProblem(400, text);
}

function refuse(code: CxmlProblem['code'], text: string): CxmlSetupParse {
  return cxmlProblem(code, text);
}
