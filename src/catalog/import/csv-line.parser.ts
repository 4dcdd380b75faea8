/**
 * RFC 4180 CSV, fed line by line: quoted fields may contain commas, doubled quotes and line
 * breaks. `push` returns the fields of a completed record, or null while a quoted field is open.
 */
export class CsvLineParser {
  private fields: string[] = [];
  private field = '';
  private quoted = false;
  private open = false;

  push(line: string): string[] | null {
    if (this.open) this.field += '\n';
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (this.open) {
        if (ch === '"') {
          if (line[i + 1] === '"') {
            this.field += '"';
            i++;
          } else this.open = false;
        } else this.field += ch;
      } else if (ch === '"' && this.field === '' && !this.quoted) {
        this.open = true;
        this.quoted = true;
      } else if (ch === ',') {
        this.fields.push(this.field);
        this.field = '';
        this.quoted = false;
      } else this.field += ch;
    }
    if (this.open) return null;
    const record = [...this.fields, this.field];
    this.fields = [];
    this.field = '';
    this.quoted = false;
    return record;
  }

  /** True when the input ended inside a quoted field. */
  get pending(): boolean {
    return this.open;
  }
}

export const CSV_COLUMNS = [
  'productCode',
  'id',
  'name',
  'brand',
  'manufacturer',
  'manufacturerPartNumber',
  'description',
  'features',
  'category',
  'starRating',
  'reviewCount',
  'cpfEligible',
  'unspsc',
  'eclass',
  'offerId',
  'vendor',
  'vendorSku',
  'price',
  'currency',
  'condition',
  'availability',
  'deliveryDays',
  'isPrime',
  'quantityMin',
  'quantityMax',
  'quantityTiers',
  'fulfillment',
  'priceTaxLabel',
  'priceInfo',
  'unit',
  'priceUnitQuantity',
] as const;

const PRODUCT_COLUMNS = [
  'productCode',
  'id',
  'name',
  'brand',
  'manufacturer',
  'manufacturerPartNumber',
  'description',
  'category',
  'starRating',
  'reviewCount',
  'cpfEligible',
] as const;
const OFFER_COLUMNS = [
  'vendor',
  'vendorSku',
  'price',
  'currency',
  'condition',
  'availability',
  'deliveryDays',
  'isPrime',
  'quantityMin',
  'quantityMax',
  'fulfillment',
  'priceTaxLabel',
  'priceInfo',
  'unit',
  'priceUnitQuantity',
] as const;

/** Checks the header: known columns only, the required ones present. Returns problems. */
export function checkCsvHeader(header: string[]): string[] {
  const problems = header
    .filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name))
    .map((name) => `unknown column "${name}"`);
  for (const required of ['productCode', 'name', 'category', 'vendor', 'price', 'currency']) {
    if (!header.includes(required)) problems.push(`missing column "${required}"`);
  }
  return problems;
}

/**
 * Turns the rows of one product (consecutive rows with the same productCode, one per offer) into
 * an import record of the JSON Lines schema; the product columns are taken from the first row.
 */
export function csvRowsToRecord(header: string[], rows: string[][]): Record<string, unknown> {
  const named = rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
  const first = named[0];
  const record: Record<string, unknown> = {};
  for (const column of PRODUCT_COLUMNS)
    if (first[column] !== undefined && first[column] !== '') record[column] = first[column];
  if (first.features)
    record.features = first.features
      .split('|')
      .map((f: string) => f.trim())
      .filter(Boolean);
  const taxonomies = [];
  if (first.unspsc) taxonomies.push({ type: 'unspsc', code: first.unspsc });
  if (first.eclass) taxonomies.push({ type: 'eclass', code: first.eclass });
  if (taxonomies.length) record.taxonomies = taxonomies;
  record.offers = named.map((row) => {
    const offer: Record<string, unknown> = {};
    if (row.offerId) offer.id = row.offerId;
    for (const column of OFFER_COLUMNS)
      if (row[column] !== undefined && row[column] !== '') offer[column] = row[column];
    if (row.quantityTiers) {
      offer.quantityTiers = row.quantityTiers.split('|').map((tier: string) => {
        const [minQuantity, price] = tier.split(':');
        return { minQuantity, price };
      });
    }
    return offer;
  });
  return record;
}
