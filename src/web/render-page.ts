import type { VNode } from 'preact';
import { render } from 'preact-render-to-string';

/** A whole HTML document from a JSX tree; every text and attribute value is escaped by the renderer. */
export function renderPage(page: VNode): string {
  return `<!doctype html>${render(page)}`;
}
