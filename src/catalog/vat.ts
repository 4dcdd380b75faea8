import Decimal from 'decimal.js';
import { Language } from '../common/i18n/language';
import { offerText } from './catalog.messages';

/*
 * Tax arithmetic of offers and carts, pure. Decimal (not binary floats) throughout; rounding is half
 * away from zero, as German and most EU invoicing rules expect:
 * - a net unit price is derived from a gross one at the catalog's precision (4 decimals), as the
 *   database's generated offer.net_price column does;
 * - a line's net total is rounded to the currency's minor unit;
 * - VAT is computed once per rate on the sum of that rate's net lines (not per line), then rounded;
 * - gross = net + VAT. Net and gross amounts are never added together.
 */

const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Money = Decimal;

/** What an offer says about tax: its rate in percent (null: not stated) and whether its price includes it. */
export interface VatFacts {
  vatRate: string | number | { toString(): string } | null;
  priceIncludesVat: boolean;
}

/** Catalog precision: prices are DECIMAL(14,4). */
export const PRICE_DECIMALS = 4;

export function vatRateOf(facts: VatFacts): Money | null {
  return facts.vatRate === null || facts.vatRate === undefined ? null : new Money(facts.vatRate.toString());
}

/** The net amount of a price quoted under `facts`, at the catalog's precision. */
export function netAmount(price: string | number, facts: VatFacts): Money {
  const amount = new Money(price);
  const rate = vatRateOf(facts);
  if (!facts.priceIncludesVat || rate === null) return amount.toDecimalPlaces(PRICE_DECIMALS);
  return amount.times(100).dividedBy(rate.plus(100)).toDecimalPlaces(PRICE_DECIMALS);
}

const digitsByCurrency = new Map<string, number>();

/** Minor-unit digits of an ISO 4217 currency (EUR 2, JPY 0, KWD 3), as Intl knows them. */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2; // not a currency Intl knows: cents, the common case
    }
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** A line's net total: net unit price (of `priceUnit` units) x quantity / priceUnit, in minor units. */
export function lineNet(
  netUnitPrice: string | Money,
  quantity: number,
  priceUnit: number,
  currency: string,
): Money {
  return new Money(netUnitPrice)
    .times(quantity)
    .dividedBy(Math.max(1, priceUnit))
    .toDecimalPlaces(currencyDigits(currency));
}

export interface TaxedLine {
  currency: string;
  /** The line's net total (lineNet). */
  net: Money;
  /** Percent; null when the offer does not state its VAT. */
  vatRate: Money | null;
}

export interface VatShare {
  /** Percent, e.g. 19 or 7. */
  rate: Money;
  /** Net total of the lines at this rate. */
  net: Money;
  vat: Money;
}

export interface CurrencyTotals {
  currency: string;
  net: Money;
  /** One entry per rate, highest rate first. */
  vat: VatShare[];
  /** Net total of the lines whose VAT is not stated (their VAT is unknown, so there is no gross for them). */
  netWithoutVat: Money;
  /** Net plus VAT; null when some line's VAT is not stated (a gross figure would be wrong). */
  gross: Money | null;
}

/** Cart totals per currency, in order of first appearance. */
export function cartTotals(lines: readonly TaxedLine[]): CurrencyTotals[] {
  const byCurrency = new Map<string, { net: Money; unknown: Money; rates: Map<string, Money> }>();
  for (const line of lines) {
    let sums = byCurrency.get(line.currency);
    if (!sums)
      byCurrency.set(line.currency, (sums = { net: new Money(0), unknown: new Money(0), rates: new Map() }));
    sums.net = sums.net.plus(line.net);
    if (line.vatRate === null) sums.unknown = sums.unknown.plus(line.net);
    else {
      const key = line.vatRate.toString();
      sums.rates.set(key, (sums.rates.get(key) ?? new Money(0)).plus(line.net));
    }
  }
  return [...byCurrency.entries()].map(([currency, sums]) => {
    const digits = currencyDigits(currency);
    const vat = [...sums.rates.entries()]
      .map(([rate, net]) => ({
        rate: new Money(rate),
        net,
        vat: net.times(rate).dividedBy(100).toDecimalPlaces(digits),
      }))
      .sort((a, b) => b.rate.comparedTo(a.rate));
    const vatTotal = vat.reduce((sum, share) => sum.plus(share.vat), new Money(0));
    return {
      currency,
      net: sums.net,
      vat,
      netWithoutVat: sums.unknown,
      gross: sums.unknown.isZero() ? sums.net.plus(vatTotal) : null,
    };
  });
}

const LABELS: Record<
  Language,
  { incl: (rate: string) => string; excl: (rate: string) => string; exclUnknown: string }
> = {
  en: {
    incl: (rate) => `incl. ${rate}% VAT`,
    excl: (rate) => `excl. ${rate}% VAT`,
    exclUnknown: 'excl. VAT',
  },
  de: {
    incl: (rate) => `inkl. ${rate} % MwSt.`,
    excl: (rate) => `zzgl. ${rate} % MwSt.`,
    exclUnknown: 'zzgl. MwSt.',
  },
};

/** A rate as people write it: "19", "7", "5.5" (German "5,5"). */
export function rateText(rate: Money, language: Language): string {
  const text = rate.toDecimalPlaces(2).toString();
  return language === 'de' ? text.replace('.', ',') : text;
}

/**
 * The tax hint beside a NET figure of the offer (the shop shows net prices): "excl. 19% VAT" when
 * the rate is known, else the vendor's own text in the caller's language.
 */
export function netTaxLabel(facts: VatFacts, vendorText: string | null, language: Language): string | null {
  const rate = vatRateOf(facts);
  if (rate !== null) return LABELS[language].excl(rateText(rate, language));
  return vendorText ? offerText(vendorText, language) : null;
}

/**
 * The offer's tax label in the caller's language, derived from its VAT facts. A vendor's own text
 * is shown only when the facts state nothing (no rate, price not marked as including VAT).
 */
export function taxLabel(facts: VatFacts, vendorText: string | null, language: Language): string | null {
  const rate = vatRateOf(facts);
  const words = LABELS[language];
  if (facts.priceIncludesVat && rate !== null) return words.incl(rateText(rate, language));
  if (rate !== null) return words.excl(rateText(rate, language));
  return vendorText ? offerText(vendorText, language) : null;
}
