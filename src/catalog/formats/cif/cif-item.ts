import { blankSupplierItem } from '../blank-supplier-item';
import { deliveryDays } from '../delivery-days';
import { singleNetPrice } from '../net-price';
import type { CatalogWarnings } from '../catalog-warnings';
import { classificationOf } from '../classification-system';
import { decimalText } from '../decimal-text';
import { nameFromDescription } from '../item-text';
import { addText, servedLanguage } from '../localized-text';
import { mediaUrl } from '../media-url';
import type {
  SupplierItem,
  SupplierItemClassification,
  SupplierItemFeature,
  SupplierItemMedia,
  TextLanguage,
} from '../supplier-item';
import type { CifColumn } from './cif-columns';
import type { CifHeader } from './cif-header';
import { cifDate, cifFlag, cifPairs } from './cif-values';

/** One data row: its first line and its values by column (trimmed; absent columns are missing). */
export interface CifRow {
  line: number;
  values: Partial<Record<CifColumn, string>>;
}

export interface CifContext {
  header: CifHeader;
  /** The Supplier ID of the file's first row: rows of another supplier are refused. */
  supplierId: string | null;
  warnings: CatalogWarnings;
}

/** The columns that must agree between the language rows of one part (only texts may differ). */
const SHARED_COLUMNS: CifColumn[] = [
  'Unit Price',
  'Currency',
  'Unit of Measure',
  'Expiration Date',
  'Effective Date',
];

/** Rows of one part in several languages share the supplier's item key: Supplier Part ID and Auxiliary ID. */
export function cifItemKey(row: CifRow): string {
  return `${row.values['Supplier Part ID'] ?? ''}\u0000${row.values['Supplier Part Auxiliary ID'] ?? ''}`;
}

/**
 * One item from the consecutive rows of one part (one row per Language): texts, features from each
 * row in its language (en_US -> en, de_DE -> de; a row without Language is English, CIF's default);
 * everything else from the first row, a later row that differs there is reported.
 * - Delete (incremental loads) makes a `delete`; in a full load the part is left out, so it is withdrawn;
 * - PunchOut Enabled makes a `punchoutOnly` item (bought on the supplier's site; the import refuses it);
 * - Unit Price (a decimal comma is read: "12,50") in Currency or the header's CURRENCY is the one
 *   net price; Effective Date and Expiration Date its validity;
 * - SPSC Code (in the header's CODEFORMAT) and Classification Codes (`{UNSPSC=43211503;ACME=8BE100}`)
 *   are classifications, Parametric Name too (as the supplier's `CIF Parametric Name`); Parametric
 *   Data (`{TYPE="IBM PC";SPEED="33 MHZ";}`) are features.
 */
export function cifItem(
  rows: CifRow[],
  context: CifContext,
): { item: SupplierItem } | { rejected: { item: string | null; reason: string } } | { leftOut: true } {
  const [first] = rows;
  const value = (column: CifColumn) => first.values[column] ?? '';
  const id = value('Supplier Part ID');
  if (id === '') return { rejected: { item: null, reason: 'no Supplier Part ID' } };
  const supplierId = value('Supplier ID');
  if (context.supplierId !== null && supplierId !== '' && supplierId !== context.supplierId)
    return {
      rejected: {
        item: id,
        reason: `the row is of supplier ${supplierId}; the file's first row is of ${context.supplierId}`,
      },
    };

  const auxiliaryId = value('Supplier Part Auxiliary ID') || null;
  if (cifFlag(value('Delete'))) {
    if (context.header.transaction === 'incremental')
      return {
        item: { ...blankSupplierItem('delete', first.line, id), supplierPartAuxiliaryId: auxiliaryId },
      };
    context.warnings.warn(
      'full-catalog-delete',
      `part ${id}: Delete in a full load (LOADMODE F): left out, so it is withdrawn`,
      first.line,
    );
    return { leftOut: true };
  }

  reportDifferences(rows, id, context);
  const punchoutOnly = cifFlag(value('PunchOut Enabled'));
  const price = priceOf(first, context);
  if ('problem' in price && !punchoutOnly) return { rejected: { item: id, reason: price.problem } };
  if ('price' in price && Number(price.price.amount) === 0)
    context.warnings.warn('price-zero', `part ${id}: Unit Price is 0`, first.line);
  const orderUnit = value('Unit of Measure');
  if (orderUnit === '' && !punchoutOnly) return { rejected: { item: id, reason: 'no Unit of Measure' } };

  const item: SupplierItem = {
    ...blankSupplierItem('upsert', first.line, id),
    supplierPartAuxiliaryId: auxiliaryId,
    manufacturerName: value('Manufacturer Name') || null,
    manufacturerPartId: value('Manufacturer Part ID') || null,
    classifications: classificationsOf(first, context),
    prices: 'price' in price ? [price.price] : [],
    ordering: { ...blankSupplierItem('upsert', first.line, id).ordering, orderUnit },
    media: mediaOf(first, id, context),
    deliveryDays: deliveryDays(value('Lead Time'), `part ${id}: Lead Time`, context.warnings, first.line, {
      decimalComma: true,
    }),
    punchoutOnly,
  };
  const features = new Map<string, SupplierItemFeature>();
  for (const row of rows) {
    const language = languageOf(row, context);
    if (!language) continue;
    const description = row.values['Item Description'] ?? '';
    addText(item.description, language, description);
    addText(item.name, language, row.values['Short Name'] || nameFromDescription(description));
    for (const [name, text] of parametricData(row, id, context)) {
      const feature = features.get(name) ?? { name: {}, values: [{}], unit: null };
      addText(feature.name, language, name);
      addText(feature.values[0], language, text);
      features.set(name, feature);
    }
  }
  item.features = [...features.values()].filter((f) => Object.keys(f.values[0]).length > 0);
  return { item };
}

