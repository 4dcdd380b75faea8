import type { CatalogWarnings } from './catalog-warnings';
import { decimalText } from './decimal-text';

/**
 * A delivery or lead time in days as catalogs write it (BMEcat DELIVERY_TIME, CIF Lead Time, cXML
 * LeadTime: "2", "1.5", in CIF also "2,5"), rounded up to whole days. Null when absent; when it is not a
 * number of days, null with a warning naming `what` ("product X: DELIVERY_TIME").
 */
export function deliveryDays(
  raw: string | null,
  what: string,
  warnings: CatalogWarnings,
  line: number,
  options: { decimalComma?: boolean } = {},
): number | null {
  if (raw === null || raw === '') return null;
  const days = decimalText(raw, options);
  if (days === null || days.startsWith('-')) {
    warnings.warn('delivery-time-invalid', `${what} "${raw}" is not a number of days`, line);
    return null;
  }
  return Math.ceil(Number(days));
}
