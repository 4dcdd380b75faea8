import { SaxesParser } from 'saxes';
import type { XmlElement } from './xml-tree';

/**
 * Reads an XML document of any size as a stream of small element trees ("records", e.g. one catalog
 * product each), so that memory holds one record at a time, never the document. The caller decides
 * per element, by its name and the names of the elements around it, whether it is a record (built
 * as an XmlElement tree and handed over whole), an element to descend into (reported as open and
 * close events, e.g. a document's root), or an element to skip (parsed, never kept).
 *
 * Hardened as xml-tree.ts is, and for streams of any length:
 * - saxes never processes a DTD (no external DTD or entity is loaded; only the five predefined
 *   entities and character references are known, so entity expansion cannot happen). A DOCTYPE with
 *   an internal subset (where entities are declared) is refused; a plain `<!DOCTYPE x SYSTEM "x.dtd">`
 *   is accepted and ignored, never fetched.
 * - Limits (XmlStreamLimits): nesting depth, attributes per element, and the length of any single
 *   token (a text, an attribute value, a comment, a CDATA section, the DOCTYPE), so that no input
 *   makes the parser buffer without bound. saxes has no such limit of its own: its position is
 *   compared with where the last event ended after each slice it is fed.
 * - Within a record, only so many children of one name under one parent, so many elements and so
 *   much text are kept; the rest is skipped and counted in the record's `truncated`, so a product with
 *   100,000 features costs no more memory than one with the limit's number.
 * - A malformed or truncated document is an XmlStreamError with the line and column.
 *
 * Element names are local names (a namespace prefix is dropped: `bme:PRODUCT` is `PRODUCT`), since
 * the formats read this way appear with and without namespaces; attribute names are kept as written
 * (`xml:lang`). Whitespace-only text is not kept.
 */

export interface XmlStreamLimits {
  /** Elements nested deeper than this are refused. */
  maxDepth: number;
  /** The longest single token in characters: a text, an attribute value, a comment, a CDATA section, the DOCTYPE. */
  maxTokenLength: number;
  /** More attributes on one element are refused. */
  maxAttributes: number;
  /** Per record: elements kept; later ones are skipped and counted. */
  maxRecordElements: number;
  /** Per record: children of one name kept under one parent; later ones are skipped and counted. */
  maxRepeatedChildren: number;
  /** Per record: characters of text kept; later text is skipped and counted. */
  maxRecordText: number;
}

export const DEFAULT_XML_STREAM_LIMITS: XmlStreamLimits = {
  maxDepth: 64,
  maxTokenLength: 1_048_576,
  maxAttributes: 256,
  maxRecordElements: 50_000,
  maxRepeatedChildren: 5_000,
  maxRecordText: 4_194_304,
};

/** What to do with an element outside any record. */
export type XmlRoute = 'record' | 'descend' | 'skip';

/** What a record left out to stay within the limits: skipped elements by name, skipped characters of text. */
export interface XmlTruncation {
  elements: Record<string, number>;
  textCharacters: number;
}

export type XmlStreamEvent =
  | { type: 'doctype'; text: string }
  | { type: 'open'; name: string; attributes: Record<string, string>; line: number; column: number }
  | { type: 'close'; name: string }
  | { type: 'record'; element: XmlElement; line: number; column: number; truncated: XmlTruncation | null };

/** The document is malformed, truncated or refused; `line` is 1-based, `column` 1-based. */
export class XmlStreamError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** saxes is fed at most this many characters at a time: it bounds the events queued per write and how far past a limit a token can grow. */
const SLICE = 65_536;

interface OpenRecordElement {
  element: XmlElement;
  childCounts: Map<string, number>;
}

interface RecordInProgress {
  stack: OpenRecordElement[];
  root: XmlElement;
  line: number;
  column: number;
  elements: number;
  text: number;
  truncated: XmlTruncation | null;
}

/**
 * Streams `chunks` (decoded text) through saxes. `route(name, path)` is asked for every element
 * outside a record; `path` holds the names of the open elements the caller descended into.
 */
