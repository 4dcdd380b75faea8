import { CATALOG_READERS } from './catalog-readers';
import { headText } from './catalog-text.decoder';
import type { CatalogFormat, CatalogReader } from './supplier-item';

/**
 * The format of a catalog file from its first bytes (CATALOG_HEAD_BYTES; byte-order marks and UTF-16
 * are read): each reader's own recognition first (BMEcat root, cXML Index root, CIF_I_V3.0), then
 * the gateway's own shapes where no reader claims them: JSONL (the first character is `{`) and CSV
 * (a header line naming productCode). Null when nothing matches: the import then asks for --format.
 */
export function detectCatalogFormat(
  head: Buffer,
  readers: readonly CatalogReader[] = CATALOG_READERS,
): CatalogFormat | null {
  const text = headText(head).replace(/^\uFEFF/, '');
  const recognized = readers.find((reader) => reader.recognizes(text));
  if (recognized) return recognized.format;
  const handled = new Set(readers.map((reader) => reader.format));
  if (!handled.has('jsonl') && text.trimStart().startsWith('{')) return 'jsonl';
  const firstLine = text.split('\n', 1)[0];
  if (
    !handled.has('csv') &&
    firstLine.split(/[,;]/).some((column) => column.trim().replace(/^"|"$/g, '') === 'productCode')
  )
    return 'csv';
  return null;
}
