/**
 * Plain text from a catalog text that may carry simple HTML (BMEcat allows it in DESCRIPTION_LONG,
 * escaped or in CDATA): line breaks for `<br>`, paragraph, list and division ends, other tags
 * dropped, the common character references decoded, runs of spaces collapsed. Text that only looks
 * like a tag ("a < b") stays.
 */
export function plainText(text: string): string {
  if (!text.includes('<') && !text.includes('&')) return text.trim();
  return text
    .replace(/<br\s*\/?>|<\/(p|li|div|h[1-6]|tr)>/gi, '\n')
    .replace(/<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/gi, '')
    .replace(
      /&(nbsp|amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi,
      (entity, name: string) => characterOf(name) ?? entity,
    )
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const NAMED: Record<string, string> = { nbsp: '\u00a0', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function characterOf(name: string): string | undefined {
  if (name[0] !== '#') return NAMED[name.toLowerCase()];
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
    ? String.fromCodePoint(code)
    : undefined;
}

/** Longest name taken from a description when a format gives no short name (CIF without Short Name, cXML without ShortName). */
export const NAME_FROM_DESCRIPTION_LENGTH = 120;

/**
 * A product name from a description: its first line, cut at a word boundary to at most
 * NAME_FROM_DESCRIPTION_LENGTH characters with an ellipsis when longer.
 */
export function nameFromDescription(description: string): string {
  const firstLine = description.trim().split('\n')[0].replace(/\s+/g, ' ').trim();
  if (firstLine.length <= NAME_FROM_DESCRIPTION_LENGTH) return firstLine;
  const cut = firstLine.slice(0, NAME_FROM_DESCRIPTION_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > NAME_FROM_DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:-]+$/, '')}…`;
}
