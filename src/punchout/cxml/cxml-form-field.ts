/**
 * The one hidden field an order message travels in through the buyer's browser to BrowserFormPost:
 * `cxml-urlencoded` carries the document as it is (the browser form-encodes it when it posts),
 * `cxml-base64` its UTF-8 bytes in base64 (Ariba prefers it: non-ASCII text survives any charset).
 * Field names are lower case as we emit them; buyers read them case-insensitively.
 */
export const CxmlEncodings = {
  urlencoded: 'urlencoded',
  base64: 'base64',
} as const;

export type CxmlEncoding = (typeof CxmlEncodings)[keyof typeof CxmlEncodings];

export function isCxmlEncoding(value: string): value is CxmlEncoding {
  return value === CxmlEncodings.urlencoded || value === CxmlEncodings.base64;
}

/** The [name, value] pair posted: what the receiver's form parser hands it. */
export function cxmlFormField(document: string, encoding: CxmlEncoding): [name: string, value: string] {
  return encoding === CxmlEncodings.base64
    ? ['cxml-base64', Buffer.from(document, 'utf8').toString('base64')]
    : ['cxml-urlencoded', document];
}
