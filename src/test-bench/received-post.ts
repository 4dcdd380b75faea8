/** Field names of an OCI line: `NEW_ITEM-<NAME>[<n>]` (the long text is `NEW_ITEM-LONGTEXT_<n>:132[]`). */
const OCI_LINE_FIELD = /^NEW_ITEM-([A-Z_]+)\[(\d+)\]$/;
const OCI_LONGTEXT = /^NEW_ITEM-LONGTEXT_(\d+):132\[\]$/;

/** What a procurement system's receiver got: the fields in order, and the OCI lines they make. */
export interface ReceivedPost {
  fields: Array<[string, string]>;
  /** OCI lines by their number, each a map of field name (without NEW_ITEM-) to value. */
  lines: Array<{ number: number; values: Array<[string, string]> }>;
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
  return { fields, lines, rawBody };
}
