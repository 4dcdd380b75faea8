import { SaxesParser } from 'saxes';

/** An element as our XML readers see it: name, attributes and children (elements and text, in order). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

export type XmlRead = { ok: true; root: XmlElement } | { ok: false; message: string };

/** Deeper nesting than any cXML document needs is refused (the tree is walked recursively). */
export const XML_MAX_DEPTH = 64;

/**
 * Reads an XML document into a small element tree, hardened against the attacks on XML parsers:
 *
 * - saxes (a strict, non-validating XML 1.0 parser) never processes a DTD: it neither loads an external
 *   DTD or entity (no file or network access: XXE is impossible) nor reads entity declarations. Only the
 *   five predefined entities and character references are known; any other `&name;` is an error, so
 *   entity expansion ("billion laughs") cannot happen.
 * - On top of that a DOCTYPE with an internal subset (`[...]`, where entities are declared) is refused
 *   outright: cXML never needs one. The plain `<!DOCTYPE cXML SYSTEM "...cXML.dtd">` that every buyer
 *   sends is accepted and ignored (not fetched).
 * - Nesting is limited; the body size is limited before parsing (CXML_MAX_BYTES).
 *
 * Namespaces are not processed (cXML uses none; `xml:lang` stays an attribute named so).
 */
export function readXml(text: string): XmlRead {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let problem: string | null = null;
  const refuse = (message: string) => {
    problem ??= message;
  };

  // The body is decoded as UTF-8 before parsing; a document saying otherwise would be misread.
  parser.on('xmldecl', (decl) => {
    if (decl.encoding && !/^utf-?8$/i.test(decl.encoding))
      refuse(`encoding ${decl.encoding}: only UTF-8 is accepted`);
  });
  parser.on('doctype', (doctype) => {
    if (doctype.includes('['))
      refuse('a DOCTYPE with an internal subset (entity declarations) is not accepted');
  });
  parser.on('opentag', (tag) => {
    if (problem) return;
    if (stack.length >= XML_MAX_DEPTH) return refuse(`elements nested deeper than ${XML_MAX_DEPTH} levels`);
    const element: XmlElement = { name: tag.name, attributes: { ...tag.attributes }, children: [] };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (value: string) => {
    const parent = stack[stack.length - 1];
    if (parent && !problem) parent.children.push(value);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('error', (error) => refuse(error.message));

  try {
    parser.write(text).close();
  } catch (error) {
    // saxes throws from write/close after an error it could not recover from; the first reason is kept.
    refuse(error instanceof Error ? error.message : String(error));
  }
  if (problem) return { ok: false, message: problem };
  if (!root) return { ok: false, message: 'no root element' };
  return { ok: true, root };
}

/** The element's children that are elements named `name` (compared case-insensitively: real buyers vary). */
export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  if (!element) return [];
  const wanted = name.toLowerCase();
  return element.children.filter(
    (child): child is XmlElement => typeof child !== 'string' && child.name.toLowerCase() === wanted,
  );
}

/** The first child element named `name` (see childrenNamed), or undefined. */
export function childNamed(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return childrenNamed(element, name)[0];
}

/** The element at a path of child names below `element`, e.g. `['Header', 'Sender', 'Credential']`. */
export function pathOf(element: XmlElement | undefined, names: readonly string[]): XmlElement | undefined {
  return names.reduce<XmlElement | undefined>((at, name) => childNamed(at, name), element);
}

/** All the text inside an element, as written (nested elements' text included, in order). */
export function textOf(element: XmlElement | undefined): string {
  if (!element) return '';
  return element.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('');
}

/** True when the element has element children (not only text). */
export function hasElementChildren(element: XmlElement): boolean {
  return element.children.some((child) => typeof child !== 'string');
}

/** An attribute by name, compared case-insensitively (`addressID` and `addressId` both occur). */
export function attributeOf(element: XmlElement | undefined, name: string): string | undefined {
  if (!element) return undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(element.attributes))
    if (key.toLowerCase() === wanted) return value;
  return undefined;
}