function languageOf(row: CifRow, context: CifContext): TextLanguage | null {
  // A row without a Language is English, CIF's default (en_US).
  return servedLanguage(row.values.Language || 'en_US', context.warnings, row.line);
}

function priceOf(
  row: CifRow,
  context: CifContext,
): { price: SupplierItem['prices'][number] } | { problem: string } {
  const raw = row.values['Unit Price'] ?? '';
  if (raw === '') return { problem: 'no Unit Price' };
  const amount = decimalText(raw, { decimalComma: true });
  if (amount === null || amount.startsWith('-')) return { problem: `Unit Price "${raw}" is not a price` };
  const currency = row.values.Currency?.toUpperCase() || context.header.currency;
  if (!currency) return { problem: 'no Currency column value and no CURRENCY in the header' };
  const dates: Record<'Effective Date' | 'Expiration Date', string | null> = {
    'Effective Date': null,
    'Expiration Date': null,
  };
  for (const column of ['Effective Date', 'Expiration Date'] as const) {
    const text = row.values[column] ?? '';
    if (text === '') continue;
    dates[column] = cifDate(text);
    if (dates[column] === null) return { problem: `${column} "${text}" is not a date` };
  }
  return {
    price: singleNetPrice(
      amount,
      currency,
      { validFrom: dates['Effective Date'], validTo: dates['Expiration Date'] },
      'Unit Price',
    ),
  };
}

function classificationsOf(row: CifRow, context: CifContext): SupplierItemClassification[] {
  const found = new Map<string, SupplierItemClassification>();
  const add = (system: string, code: string) => {
    if (code.trim() === '') return;
    const classification = classificationOf(system, code);
    const key = `${classification.type}|${classification.code}`;
    if (!found.has(key)) found.set(key, classification);
  };
  add(context.header.codeFormat, row.values['SPSC Code'] ?? '');
  const codes = row.values['Classification Codes'] ?? '';
  if (codes !== '') {
    const pairs = cifPairs(codes);
    if (pairs === null)
      context.warnings.warn(
        'cif-classification',
        `part ${row.values['Supplier Part ID']}: Classification Codes "${codes}" is not a {DOMAIN=code;...} list`,
        row.line,
      );
    for (const [domain, code] of pairs ?? []) add(domain, code);
  }
  add('CIF Parametric Name', row.values['Parametric Name'] ?? '');
  return [...found.values()];
}

function parametricData(row: CifRow, id: string, context: CifContext): Array<[string, string]> {
  const data = row.values['Parametric Data'] ?? '';
  if (data === '') return [];
  const pairs = cifPairs(data);
  if (pairs === null)
    context.warnings.warn(
      'cif-parametric-data',
      `part ${id}: Parametric Data "${data}" is not a {NAME="value";...} list`,
      row.line,
    );
  return (pairs ?? []).filter(([, text]) => text !== '');
}

function mediaOf(row: CifRow, id: string, context: CifContext): SupplierItemMedia[] {
  const media: SupplierItemMedia[] = [];
  for (const [column, purpose] of [
    ['Supplier URL', 'product_page'],
    ['Manufacturer URL', 'manufacturer_page'],
  ] as const) {
    const written = row.values[column] ?? '';
    if (written === '') continue;
    const url = mediaUrl(written, null);
    if (url) media.push({ url, purpose, mimeType: null, description: {} });
    else
      context.warnings.warn(
        'media-url',
        `part ${id}: ${column} "${written}" is not an http(s) URL; left out`,
        row.line,
      );
  }
  return media;
}

function reportDifferences(rows: CifRow[], id: string, context: CifContext): void {
  const [first, ...others] = rows;
  for (const row of others)
    for (const column of SHARED_COLUMNS)
      if ((row.values[column] ?? '') !== (first.values[column] ?? ''))
        context.warnings.warn(
          'cif-language-rows-differ',
          `part ${id}: the ${row.values.Language || 'next'} row's ${column} "${row.values[column] ?? ''}" differs from the first row's "${first.values[column] ?? ''}"; the first row's is used`,
          row.line,
        );
}
