import { CatalogFileError, type CatalogWarning } from './supplier-item';

/**
 * Turns a catalog file's bytes into text, as files really arrive: UTF-8 with or without a byte-order
 * mark, UTF-16 (little or big endian, by its mark, or recognized by the zero bytes of its first
 * character), or the character set the file declares (an XML declaration's `encoding`, CIF's
 * `CHARSET`; each format says where through `declaredCharset`). A mark and a declaration that
 * contradict each other: the mark wins, with a warning (a CIF declaring 8859_1 that an editor saved
 * as UTF-8 with a mark is common). ISO-8859-1 is read as Windows-1252, as the WHATWG encoding
 * standard (Node's TextDecoder) does: most files labelled Latin-1 contain Windows-1252's € and quotes.
 *
 * A file that is not valid in its character set is refused with the line of the first bad byte
 * rather than read with replacement characters: a product name with "Ã¼" or "�" is worse than a
 * clear refusal that says how to fix the file.
 */

/** Bytes read before decoding starts: enough for a byte-order mark, an XML declaration or a CIF header's CHARSET line. */
export const CATALOG_HEAD_BYTES = 8_192;

export interface CatalogText {
  /** The WHATWG name of the encoding the file is read in ("utf-8", "windows-1252", "utf-16le"). */
  encoding: string;
  /** Findings about the encoding (a declaration the byte-order mark contradicts). */
  warnings: CatalogWarning[];
  /** The decoded text, chunk by chunk, without a byte-order mark. */
  chunks: AsyncGenerator<string>;
}

/** The first bytes of a stream, and the whole stream again (those bytes first). */
export async function peekHead(
  input: AsyncIterable<Buffer>,
  bytes = CATALOG_HEAD_BYTES,
): Promise<{ head: Buffer; input: AsyncIterable<Buffer> }> {
  const iterator = input[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    taken.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(taken);
  async function* replay(): AsyncGenerator<Buffer> {
    try {
      if (head.length > 0) yield head;
      if (done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A reader that stops early (a refused file) closes the stream underneath.
      if (!done) await iterator.return?.();
    }
  }
  return { head: head.subarray(0, bytes), input: replay() };
}

/** The encoding that a byte-order mark or the zero bytes of UTF-16 text announce, and the mark's length. */
export function sniffEncoding(head: Buffer): { encoding: string; byMark: boolean } | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', byMark: true };
  if (head[0] === 0xff && head[1] === 0xfe && head[2] === 0 && head[3] === 0)
    throw new CatalogFileError('the file is UTF-32 (by its byte-order mark): save it as UTF-8');
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', byMark: true };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', byMark: true };
  // A file starting with an ASCII character stored in two bytes ("<", "C", "{") without a mark.
  if (head.length >= 2 && head[0] !== 0 && head[0] < 0x80 && head[1] === 0)
    return { encoding: 'utf-16le', byMark: false };
  if (head.length >= 2 && head[0] === 0 && head[1] !== 0 && head[1] < 0x80)
    return { encoding: 'utf-16be', byMark: false };
  return null;
}

/** The head as text for recognizing a format and finding a declaration (never fails: markers are ASCII). */
export function headText(head: Buffer): string {
  const sniffed = sniffEncoding(head);
  return new TextDecoder(sniffed?.encoding ?? 'utf-8').decode(head);
}

/**
 * The WHATWG encoding for a charset label as files write it: the standard labels ("UTF-8",
 * "ISO-8859-1", "windows-1252") and Java's names that CIF files inherited ("8859_1", "Cp1252", "UTF8").
 */
export function encodingForCharset(label: string): string {
  const name = label.trim();
  const java = /^(?:iso[-_ ]?)?8859[-_](\d{1,2})$/i.exec(name);
  const candidate = java
    ? `iso-8859-${java[1]}`
    : /^cp(\d{3,4})$/i.test(name)
      ? `windows-${name.slice(2)}`
      : name;
  try {
    return new TextDecoder(/^utf-?16$/i.test(candidate) ? 'utf-16le' : candidate).encoding;
  } catch {
    throw new CatalogFileError(`unknown character set "${name}": save the file as UTF-8`);
  }
}

/**
 * Decodes `input` (see the file's comment). `declaredCharset` finds the format's own declaration in
 * the head (decoded as far as its mark allows), or null when the file declares none.
 */
export async function decodeCatalogText(
  input: AsyncIterable<Buffer>,
  declaredCharset: (head: string) => string | null,
): Promise<CatalogText> {
  const peeked = await peekHead(input);
  if (peeked.head.length === 0) throw new CatalogFileError('the file is empty');
  const sniffed = sniffEncoding(peeked.head);
  const declared = declaredCharset(headText(peeked.head));
  const declaredEncoding = declared === null ? null : encodingForCharset(declared);
  const warnings: CatalogWarning[] = [];
  let encoding: string;
  if (sniffed) {
    encoding = sniffed.encoding;
    if (declaredEncoding && family(declaredEncoding) !== family(encoding))
      warnings.push({
        kind: 'charset-mismatch',
        message: `the file declares ${declared} but ${sniffed.byMark ? 'starts with a byte-order mark of' : 'is written in'} ${encoding}: read as ${encoding}`,
        line: 1,
      });
  } else if (declaredEncoding && family(declaredEncoding) === 'utf-16') {
    // UTF-16 needs a mark or zero bytes; these bytes are ASCII-compatible, so the declaration is wrong.
    encoding = 'utf-8';
    warnings.push({
      kind: 'charset-mismatch',
      message: `the file declares ${declared} but is not UTF-16: read as UTF-8`,
      line: 1,
    });
  } else {
    encoding = declaredEncoding ?? 'utf-8';
  }
  return { encoding, warnings, chunks: decodeChunks(peeked.input, encoding) };
}

function family(encoding: string): string {
  return encoding.startsWith('utf-16') ? 'utf-16' : encoding;
}

async function* decodeChunks(input: AsyncIterable<Buffer>, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  let line = 1;
  const decode = (bytes?: Buffer) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      // Where the first bad byte is: the text of this chunk that did decode, read again leniently.
      const partial = bytes ? new TextDecoder(encoding).decode(bytes) : '';
      const before = partial.slice(0, Math.max(0, partial.indexOf('\uFFFD')));
      throw new CatalogFileError(
        `the file is not valid ${encoding.toUpperCase()}: save it as UTF-8 or declare its character set`,
        line + countLines(before),
      );
    }
  };
  for await (const bytes of input) {
    const text = decode(bytes);
    line += countLines(text);
    if (text !== '') yield text;
  }
  const rest = decode();
  if (rest !== '') yield rest;
}

function countLines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
