import type { XmlRoute } from '../../../common/xml/xml-stream';
import { decodeCatalogText } from '../catalog-text.decoder';
import { CatalogWarnings } from '../catalog-warnings';
import { describeTruncation, readCatalogXml, xmlDeclaredEncoding, xmlRootName } from '../catalog-xml';
import {
  type CatalogHeader,
  CatalogFileError,
  type CatalogReadEvent,
  type CatalogReader,
  type CatalogTransaction,
} from '../supplier-item';
import { trimmedText } from '../xml-element';
import { cxmlIndexItem } from './cxml-index-item';

const ITEMS = new Set(['IndexItemAdd', 'IndexItemDelete', 'IndexItemPunchout']);

/** Index's SupplierIDs and each item are read whole (one at a time); Comments and SearchGroups are passed over. */
function route(name: string, path: readonly string[]): XmlRoute {
  if (path.length === 0) return 'descend';
  if (path.length === 1) return name === 'SupplierID' ? 'record' : name === 'IndexItem' ? 'descend' : 'skip';
  return path.length === 2 && ITEMS.has(name) ? 'record' : 'skip';
}

/**
 * A cXML Index document (`<!DOCTYPE Index SYSTEM ".../cXML/1.2.063/cXML.dtd">`, never fetched):
 * loadmode Full is a full catalog, Incremental (and, as the cXML DTD recommends, a missing loadmode)
 * an incremental one; the items are mapped by cxml-index-item.ts.
 */
export class CxmlIndexReader implements CatalogReader {
  readonly format = 'cxml-index' as const;

  recognizes(head: string): boolean {
    return xmlRootName(head) === 'Index';
  }

  async *read(input: AsyncIterable<Buffer>): AsyncGenerator<CatalogReadEvent> {
    const text = await decodeCatalogText(input, xmlDeclaredEncoding);
    for (const warning of text.warnings) yield { type: 'warning', warning };
    const warnings = new CatalogWarnings();
    let version: string | null = null;
    let transaction: CatalogTransaction | null = null;
    const supplierIds: CatalogHeader['supplierIds'] = [];
    let headerSent = false;
    const header = (): CatalogReadEvent => {
      headerSent = true;
      return {
        type: 'header',
        header: {
          format: 'cxml-index',
          formatVersion: version,
          transaction: transaction ?? 'incremental',
          defaultLanguage: null,
          defaultCurrency: null,
          supplierIds,
          supplierName: null,
          catalogId: null,
          catalogVersion: null,
          declaredItemCount: null,
        },
      };
    };

    for await (const event of readCatalogXml(text.chunks, route)) {
      if (event.type === 'doctype') {
        version = /cXML\/(\d+(?:\.\d+)+)\/cXML\.dtd/i.exec(event.text)?.[1] ?? null;
      } else if (event.type === 'open' && transaction === null) {
        if (event.name !== 'Index')
          throw new CatalogFileError(
            `not a cXML Index: the root element is <${event.name}>, not <Index>`,
            event.line,
            event.column,
          );
        transaction = transactionOf(event.attributes.loadmode, warnings, event.line);
      } else if (event.type === 'record' && event.element.name === 'SupplierID') {
        supplierIds.push({
          type: event.element.attributes.domain ?? null,
          value: trimmedText(event.element),
        });
      } else if (event.type === 'open' && event.name === 'IndexItem' && !headerSent) {
        yield header();
        yield* warnings.drain();
      } else if (event.type === 'record' && transaction) {
        if (event.truncated)
          warnings.warn(
            'item-truncated',
            `item at line ${event.line}: ${describeTruncation(event.truncated)}`,
            event.line,
          );
        const result = cxmlIndexItem(event.element, event.line, { transaction, warnings });
        yield* warnings.drain();
        if ('item' in result) yield { type: 'item', item: result.item };
        else if ('rejected' in result) yield { type: 'rejected', line: event.line, ...result.rejected };
      }
    }
    if (!headerSent) {
      yield header();
      yield* warnings.drain();
    }
  }
}

function transactionOf(
  loadmode: string | undefined,
  warnings: CatalogWarnings,
  line: number,
): CatalogTransaction {
  if (loadmode === 'Full') return 'full';
  if (loadmode === 'Incremental') return 'incremental';
  if (loadmode === undefined) {
    warnings.warn(
      'cxml-loadmode',
      'no loadmode: read as Incremental, as the cXML DTD recommends (nothing is withdrawn)',
      line,
    );
    return 'incremental';
  }
  throw new CatalogFileError(`loadmode "${loadmode}" is neither Full nor Incremental`, line);
}
