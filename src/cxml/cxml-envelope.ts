import { randomBytes } from 'node:crypto';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

/**
 * What every cXML document we emit carries (cXML 1.2.063): the DOCTYPE, a unique payloadID, an ISO
 * 8601 timestamp with its zone and `xml:lang`. Documents are built with xmlbuilder2, which escapes
 * text and attribute values and writes UTF-8: never by string concatenation.
 */
export const CXML_VERSION = '1.2.063';
export const CXML_DTD_URL = `http://xml.cxml.org/schemas/cXML/${CXML_VERSION}/cXML.dtd`;

/** The facts of one document's envelope, made once per document (newEnvelope) or given in tests. */
export interface CxmlEnvelope {
  payloadId: string;
  /** ISO 8601 with zone, e.g. `2026-11-27T13:40:00.000Z`. */
  timestamp: string;
  lang: string;
}

/** `<epoch ms>.<16 random hex>@<host>`: unique per document, as the cXML User's Guide recommends. */
export function newPayloadId(host: string, now: Date): string {
  return `${now.getTime()}.${randomBytes(8).toString('hex')}@${host}`;
}

export function newEnvelope(host: string, now: Date, lang: string): CxmlEnvelope {
  return { payloadId: newPayloadId(host, now), timestamp: now.toISOString(), lang };
}

/**
 * Control characters other than tab, line feed and carriage return cannot be written in XML 1.0 (and
 * U+FFFE/U+FFFF, lone surrogates neither): they become spaces, so a product text never breaks a document.
 */
export function xmlSafe(value: string): string {
  // eslint-disable-next-line no-control-regex -- replacing the characters XML 1.0 forbids is the point
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/gu, ' ');
}

/** A new document with its DOCTYPE and the `cXML` root element (returned, to add Header/Message/Response). */
export function cxmlRoot(envelope: CxmlEnvelope): XMLBuilder {
  return create({ version: '1.0', encoding: 'UTF-8' })
    .dtd({ name: 'cXML', sysID: CXML_DTD_URL })
    .ele('cXML', {
      payloadID: xmlSafe(envelope.payloadId),
      timestamp: envelope.timestamp,
      'xml:lang': envelope.lang,
    });
}

/**
 * The finished document as text, UTF-8 declared. Not indented: indentation would change the text of
 * mixed content (Description) and of the echoed BuyerCookie. A carriage return is written as `&#xD;`:
 * a parser reads a raw one as a line feed (XML's end-of-line handling), so an echoed BuyerCookie
 * holding one would come back changed. Without indentation the markup itself holds none.
 */
export function serialize(root: XMLBuilder): string {
  return root.end({ prettyPrint: false }).replaceAll('\r', '&#xD;');
}
