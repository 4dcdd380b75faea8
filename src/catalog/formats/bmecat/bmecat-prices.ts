import type { XmlElement } from '../../../common/xml/xml-tree';
import {
  compareDecimals,
  decimalText,
  isPositiveDecimal,
  multiplyDecimals,
  percentOfFraction,
} from '../decimal-text';
import type { SupplierItemPrice } from '../supplier-item';
import { child, childText, children, trimmedText } from '../xml-element';
import type { BmecatContext } from './bmecat-context';

/**
 * The price list an offer is sold at, from PRODUCT_PRICE_DETAILS (ARTICLE_PRICE_DETAILS in 1.2).
 *
 * A product may carry several price types side by side; one is chosen, in this order: the customer's
 * own net price (net_customer), the net list price (net_list), the customer's net end price
 * (net_customer_exp), then the gross types, list price (gros_list) and recommended retail price
 * (nrp), which are stored as gross with their TAX. `on_request` has no amount; user-defined types
 * (udp_*) do not say whether they are net or gross: both are left out with a warning.
 *
 * Each PRODUCT_PRICE becomes one entry: PRICE_AMOUNT × PRICE_FACTOR, in PRICE_CURRENCY or the
 * header's CURRENCY, its LOWER_BOUND as the quantity tier, and the validity of its
 * PRODUCT_PRICE_DETAILS (DATETIME valid_start_date/valid_end_date, or VALID_START_DATE/VALID_END_DATE).
 * TAX is a fraction (0.19) and becomes a percentage ("19"). Prices in a second currency (territory
 * prices) and a second price for the same tier and period are left out with a warning.
 */
export const PRICE_TYPE_PREFERENCE = [
  'net_customer',
  'net_list',
  'net_customer_exp',
  'gros_list',
  'nrp',
] as const;
const GROSS_TYPES = new Set<string>(['gros_list', 'nrp']);

interface Candidate extends SupplierItemPrice {
  order: number;
}

/** The chosen prices, or why there is none. */
export function bmecatPrices(
  product: XmlElement,
  context: BmecatContext,
  id: string,
  line: number,
): { prices: SupplierItemPrice[]; problem: string | null } {
  const blocks = children(product, 'PRODUCT_PRICE_DETAILS', 'ARTICLE_PRICE_DETAILS');
  const problems: string[] = [];
  const candidates: Candidate[] = [];
  for (const block of blocks) {
    const validity = validityOf(block);
    if ('problem' in validity) {
      problems.push(validity.problem);
      continue;
    }
    for (const price of children(block, 'PRODUCT_PRICE', 'ARTICLE_PRICE')) {
      const candidate = candidateOf(price, validity, context, candidates.length);
      if ('problem' in candidate) problems.push(candidate.problem);
      else candidates.push(candidate);
    }
  }
  if (candidates.length === 0) {
    const reason =
      blocks.length === 0 ? 'no price' : `no usable price (${[...new Set(problems)].join('; ')})`;
    return { prices: [], problem: reason };
  }
  for (const problem of new Set(problems))
    context.warnings.warn('price-ignored', `product ${id}: ${problem}`, line);

  const type = PRICE_TYPE_PREFERENCE.find((t) => candidates.some((c) => c.sourceType === t)) as string;
  const ofType = candidates.filter((c) => c.sourceType === type);
  const currencies = [...new Set(ofType.map((c) => c.currency))];
  const currency =
    context.defaultCurrency && currencies.includes(context.defaultCurrency)
      ? context.defaultCurrency
      : currencies[0];
  if (currencies.length > 1)
    context.warnings.warn(
      'price-currency-ignored',
      `product ${id}: prices in ${currencies.filter((c) => c !== currency).join(', ')} are left out; it is offered in ${currency}`,
      line,
    );

  const seen = new Set<string>();
  const prices: Candidate[] = [];
  for (const candidate of ofType.filter((c) => c.currency === currency)) {
    const key = `${candidate.lowerBound}|${candidate.validFrom}|${candidate.validTo}`;
    if (seen.has(key)) {
      context.warnings.warn(
        'price-duplicate',
        `product ${id}: a second ${type} price from quantity ${candidate.lowerBound} for the same period is left out`,
        line,
      );
      continue;
    }
    seen.add(key);
    prices.push(candidate);
  }
  if (prices.some((p) => compareDecimals(p.amount, '0') === 0))
    context.warnings.warn('price-zero', `product ${id}: a ${type} price of 0`, line);
  if (GROSS_TYPES.has(type) && prices.some((p) => p.vatRate === null))
    context.warnings.warn(
      'gross-price-without-tax',
      `product ${id}: a gross price (${type}) without TAX`,
      line,
    );

  prices.sort(
    (a, b) =>
      (a.validFrom ?? '').localeCompare(b.validFrom ?? '') ||
      compareDecimals(a.lowerBound, b.lowerBound) ||
      a.order - b.order,
  );
  return { prices: prices.map(({ order: _order, ...price }) => price), problem: null };
}

