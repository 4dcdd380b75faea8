import type { XmlRoute } from '../../../common/xml/xml-stream';
import { decodeCatalogText } from '../catalog-text.decoder';
import { CatalogWarnings } from '../catalog-warnings';
import { readCatalogXml, xmlDeclaredEncoding, xmlRootName } from '../catalog-xml';
import {
  CatalogFileError,
  type CatalogHeader,
  type CatalogReadEvent,
  type CatalogReader,
  type CatalogTransaction,
} from '../supplier-item';
import { trimmedText } from '../xml-element';
import type { BmecatContext } from './bmecat-context';
import { type BmecatHeader, readBmecatHeader } from './bmecat-header';
import { mapBmecatProduct } from './bmecat-product';

const TRANSACTIONS: Record<string, CatalogTransaction> = {
  T_NEW_CATALOG: 'full',
  T_UPDATE_PRODUCTS: 'incremental',
  T_UPDATE_PRICES: 'prices',
};
const PRODUCTS = new Set(['PRODUCT', 'ARTICLE']);
const CLASSIFICATION_SYSTEM_FIELDS = new Set([
  'CLASSIFICATION_SYSTEM_NAME',
  'CLASSIFICATION_SYSTEM_FULLNAME',
  'CLASSIFICATION_SYSTEM_VERSION',
]);

/**
 * Which elements are read: HEADER and each PRODUCT/ARTICLE whole (one at a time), the name of each
 * CLASSIFICATION_SYSTEM; everything else (the classification groups, feature systems, catalog group
 * maps, which can be larger than all products together) is parsed and passed over.
 */
function route(name: string, path: readonly string[]): XmlRoute {
  switch (path.length) {
    case 0:
      return 'descend';
    case 1:
      return name === 'HEADER' ? 'record' : name in TRANSACTIONS ? 'descend' : 'skip';
    case 2:
      return PRODUCTS.has(name) ? 'record' : name === 'CLASSIFICATION_SYSTEM' ? 'descend' : 'skip';
    case 3:
      return CLASSIFICATION_SYSTEM_FIELDS.has(name) ? 'record' : 'skip';
    default:
      return 'skip';
  }
}

/**
 * BMEcat 2005 (in every namespace variant: 2005, 2005fd, 2005.1, 2005.2, others, or none) and 1.2
 * (ARTICLE, SUPPLIER_AID, ...): the header, then each product mapped by bmecat-product.ts.
 */
export class BmecatReader implements CatalogReader {
  readonly format = 'bmecat' as const;

  recognizes(head: string): boolean {
    return xmlRootName(head) === 'BMECAT';
  }

  async *read(input: AsyncIterable<Buffer>): AsyncGenerator<CatalogReadEvent> {
    const text = await decodeCatalogText(input, xmlDeclaredEncoding);
    for (const warning of text.warnings) yield { type: 'warning', warning };
    const warnings = new CatalogWarnings();
    let version: string | null = null;
    let header: BmecatHeader | null = null;
    let context: BmecatContext | null = null;
    let system: Record<string, string> = {};

    for await (const event of readCatalogXml(text.chunks, route)) {
      if (event.type === 'open' && event.name === 'BMECAT' && version === null) {
        version = event.attributes.version?.trim() || versionOfNamespace(event.attributes.xmlns) || '';
      } else if (event.type === 'open' && version === null) {
        throw new CatalogFileError(
          `not a BMEcat document: the root element is <${event.name}>, not <BMECAT>`,
          event.line,
          event.column,
        );
      } else if (event.type === 'open' && event.name in TRANSACTIONS) {
        if (!header)
          throw new CatalogFileError(
            `<${event.name}> before the HEADER: not a BMEcat catalog`,
            event.line,
            event.column,
          );
        if (context)
          throw new CatalogFileError(
            `a second transaction <${event.name}>: a BMEcat file holds one`,
            event.line,
            event.column,
          );
        context = contextOf(header, TRANSACTIONS[event.name], warnings);
        yield { type: 'header', header: catalogHeaderOf(header, version, context.transaction) };
        yield* warnings.drain();
      } else if (event.type === 'record' && event.element.name === 'HEADER') {
        header = readBmecatHeader(event.element);
      } else if (event.type === 'record' && context && PRODUCTS.has(event.element.name)) {
        const result = mapBmecatProduct(event.element, event.line, event.truncated, context);
        yield* warnings.drain();
        if ('item' in result) yield { type: 'item', item: result.item };
        else if ('rejected' in result) yield { type: 'rejected', line: event.line, ...result.rejected };
      } else if (event.type === 'record') {
        system[event.element.name] = trimmedText(event.element);
      } else if (event.type === 'close' && event.name === 'CLASSIFICATION_SYSTEM' && context) {
        registerClassificationSystem(context, system);
        system = {};
      }
    }
    if (!context)
      throw new CatalogFileError(
        'no T_NEW_CATALOG, T_UPDATE_PRODUCTS or T_UPDATE_PRICES: not a BMEcat catalog',
      );
  }
}

function contextOf(
  header: BmecatHeader,
  transaction: CatalogTransaction,
  warnings: CatalogWarnings,
): BmecatContext {
  if (header.defaultLanguageCode && !header.defaultLanguage)
    warnings.once(
      `language:${header.defaultLanguageCode}`,
      'language-dropped',
      `the catalog's LANGUAGE "${header.defaultLanguageCode}" is not served (German and English are): texts without their own language are not imported`,
    );
  return {
    transaction,
    defaultLanguage: header.defaultLanguage,
    defaultLanguageCode: header.defaultLanguageCode,
    defaultCurrency: header.defaultCurrency,
    mimeRoot: header.mimeRoot,
    classificationSystems: new Map(),
    warnings,
  };
}

function catalogHeaderOf(
  header: BmecatHeader,
  version: string | null,
  transaction: CatalogTransaction,
): CatalogHeader {
  return {
    format: 'bmecat',
    formatVersion: version || null,
    transaction,
    defaultLanguage: header.defaultLanguage,
    defaultCurrency: header.defaultCurrency,
    supplierIds: header.supplierIds,
    supplierName: header.supplierName,
    catalogId: header.catalogId,
    catalogVersion: header.catalogVersion,
    declaredItemCount: null,
  };
}

/** BMEcat's namespaces: http://www.bmecat.org/bmecat/2005 (2005fd, 2005.1, ...) and .../bmecat/1.2/... */
function versionOfNamespace(namespace: string | undefined): string | null {
  return /bmecat\.org\/(?:bmecat|XMLSchema)\/(\d[\w.]*)/i.exec(namespace ?? '')?.[1] ?? null;
}

/** A CLASSIFICATION_SYSTEM's name products reference it by, and the name it is recognized by (its full name and version). */
function registerClassificationSystem(context: BmecatContext, fields: Record<string, string>): void {
  const name = fields.CLASSIFICATION_SYSTEM_NAME;
  if (!name) return;
  const fullName = fields.CLASSIFICATION_SYSTEM_FULLNAME ?? name;
  const version = fields.CLASSIFICATION_SYSTEM_VERSION;
  context.classificationSystems.set(name, version ? `${fullName} ${version}` : fullName);
}
