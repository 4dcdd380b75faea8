/**
 * A small reader of the OCI forms the gateway answers (as an SAP system reads them): the form's
 * action, target and auto-submit flag, its hidden fields in order, and the fields grouped into items.
 * Written for the tests, on purpose without the gateway's own code.
 */
export interface OciForm {
  action: string;
  target: string | null;
  autoSubmit: boolean;
  fields: Array<[string, string]>;
}

export type OciItem = Record<string, string>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="([^"]*)")?/g)) {
    attributes[match[1].toLowerCase()] = decodeHtml(match[2] ?? '');
  }
  return attributes;
}

/** The page's forms that post somewhere other than the gateway (the OCI return forms). */
export function ociFormsOf(html: string): OciForm[] {
  const forms: OciForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const attributes = attributesOf(match[1]);
    if (!/^https?:\/\//.test(attributes.action ?? '')) continue;
    const fields: Array<[string, string]> = [];
    // Quoted attribute values may contain ">" (a cXML document does): only an unquoted ">" ends the tag.
    for (const input of match[2].matchAll(/<input\b((?:[^>"]|"[^"]*")*)>/g)) {
      const a = attributesOf(input[1]);
      if (a.type === 'hidden' && a.name !== undefined) fields.push([a.name, a.value ?? '']);
    }
    forms.push({
      action: attributes.action,
      target: attributes.target ?? null,
      autoSubmit: attributes['data-auto-submit'] === 'true',
      fields,
    });
  }
  return forms;
}

/** The one OCI form of a page (fails the test when there is none or more than one). */
export function ociFormOf(html: string): OciForm {
  const forms = ociFormsOf(html);
  if (forms.length !== 1) throw new Error(`expected one OCI form, found ${forms.length}`);
  return forms[0];
}

/** The fields of a form grouped by line: `NEW_ITEM-PRICE[2]` -> items[1].PRICE, LONGTEXT_2:132[] -> items[1].LONGTEXT. */
export function ociItemsOf(fields: Array<[string, string]>): OciItem[] {
  const items: OciItem[] = [];
  for (const [name, value] of fields) {
    const plain = /^NEW_ITEM-([A-Z_0-9]+)\[(\d+)\]$/.exec(name);
    const longText = /^NEW_ITEM-LONGTEXT_(\d+):132\[\]$/.exec(name);
    const [field, n] = plain
      ? [plain[1], Number(plain[2])]
      : longText
        ? ['LONGTEXT', Number(longText[1])]
        : [];
    if (field === undefined || n === undefined) throw new Error(`not an OCI field: ${name}`);
    items[n - 1] ??= {};
    items[n - 1][field] = value;
  }
  return items;
}

/**
 * The fields without the line keys (EXT_QUOTE_ID, EXT_QUOTE_ITEM): every transfer draws its own,
 * so two transfers of the same cart differ in them alone.
 */
export function withoutLineKeys(fields: Array<[string, string]>): Array<[string, string]> {
  return fields.filter(([name]) => !/^NEW_ITEM-EXT_QUOTE_(?:ID|ITEM)\[\d+\]$/.test(name));
}