function candidateOf(
  price: XmlElement,
  validity: { validFrom: string | null; validTo: string | null },
  context: BmecatContext,
  order: number,
): Candidate | { problem: string } {
  const type = (price.attributes.price_type ?? '').trim();
  if (type === 'on_request') return { problem: 'price on request (price_type on_request)' };
  if (!(PRICE_TYPE_PREFERENCE as readonly string[]).includes(type))
    return {
      problem: `price_type ${type || '(none)'} is not used: it does not say whether it is net or gross`,
    };

  const rawAmount = childText(price, 'PRICE_AMOUNT') ?? '';
  const amount = decimalText(rawAmount);
  if (amount === null || amount.startsWith('-'))
    return { problem: `PRICE_AMOUNT "${rawAmount}" is not a price` };
  const rawFactor = childText(price, 'PRICE_FACTOR') ?? '1';
  const factor = decimalText(rawFactor);
  if (factor === null || !isPositiveDecimal(factor))
    return { problem: `PRICE_FACTOR "${rawFactor}" is not a factor` };
  const currency = childText(price, 'PRICE_CURRENCY') ?? context.defaultCurrency;
  if (currency === null) return { problem: 'no PRICE_CURRENCY and no CURRENCY in the header' };
  const rawLowerBound = childText(price, 'LOWER_BOUND') ?? '1';
  const lowerBound = decimalText(rawLowerBound);
  if (lowerBound === null || !isPositiveDecimal(lowerBound))
    return { problem: `LOWER_BOUND "${rawLowerBound}" is not a quantity` };
  const rawTax = childText(price, 'TAX') ?? childText(child(price, 'TAX_DETAILS'), 'TAX');
  const tax = rawTax === null ? null : decimalText(rawTax);
  if (rawTax !== null && (tax === null || tax.startsWith('-')))
    return { problem: `TAX "${rawTax}" is not a tax rate` };

  return {
    amount: factor === '1' ? amount : multiplyDecimals(amount, factor),
    currency: currency.toUpperCase(),
    includesVat: GROSS_TYPES.has(type),
    // BMEcat states TAX as a fraction; a value of 1 or more can only be a percentage already.
    vatRate: tax === null ? null : compareDecimals(tax, '1') >= 0 ? tax : percentOfFraction(tax),
    lowerBound,
    validFrom: validity.validFrom,
    validTo: validity.validTo,
    sourceType: type,
    order,
  };
}

/** The validity of a PRODUCT_PRICE_DETAILS block; an unreadable date makes the block unusable (neither end is guessed). */
function validityOf(
  block: XmlElement,
): { validFrom: string | null; validTo: string | null } | { problem: string } {
  const at = (type: string, element: string): string | null | { problem: string } => {
    const datetime = children(block, 'DATETIME').find((d) => d.attributes.type === type);
    if (datetime) return dateTimeOf(datetime);
    const plain = child(block, element);
    if (!plain) return null;
    const text = trimmedText(plain);
    return /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)
      ? text.replace(' ', 'T')
      : { problem: `${element} "${text}" is not a date` };
  };
  const validFrom = at('valid_start_date', 'VALID_START_DATE');
  const validTo = at('valid_end_date', 'VALID_END_DATE');
  if (validFrom !== null && typeof validFrom === 'object') return validFrom;
  if (validTo !== null && typeof validTo === 'object') return validTo;
  return { validFrom, validTo };
}

/** DATETIME (DATE, TIME, TIMEZONE) as ISO 8601: a date, or a date-time with its zone when TIME is given. */
function dateTimeOf(datetime: XmlElement): string | { problem: string } {
  const date = childText(datetime, 'DATE') ?? '';
  const time = childText(datetime, 'TIME');
  const zone = childText(datetime, 'TIMEZONE');
  const problem = {
    problem: `DATETIME ${datetime.attributes.type} "${[date, time, zone].filter(Boolean).join(' ')}" is not a date`,
  };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return problem;
  if (time === null) return date;
  if (!/^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(time) || (zone !== null && !/^(Z|[+-]\d{2}:\d{2})$/.test(zone)))
    return problem;
  return `${date}T${time}${zone ?? ''}`;
}
