/**
 * CIF 3.0's columns. Without FIELDNAMES a file has the standard twelve in this order; with it, any
 * of the columns below in the file's order (names compared without regard to case or spaces).
 * Market Price (a list price, not what the buyer pays) and Territory Available are read into nothing
 * on purpose (docs/catalogs.md); a column CIF 3.0 does not define is reported once.
 */
export const CIF_STANDARD_COLUMNS = [
  'Supplier ID',
  'Supplier Part ID',
  'Manufacturer Part ID',
  'Item Description',
  'SPSC Code',
  'Unit Price',
  'Unit of Measure',
  'Lead Time',
  'Manufacturer Name',
  'Supplier URL',
  'Manufacturer URL',
  'Market Price',
] as const;

export const CIF_COLUMNS = [
  ...CIF_STANDARD_COLUMNS,
  'Currency',
  'Short Name',
  'Language',
  'Expiration Date',
  'Effective Date',
  'Classification Codes',
  'Parametric Data',
  'Parametric Name',
  'Territory Available',
  'Supplier Part Auxiliary ID',
  'Delete',
  'PunchOut Enabled',
] as const;
export type CifColumn = (typeof CIF_COLUMNS)[number];

const BY_KEY = new Map<string, CifColumn>(CIF_COLUMNS.map((column) => [columnKey(column), column]));

/** The column a FIELDNAMES entry names, or null for a column CIF 3.0 does not define. */
export function cifColumnOf(name: string): CifColumn | null {
  return BY_KEY.get(columnKey(name)) ?? null;
}

function columnKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '');
}
