// The CSV import's columns and how one product's rows (one per offer) become an import record.
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
  'vatRate',
  'priceIncludesVat',
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
  'vatRate',
  'priceIncludesVat',
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
