import { SaxesParser } from 'saxes';

/** Field names of an OCI line: `NEW_ITEM-<NAME>[<n>]` (the long text is `NEW_ITEM-LONGTEXT_<n>:132[]`). */
const OCI_LINE_FIELD = /^NEW_ITEM-([A-Z_]+)\[(\d+)\]$/;
const OCI_LONGTEXT = /^NEW_ITEM-LONGTEXT_(\d+):132\[\]$/;

/** What a procurement system's receiver got: the fields in order, and the OCI lines they make. */
export interface ReceivedPost {
  fields: Array<[string, string]>;
  /** OCI lines by their number (field name without NEW_ITEM-), or a cXML message's ItemIn lines. */
  lines: Array<{ number: number; values: Array<[string, string]> }>;
  /** The PunchOutOrderMessage of a cXML return, decoded from its form field. */
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
  if (cxmlDocument !== undefined) return { fields, lines: itemInLines(cxmlDocument), cxmlDocument, rawBody };
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

/** Each ItemIn as a table: its quantity and the fields above (saxes: no DTD, no entities read). */
function itemInLines(document: string): ReceivedPost['lines'] {
  const lines: ReceivedPost['lines'] = [];
  const path: string[] = [];
  let current: Map<string, string> | null = null;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    path.push(tag.name);
    if (tag.name === 'ItemIn') current = new Map([['quantity', String(tag.attributes.quantity ?? '')]]);
    if (tag.name === 'Money' && current && path.includes('UnitPrice'))
      current.set('currency', String(tag.attributes.currency ?? ''));
  });
  parser.on('text', (text) => {
    const at = path.indexOf('ItemIn');
    if (!current || at < 0 || text.trim() === '') return;
    const below = path.slice(at + 1).join('/');
    if (ITEM_FIELDS.includes(below)) current.set(below, (current.get(below) ?? '') + text.trim());
  });
  parser.on('closetag', (tag) => {
    path.pop();
    if (tag.name === 'ItemIn' && current) {
      lines.push({ number: lines.length + 1, values: [...current] });
      current = null;
    }
  });
  try {
    parser.write(document).close();
  } catch {
    // Not well-formed: the document is still shown as it came.
  }
  return lines;
}
