import { attributeOf, childrenNamed, pathOf, readXml, textOf } from '../common/xml/xml-tree';
import { prettyXml } from './pretty-xml';

/**
 * Field names of an OCI line: `NEW_ITEM-<NAME>[<n>]`, names with digits too (CUST_FIELD1, the VAT
 * rate; CUST_FIELD5, the offer id); the long text is `NEW_ITEM-LONGTEXT_<n>:132[]`.
 */
const OCI_LINE_FIELD = /^NEW_ITEM-([A-Z0-9_]+)\[(\d+)\]$/;
const OCI_LONGTEXT = /^NEW_ITEM-LONGTEXT_(\d+):132\[\]$/;

/** What a procurement system's receiver got: the fields in order, and the OCI lines they make. */
export interface ReceivedPost {
  fields: Array<[string, string]>;
  /** OCI lines by their number (field name without NEW_ITEM-), or a cXML message's ItemIn lines. */
  lines: Array<{ number: number; values: Array<[string, string]> }>;
  /** The PunchOutOrderMessage of a cXML return, decoded from its form field, indented for reading. */
  cxmlDocument?: string;
  rawBody: string;
}

/**
 * Reads a form post as a procurement system does: every field in the order sent (repeats kept),
 * and the OCI items grouped by line number. The body is shown, never interpreted as markup.
 */
export function readReceivedPost(rawBody: string): ReceivedPost {
  const fields = [...new URLSearchParams(rawBody)];
  const byLine = new Map<number, Array<[string, string]>>();
  const put = (line: number, name: string, value: string) => {
    const values = byLine.get(line) ?? [];
    values.push([name, value]);
    byLine.set(line, values);
  };
  for (const [name, value] of fields) {
    const item = OCI_LINE_FIELD.exec(name);
    if (item) put(Number(item[2]), item[1], value);
    const longText = OCI_LONGTEXT.exec(name);
    if (longText) put(Number(longText[1]), 'LONGTEXT', value);
  }
  const lines = [...byLine].sort(([a], [b]) => a - b).map(([number, values]) => ({ number, values }));
  const cxmlDocument = cxmlDocumentOf(fields);
  if (cxmlDocument !== undefined)
    return { fields, lines: itemInLines(cxmlDocument), cxmlDocument: prettyXml(cxmlDocument), rawBody };
  return { fields, lines, rawBody };
}

/** The order message of a cXML return: the `cxml-urlencoded` field as it is, or `cxml-base64` decoded. */
function cxmlDocumentOf(fields: Array<[string, string]>): string | undefined {
  const plain = fields.find(([name]) => name === 'cxml-urlencoded');
  if (plain) return plain[1];
  const encoded = fields.find(([name]) => name === 'cxml-base64');
  return encoded ? Buffer.from(encoded[1], 'base64').toString('utf8') : undefined;
}

/** Fields shown per ItemIn: the element path below ItemIn, as cXML names them. */
const ITEM_FIELDS = [
  'ItemID/SupplierPartID',
  'ItemID/SupplierPartAuxiliaryID',
  'ItemDetail/UnitPrice/Money',
  'ItemDetail/Description/ShortName',
  'ItemDetail/UnitOfMeasure',
  'ItemDetail/Classification',
  'ItemDetail/ManufacturerPartID',
  'ItemDetail/ManufacturerName',
  'Tax/Money',
];

/** Each ItemIn as a table: its quantity and the fields above, read with the hardened XML reader. */
function itemInLines(document: string): ReceivedPost['lines'] {
  const read = readXml(document);
  // Not well-formed: the document is still shown as it came.
  if (!read.ok) return [];
  const order = pathOf(read.root, ['Message', 'PunchOutOrderMessage']);
  return childrenNamed(order, 'ItemIn').map((item, index) => {
    const values: Array<[string, string]> = [['quantity', attributeOf(item, 'quantity') ?? '']];
    const currency = attributeOf(pathOf(item, ['ItemDetail', 'UnitPrice', 'Money']), 'currency');
    if (currency) values.push(['currency', currency]);
    for (const field of ITEM_FIELDS) {
      const text = textOf(pathOf(item, field.split('/'))).trim();
      if (text !== '') values.push([field, text]);
    }
    return { number: index + 1, values };
  });
}