export async function* readXmlStream(
  chunks: AsyncIterable<string>,
  route: (name: string, path: readonly string[]) => XmlRoute,
  limits: XmlStreamLimits = DEFAULT_XML_STREAM_LIMITS,
): AsyncGenerator<XmlStreamEvent> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const queue: XmlStreamEvent[] = [];
  const path: string[] = [];
  let depth = 0;
  let skipDepth = 0;
  let record: RecordInProgress | null = null;
  let failure: XmlStreamError | null = null;
  let lastProgress = 0;

  const fail = (message: string) => {
    failure ??= new XmlStreamError(message, parser.line, parser.column + 1);
  };
  const progress = () => {
    lastProgress = parser.position;
  };

  parser.on('doctype', (text) => {
    progress();
    // Quoted literals (the DTD's public id and URL) may contain anything; a `[` outside them opens an internal subset.
    if (text.replace(/"[^"]*"|'[^']*'/g, '').includes('['))
      fail('a DOCTYPE with an internal subset (entity declarations) is not accepted');
    else queue.push({ type: 'doctype', text });
  });
  parser.on('opentag', (tag) => {
    progress();
    if (failure) return;
    depth++;
    if (depth > limits.maxDepth) return fail(`elements nested deeper than ${limits.maxDepth} levels`);
    if (Object.keys(tag.attributes).length > limits.maxAttributes)
      return fail(`more than ${limits.maxAttributes} attributes on <${tag.name}>`);
    if (skipDepth > 0) {
      skipDepth++;
      return;
    }
    const name = localName(tag.name);
    if (record) return openInRecord(record, name, tag.attributes);
    const where = route(name, path);
    if (where === 'skip') skipDepth = 1;
    else if (where === 'descend') {
      path.push(name);
      queue.push({
        type: 'open',
        name,
        attributes: tag.attributes,
        line: parser.line,
        column: parser.column + 1,
      });
    } else {
      const root: XmlElement = { name, attributes: tag.attributes, children: [] };
      record = {
        stack: [{ element: root, childCounts: new Map() }],
        root,
        line: parser.line,
        column: parser.column + 1,
        elements: 1,
        text: 0,
        truncated: null,
      };
    }
  });
  parser.on('closetag', () => {
    progress();
    if (failure) return;
    depth--;
    if (skipDepth > 0) {
      skipDepth--;
      return;
    }
    if (record) {
      record.stack.pop();
      if (record.stack.length === 0) {
        const { root, line, column, truncated } = record;
        queue.push({ type: 'record', element: root, line, column, truncated });
        record = null;
      }
      return;
    }
    queue.push({ type: 'close', name: path.pop() as string });
  });
  const addText = (text: string) => {
    progress();
    if (failure || skipDepth > 0 || !record || text.trim() === '') return;
    if (record.text + text.length > limits.maxRecordText) {
      truncation(record).textCharacters += text.length;
      return;
    }
    record.text += text.length;
    record.stack[record.stack.length - 1].element.children.push(text);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('error', (error) => fail(saxesMessage(error.message)));
  // No comment, processing-instruction or XML-declaration handlers: measured on a generated BMEcat
  // (5,000 products, 27 MB), registering those three as well made saxes 4-7x slower (its parser object
  // leaves V8's fast shape). They are not needed: comments and the like between two events count
  // towards the token limit, so a huge one is refused all the same.

  function openInRecord(at: RecordInProgress, name: string, attributes: Record<string, string>) {
    const parent = at.stack[at.stack.length - 1];
    const seen = parent.childCounts.get(name) ?? 0;
    if (seen >= limits.maxRepeatedChildren || at.elements >= limits.maxRecordElements) {
      const skipped = truncation(at).elements;
      skipped[name] = (skipped[name] ?? 0) + 1;
      skipDepth = 1;
      return;
    }
    parent.childCounts.set(name, seen + 1);
    const element: XmlElement = { name, attributes, children: [] };
    parent.element.children.push(element);
    at.stack.push({ element, childCounts: new Map() });
    at.elements++;
  }

  for await (const chunk of chunks) {
    for (let start = 0; start < chunk.length; start += SLICE) {
      parser.write(chunk.slice(start, start + SLICE));
      if (!failure && parser.position - lastProgress > limits.maxTokenLength)
        fail(
          `a text, attribute value, comment or other markup longer than ${limits.maxTokenLength} characters`,
        );
      if (failure) throw failure;
      yield* queue;
      queue.length = 0;
    }
  }
  parser.close();
  if (failure) throw failure;
  yield* queue;
}

function truncation(record: RecordInProgress): XmlTruncation {
  return (record.truncated ??= { elements: {}, textCharacters: 0 });
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** saxes's message without its own position prefix, in words a catalog manager can act on. */
function saxesMessage(message: string): string {
  const text = message.replace(/^(\d+:\d+: )+/, '').replace(/\.$/, '');
  if (text === 'undefined entity')
    return 'an entity reference other than &lt; &gt; &amp; &apos; &quot; or a character reference (entities are not accepted)';
  const unclosed = /^unclosed tag: (.+)$/.exec(text);
  if (unclosed) return `the document ends inside <${unclosed[1]}>: the file is truncated or malformed`;
  if (text === 'document must contain a root element')
    return 'no XML root element: the file is empty or not XML';
  return `not well-formed XML: ${text}`;
}
