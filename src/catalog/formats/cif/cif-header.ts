import { parse as parseCsv } from 'csv-parse/sync';
import type { CatalogWarnings } from '../catalog-warnings';
import { CatalogFileError, type CatalogTransaction } from '../supplier-item';
import { CIF_STANDARD_COLUMNS, type CifColumn, cifColumnOf } from './cif-columns';

/** What a CIF 3.0 header says (the lines between CIF_I_V3.0 and DATA). */
export interface CifHeader {
  version: string;
  transaction: CatalogTransaction;
  /** The file's columns in order; null for a column CIF does not define (read as nothing, with a warning). */
  columns: Array<CifColumn | null>;
  currency: string | null;
  /** CODEFORMAT: the classification system of the SPSC Code column (UNSPSC by default). */
  codeFormat: string;
  supplierIdDomain: string | null;
  itemCount: number | null;
}

const KNOWN_KEYS = new Set([
  'CHARSET',
  'CURRENCY',
  'CODEFORMAT',
  'LOADMODE',
  'FIELDNAMES',
  'UNUOM',
  'ITEMCOUNT',
  'SUPPLIERID_DOMAIN',
  'COMMENTS',
  'TIMESTAMP',
  'DUNS',
]);

/** The CHARSET a CIF header declares, for decoding (null when it declares none). */
export function cifDeclaredCharset(head: string): string | null {
  const header = head.split(/\r?\n\s*DATA\s*(\r?\n|$)/i)[0];
  return /^\s*CHARSET\s*:\s*(\S(?:.*\S)?)\s*$/im.exec(header)?.[1] ?? null;
}

/**
 * Reads the header lines: `KEY: value`, keys in any case. LOADMODE F (or Full) is a full catalog,
 * I (or Incremental) an incremental one; without LOADMODE a file is incremental (Ariba's default:
 * nothing is withdrawn), with a warning. Without FIELDNAMES the standard twelve columns apply.
 */
export function readCifHeader(
  lines: Array<{ text: string; line: number }>,
  warnings: CatalogWarnings,
): CifHeader {
  const [first, ...rest] = lines;
  const signature = /^CIF_I_V(\d+(?:\.\d+)?)$/i.exec(first?.text.trim() ?? '');
  if (!signature) throw new CatalogFileError('not a CIF file: the first line must be CIF_I_V3.0', 1);
  if (signature[1] !== '3.0')
    throw new CatalogFileError(`CIF version ${signature[1]} is not supported: only CIF 3.0 is`, 1);

  const values = new Map<string, { value: string; line: number }>();
  for (const { text, line } of rest) {
    if (text.trim() === '') continue;
    const entry = /^\s*([A-Za-z_]+)\s*:(.*)$/.exec(text);
    if (!entry) {
      warnings.warn('cif-header', `"${text.trim()}" is not a KEY: value header line; ignored`, line);
      continue;
    }
    const key = entry[1].toUpperCase();
    if (!KNOWN_KEYS.has(key))
      warnings.warn('cif-header', `header ${entry[1]} is not a CIF 3.0 key; ignored`, line);
    values.set(key, { value: entry[2].trim(), line });
  }

  const loadMode = values.get('LOADMODE');
  let transaction: CatalogTransaction;
  if (!loadMode) {
    transaction = 'incremental';
    warnings.warn('cif-loadmode', 'no LOADMODE: read as an incremental load (nothing is withdrawn)', 1);
  } else if (/^(f|full)$/i.test(loadMode.value)) transaction = 'full';
  else if (/^(i|incremental)$/i.test(loadMode.value)) transaction = 'incremental';
  else throw new CatalogFileError(`LOADMODE "${loadMode.value}" is neither F nor I`, loadMode.line);

  const itemCount = values.get('ITEMCOUNT');
  const count = itemCount && /^\d+$/.test(itemCount.value) ? Number(itemCount.value) : null;
  if (itemCount && count === null)
    warnings.warn('cif-header', `ITEMCOUNT "${itemCount.value}" is not a number; ignored`, itemCount.line);

  return {
    version: signature[1],
    transaction,
    columns: columnsOf(values.get('FIELDNAMES'), warnings),
    currency: values.get('CURRENCY')?.value.toUpperCase() || null,
    codeFormat: values.get('CODEFORMAT')?.value || 'UNSPSC',
    supplierIdDomain: values.get('SUPPLIERID_DOMAIN')?.value || null,
    itemCount: count,
  };
}

function columnsOf(
  fieldNames: { value: string; line: number } | undefined,
  warnings: CatalogWarnings,
): Array<CifColumn | null> {
  if (!fieldNames) return [...CIF_STANDARD_COLUMNS];
  let names: string[];
  try {
    names = (parseCsv(fieldNames.value, { relax_quotes: true, trim: true }) as string[][])[0] ?? [];
  } catch {
    throw new CatalogFileError('FIELDNAMES is not a comma-separated list of column names', fieldNames.line);
  }
  const columns = names.map((name) => {
    const column = cifColumnOf(name);
    if (!column)
      warnings.warn('cif-column', `column "${name}" is not a CIF 3.0 column; not read`, fieldNames.line);
    return column;
  });
  const seen = new Set<CifColumn>();
  for (const column of columns) {
    if (column && seen.has(column))
      throw new CatalogFileError(`FIELDNAMES names "${column}" twice`, fieldNames.line);
    if (column) seen.add(column);
  }
  if (!seen.has('Supplier Part ID'))
    throw new CatalogFileError('FIELDNAMES has no Supplier Part ID column', fieldNames.line);
  return columns;
}
