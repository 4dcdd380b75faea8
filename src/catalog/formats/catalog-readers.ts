import { BmecatReader } from './bmecat/bmecat.reader';
import { CifReader } from './cif/cif.reader';
import { CxmlIndexReader } from './cxml-index/cxml-index.reader';
import type { CatalogFormat, CatalogReader } from './supplier-item';

/**
 * The reader of each supplier catalog format. A new format is one folder under
 * src/catalog/formats/ and one entry here; format detection (catalog-format.detector.ts) asks each
 * reader whether it recognizes a file.
 *
 * How an import uses them: `peekHead(input)` (catalog-text.decoder.ts) takes the first bytes,
 * `detectCatalogFormat(head)` names the format when the caller gave none, and
 * `catalogReaderFor(format).read(input)` yields the header, then items, refusals and warnings, or
 * throws CatalogFileError for a file that cannot be used.
 */
export const CATALOG_READERS: readonly CatalogReader[] = [
  new BmecatReader(),
  new CifReader(),
  new CxmlIndexReader(),
];

/** The reader of `format`, or null for a format no reader here handles (the gateway's own JSONL/CSV import). */
export function catalogReaderFor(
  format: CatalogFormat,
  readers: readonly CatalogReader[] = CATALOG_READERS,
): CatalogReader | null {
  return readers.find((reader) => reader.format === format) ?? null;
}
