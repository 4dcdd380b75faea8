import { SaxesParser } from 'saxes';
import { ociCartOf, type OciCart, type OciCartLine, type OciField } from './session-record';

/** Posted fields as reviewers read them: a cXML order message's ItemIn lines, else the OCI lines. */
export function postedCartOf(fields: OciField[]): OciCart {
  const cxml = cxmlCartLinesOf(fields);
  return cxml ? { lines: cxml, other: [] } : ociCartOf(fields);
}

/** The form fields a cXML order message travels in (docs/punchout.md), compared case-insensitively. */
const CXML_FIELDS = new Set(['cxml-urlencoded', 'cxml-base64']);

interface Node {
  name: string;
  attributes: Record<string, string>;
  children: Node[];
  /** All text inside, nested elements' included. */
  text: string;
  /** The element's own text (a Description's full name, without its ShortName). */
  ownText: string;
}

/**
 * The cart lines of a posted cXML PunchOutOrderMessage in the shape reviewers read OCI lines in
 * (DESCRIPTION, QUANTITY, UNIT, PRICE, CURRENCY, VENDORMAT, ...); null when the fields are not one
 * cXML field, or it does not parse. Pure. The document is the gateway's own record, read with saxes,
 * which processes no DTD and expands no entity.
 */
export function cxmlCartLinesOf(fields: OciField[]): OciCartLine[] | null {
  if (fields.length !== 1 || !CXML_FIELDS.has(fields[0][0].toLowerCase())) return null;
  const [name, value] = fields[0];
  const document =
    name.toLowerCase() === 'cxml-base64' ? Buffer.from(value, 'base64').toString('utf8') : value;
  const root = read(document);
  const order = child(child(root, 'Message'), 'PunchOutOrderMessage');
  if (!order) return null;
  return order.children
    .filter((node) => node.name === 'ItemIn')
    .map((item, index) => {
      const detail = child(item, 'ItemDetail');
      const money = child(child(detail, 'UnitPrice'), 'Money');
      const description = child(detail, 'Description');
      const values: Record<string, string> = {};
      const put = (key: string, text: string | undefined) => {
        if (text !== undefined && text !== '') values[key] = text;
      };
      put('DESCRIPTION', child(description, 'ShortName')?.text);
      put('QUANTITY', item.attributes.quantity);
      put('UNIT', child(detail, 'UnitOfMeasure')?.text);
      put('PRICE', money?.text);
      put('CURRENCY', money?.attributes.currency);
      put('VENDORMAT', child(child(item, 'ItemID'), 'SupplierPartID')?.text);
      put('OFFER', child(child(item, 'ItemID'), 'SupplierPartAuxiliaryID')?.text);
      put('MANUFACTMAT', child(detail, 'ManufacturerPartID')?.text);
      put('MANUFACTURER', child(detail, 'ManufacturerName')?.text);
      put('LEADTIME', child(detail, 'LeadTime')?.text);
      for (const classification of detail?.children.filter((node) => node.name === 'Classification') ?? [])
        put(classification.attributes.domain?.toUpperCase() ?? 'CLASSIFICATION', classification.text);
      put('VAT', child(child(item, 'Tax'), 'Money')?.text);
      const longText = description?.ownText.trim();
      return { line: index + 1, values, ...(longText ? { longText } : {}) };
    });
}

function child(node: Node | undefined, name: string): Node | undefined {
  return node?.children.find((c) => c.name === name);
}

function read(document: string): Node | undefined {
  const parser = new SaxesParser({ xmlns: false });
  const stack: Node[] = [];
  let root: Node | undefined;
  let failed = false;
  parser.on('doctype', (doctype) => {
    if (doctype.includes('[')) failed = true;
  });
  parser.on('opentag', (tag) => {
    const node: Node = {
      name: tag.name,
      attributes: { ...tag.attributes },
      children: [],
      text: '',
      ownText: '',
    };
    if (stack.length > 0) stack[stack.length - 1].children.push(node);
    else root = node;
    stack.push(node);
  });
  // Text of an element: its own and its children's (a Description's ShortName and full name).
  parser.on('text', (text) => {
    stack.forEach((node) => (node.text += text));
    if (stack.length > 0) stack[stack.length - 1].ownText += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.on('error', () => {
    failed = true;
  });
  try {
    parser.write(document).close();
  } catch {
    return undefined;
  }
  return failed ? undefined : root;
}
