import {
  attributeOf,
  childNamed,
  childrenNamed,
  readXml,
  textOf,
  type XmlElement,
} from '../../common/xml/xml-tree';
import { parseCartLineKey } from '../../common/cart-line-key';
import { ociCartOf, type OciCart, type OciCartLine, type OciField } from './session-record';

/** Posted fields as reviewers read them: a cXML order message's ItemIn lines, else the OCI lines. */
export function postedCartOf(fields: OciField[]): OciCart {
  const cxml = cxmlCartLinesOf(fields);
  return cxml ? { lines: cxml, other: [] } : ociCartOf(fields);
}

/** The form fields a cXML order message travels in (docs/punchout.md), compared case-insensitively. */
const CXML_FIELDS = new Set(['cxml-urlencoded', 'cxml-base64']);

/**
 * The cart lines of a posted cXML PunchOutOrderMessage in the shape reviewers read OCI lines in
 * (DESCRIPTION, QUANTITY, UNIT, PRICE, CURRENCY, VENDORMAT, ...); null when the fields are not one
 * cXML field, or it does not parse. Pure. The document is the gateway's own record, read with the
 * hardened reader the cXML entry uses (no DTD processing, no entity expansion).
 */
export function cxmlCartLinesOf(fields: OciField[]): OciCartLine[] | null {
  if (fields.length !== 1 || !CXML_FIELDS.has(fields[0][0].toLowerCase())) return null;
  const [name, value] = fields[0];
  const document =
    name.toLowerCase() === 'cxml-base64' ? Buffer.from(value, 'base64').toString('utf8') : value;
  const read = readXml(document);
  if (!read.ok) return null;
  const order = childNamed(childNamed(read.root, 'Message'), 'PunchOutOrderMessage');
  if (!order) return null;
  return childrenNamed(order, 'ItemIn').map((item, index) => {
    const detail = childNamed(item, 'ItemDetail');
    const money = childNamed(childNamed(detail, 'UnitPrice'), 'Money');
    const description = childNamed(detail, 'Description');
    const values: Record<string, string> = {};
    const put = (key: string, text: string | undefined) => {
      if (text !== undefined && text !== '') values[key] = text;
    };
    const text = (element: XmlElement | undefined) => (element ? textOf(element) : undefined);
    put('DESCRIPTION', text(childNamed(description, 'ShortName')));
    put('QUANTITY', attributeOf(item, 'quantity'));
    put('UNIT', text(childNamed(detail, 'UnitOfMeasure')));
    put('PRICE', text(money));
    put('CURRENCY', attributeOf(money, 'currency'));
    put('VENDORMAT', text(childNamed(childNamed(item, 'ItemID'), 'SupplierPartID')));
    // The line's order key is named as OCI names it; an order message from before keys named the offer.
    const auxiliary = text(childNamed(childNamed(item, 'ItemID'), 'SupplierPartAuxiliaryID'));
    put(auxiliary !== undefined && parseCartLineKey(auxiliary) ? 'EXT_QUOTE_ID' : 'OFFER', auxiliary);
    put('MANUFACTMAT', text(childNamed(detail, 'ManufacturerPartID')));
    put('MANUFACTURER', text(childNamed(detail, 'ManufacturerName')));
    put('LEADTIME', text(childNamed(detail, 'LeadTime')));
    for (const classification of childrenNamed(detail, 'Classification'))
      put(attributeOf(classification, 'domain')?.toUpperCase() ?? 'CLASSIFICATION', textOf(classification));
    put('VAT', text(childNamed(childNamed(item, 'Tax'), 'Money')));
    // The description's own text (its full name, without the ShortName element's).
    const longText = description?.children
      .filter((c): c is string => typeof c === 'string')
      .join('')
      .trim();
    return { line: index + 1, values, ...(longText ? { longText } : {}) };
  });
}
