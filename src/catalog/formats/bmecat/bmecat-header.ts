import type { XmlElement } from '../../../common/xml/xml-tree';
import { textLanguageOf } from '../localized-text';
import type { CatalogHeader, TextLanguage } from '../supplier-item';
import { child, childText, children, trimmedText } from '../xml-element';

/** What a BMEcat HEADER says that the items need or the report shows. */
export interface BmecatHeader {
  defaultLanguageCode: string | null;
  defaultLanguage: TextLanguage | null;
  defaultCurrency: string | null;
  mimeRoot: string | null;
  supplierIds: CatalogHeader['supplierIds'];
  supplierName: string | null;
  catalogId: string | null;
  catalogVersion: string | null;
}

/**
 * Reads HEADER: CATALOG (LANGUAGE, the one marked default="true" or else the first; CATALOG_ID,
 * CATALOG_VERSION, CURRENCY, MIME_ROOT) and the supplier, either SUPPLIER (SUPPLIER_ID with its
 * type, SUPPLIER_NAME) or, in BMEcat 2005, SUPPLIER_IDREF naming a PARTY whose ADDRESS has the name.
 */
export function readBmecatHeader(header: XmlElement): BmecatHeader {
  const catalog = child(header, 'CATALOG');
  const languages = children(catalog, 'LANGUAGE');
  const defaultLanguage =
    languages.find((l) => /^(true|1)$/i.test(l.attributes.default ?? '')) ?? languages[0];
  const defaultLanguageCode = defaultLanguage ? trimmedText(defaultLanguage) || null : null;
  const mimeRoots = children(catalog, 'MIME_ROOT');
  const mimeRoot =
    mimeRoots.find(
      (root) => root.attributes.lang === undefined || root.attributes.lang === defaultLanguageCode,
    ) ?? mimeRoots[0];

  const supplier = child(header, 'SUPPLIER');
  const supplierIds = children(supplier, 'SUPPLIER_ID').map((id) => ({
    type: id.attributes.type ?? null,
    value: trimmedText(id),
  }));
  let supplierName = childText(supplier, 'SUPPLIER_NAME');
  const reference = child(header, 'SUPPLIER_IDREF');
  if (reference && trimmedText(reference) !== '') {
    const id = trimmedText(reference);
    supplierIds.push({ type: reference.attributes.type ?? null, value: id });
    const party = children(child(header, 'PARTIES'), 'PARTY').find((p) =>
      children(p, 'PARTY_ID').some((partyId) => trimmedText(partyId) === id),
    );
    supplierName ??= childText(child(party, 'ADDRESS'), 'NAME');
  }

  return {
    defaultLanguageCode,
    defaultLanguage: defaultLanguageCode ? textLanguageOf(defaultLanguageCode) : null,
    defaultCurrency: childText(catalog, 'CURRENCY'),
    mimeRoot: mimeRoot ? trimmedText(mimeRoot) || null : null,
    supplierIds: supplierIds.filter((id) => id.value !== ''),
    supplierName,
    catalogId: childText(catalog, 'CATALOG_ID'),
    catalogVersion: childText(catalog, 'CATALOG_VERSION'),
  };
}
