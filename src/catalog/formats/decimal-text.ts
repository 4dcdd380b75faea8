import Decimal from 'decimal.js';

/**
 * Catalog numbers as exact decimal text (never a binary float): what SupplierItem's amounts, tax
 * rates and quantities hold. Enough precision that no product of a catalog's figures is rounded.
 */
const Exact = Decimal.clone({ precision: 64 });

const PLAIN = /^[+-]?(\d+\.?\d*|\.\d+)$/;
/** Digits without leading zeros, and a fraction without trailing zeros: already in the normal form decimal.js writes. */
const SIMPLE = /^(0|[1-9]\d{0,14})(?:\.(\d*?)0*)?$/;
/** A decimal comma: digits, one comma, digits, unless it could be a thousands separator (exactly three digits after). */
const DECIMAL_COMMA = /^[+-]?\d*,(\d{1,2}|\d{4,})$/;

/**
 * The decimal text of `raw` ("1499.5", "0.0825"), or null when it is not a number. With
 * `decimalComma`, "12,50" is 12.50; "1,250" stays null (a thousands separator or a decimal comma:
 * the file must say), as does any number with both separators.
 */
export function decimalText(raw: string, options: { decimalComma?: boolean } = {}): string | null {
  const text = raw.trim();
  // Most catalog numbers are already plain ("13.10", "100"): normalized without decimal.js, which
  // measured about 5% of the BMEcat reader's time.
  const simple = SIMPLE.exec(text);
  if (simple) return `${simple[1]}${simple[2] ? `.${simple[2]}` : ''}`;
  if (PLAIN.test(text)) return new Exact(text).toFixed();
  if (options.decimalComma && DECIMAL_COMMA.test(text)) return new Exact(text.replace(',', '.')).toFixed();
  return null;
}

/** a × b, exactly. */
export function multiplyDecimals(a: string, b: string): string {
  return new Exact(a).times(b).toFixed();
}

/** a ÷ b to 64 significant digits, and whether that is exact (1 ÷ 3 is not). */
export function divideDecimals(a: string, b: string): { quotient: string; exact: boolean } {
  const quotient = new Exact(a).dividedBy(b);
  return { quotient: quotient.toFixed(), exact: quotient.times(b).equals(a) };
}

/** A tax rate given as a fraction (BMEcat TAX 0.19) in percent ("19"): the decimal point moved, exactly. */
export function percentOfFraction(fraction: string): string {
  return new Exact(fraction).times(100).toFixed();
}

/** At most 15 significant digits: such decimals convert to doubles without two of them meeting or changing order. */
const FEW_DIGITS = /^[+-]?(?=(?:\D*\d){1,15}\D*$)\d*\.?\d*$/;

/** The order of two decimals (-1, 0, 1); through doubles where that is exact (the common case), else decimal.js. */
export function compareDecimals(a: string, b: string): number {
  if (FEW_DIGITS.test(a) && FEW_DIGITS.test(b)) return Math.sign(Number(a) - Number(b));
  return new Exact(a).comparedTo(b);
}

/** Whether a decimal text is greater than zero. */
export function isPositiveDecimal(text: string): boolean {
  return compareDecimals(text, '0') > 0;
}
