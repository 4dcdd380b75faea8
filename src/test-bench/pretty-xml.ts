import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { readXml, XmlElement } from '../common/xml/xml-tree';

/** The XML declaration and DOCTYPE before the root element, kept as they came (the tree has neither). */
const PROLOG = /^\s*(<\?xml[^?]*\?>)?\s*(<!DOCTYPE[^>[]*>)?/;

function append(parent: XMLBuilder, element: XmlElement): void {
  const child = parent.ele(element.name, element.attributes);
  const hasElements = element.children.some((node) => typeof node !== 'string');
  for (const node of element.children) {
    if (typeof node !== 'string') append(child, node);
    // Whitespace between elements is layout, which the indentation replaces.
    else if (!hasElements || node.trim() !== '') child.txt(hasElements ? node.trim() : node);
  }
}

/**
 * A received XML document indented one element per line for a person to read, read with the
 * hardened reader (no DTD, no entities) and written back escaped; a document that does not read is
 * returned as it came.
 */
export function prettyXml(document: string): string {
  const read = readXml(document);
  if (!read.ok) return document;
  const body = create();
  append(body, read.root);
  const [, declaration, doctype] = PROLOG.exec(document) ?? [];
  const prolog = [declaration, doctype].filter(Boolean).join('\n');
  const pretty = body.end({ prettyPrint: true, headless: true, indent: '  ' });
  return prolog ? `${prolog}\n${pretty}` : pretty;
}
