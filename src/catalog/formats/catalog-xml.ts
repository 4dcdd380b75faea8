import {
  DEFAULT_XML_STREAM_LIMITS,
  readXmlStream,
  type XmlRoute,
  type XmlStreamEvent,
  type XmlStreamLimits,
  XmlStreamError,
  type XmlTruncation,
} from '../../common/xml/xml-stream';
import { CatalogFileError } from './supplier-item';

/**
 * The XML catalog formats' (BMEcat, cXML Index) streaming reader: the hardened XML stream with the
 * limits catalog files need, its refusals turned into CatalogFileError (nothing is written, exit 1).
 *
 * Limits: a product or index item is held whole while it is mapped, so what one may hold is capped
 * (5,000 children of one name, e.g. FEATUREs, per parent; 50,000 elements; 4 Mi characters of text):
 * real eCl@ss Advanced products carry a few thousand features, and a record at the caps is some tens
 * of MB at most. Beyond them the rest of the product is skipped with a warning, never refused.
 */
export const CATALOG_XML_LIMITS: XmlStreamLimits = DEFAULT_XML_STREAM_LIMITS;

export async function* readCatalogXml(
  chunks: AsyncIterable<string>,
  route: (name: string, path: readonly string[]) => XmlRoute,
): AsyncGenerator<XmlStreamEvent> {
  try {
    yield* readXmlStream(chunks, route, CATALOG_XML_LIMITS);
  } catch (error) {
    if (error instanceof XmlStreamError) throw new CatalogFileError(error.message, error.line, error.column);
    throw error;
  }
}

/** What a record left out, in words for the warning ("95,000 FEATURE ... left out (at most ...)"). */
export function describeTruncation(truncated: XmlTruncation): string {
  const parts = Object.entries(truncated.elements).map(
    ([name, count]) => `${count.toLocaleString('en')} ${name}`,
  );
  if (truncated.textCharacters > 0)
    parts.push(`${truncated.textCharacters.toLocaleString('en')} characters of text`);
  const limits = CATALOG_XML_LIMITS;
  return (
    `${parts.join(', ')} left out: at most ${limits.maxRepeatedChildren.toLocaleString('en')} elements of one name ` +
    `per parent, ${limits.maxRecordElements.toLocaleString('en')} elements and ` +
    `${limits.maxRecordText.toLocaleString('en')} characters of text are read per item`
  );
}

/** The `encoding` of an XML declaration at the start of `head`, or null. */
export function xmlDeclaredEncoding(head: string): string | null {
  const declaration = /^\uFEFF?\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']+)["']/.exec(head);
  return declaration ? declaration[1] : null;
}

/**
 * The document element's local name as far as the head shows it: the DOCTYPE's name, else the first
 * start tag after the XML declaration, comments and processing instructions. Null when the head does
 * not look like XML.
 */
export function xmlRootName(head: string): string | null {
  let rest = head.replace(/^\uFEFF/, '');
  for (;;) {
    rest = rest.trimStart();
    const prolog = /^(<\?[\s\S]*?\?>|<!--[\s\S]*?-->)/.exec(rest);
    if (prolog) {
      rest = rest.slice(prolog[0].length);
      continue;
    }
    const tag = /^<!DOCTYPE\s+([^\s>[]+)|^<([^\s/>!?]+)/i.exec(rest);
    if (!tag) return null;
    const name = tag[1] ?? tag[2];
    return name.slice(name.indexOf(':') + 1);
  }
}
