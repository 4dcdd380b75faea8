import { type XmlElement, textOf } from '../../common/xml/xml-tree';

/**
 * Reading the small element trees the XML catalog readers get per record. Names are exact (BMEcat and
 * cXML are case-sensitive) and may be given as alternatives, since BMEcat 1.2 and 2005 name the same
 * element differently (`ARTICLE_DETAILS` / `PRODUCT_DETAILS`).
 */
export function children(element: XmlElement | undefined, ...names: string[]): XmlElement[] {
  if (!element) return [];
  const found: XmlElement[] = [];
  for (const node of element.children)
    if (typeof node !== 'string' && names.includes(node.name)) found.push(node);
  return found;
}

export function child(element: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  if (!element) return undefined;
  for (const node of element.children) if (typeof node !== 'string' && names.includes(node.name)) return node;
  return undefined;
}

/** The trimmed text of the first child of one of `names`, or null when there is none or it is empty. */
export function childText(element: XmlElement | undefined, ...names: string[]): string | null {
  const found = child(element, ...names);
  const text = found ? textOf(found).trim() : '';
  return text === '' ? null : text;
}

/** The trimmed text of an element ('' when absent). */
export function trimmedText(element: XmlElement | undefined): string {
  return textOf(element).trim();
}
