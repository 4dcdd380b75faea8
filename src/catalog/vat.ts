import Decimal from 'decimal.js';
import { currencyDigits } from '../common/currency-digits';
import { Language } from '../common/i18n/language';
import { offerText } from './catalog.messages';

/*
 * The money arithmetic of offers and carts, pure, in one decimal type (Money, decimal.js: never
 * binary floats, never integers of a fixed fraction). Rounding is half away from zero ("half-up"),
 * as German and most EU invoicing rules expect. The rule (docs/punchout.md, "Money"):
 * - THE unit price of an offer, from the moment it is priced for a buyer, is its NET unit price
 *   rounded to the currency's minor unit (ISO 4217: EUR 2, JPY 0, KWD 3): for a gross quote
 *   round(gross / (1 + rate)), for tier prices the same. The cart stores and shows it, OCI PRICE and
 *   cXML UnitPrice carry it;
 * - a line's net amount is unit x quantity (divided by the price unit, when priced per N), rounded
 *   to the minor unit;
 * - VAT is computed once per rate on the sum of that rate's net lines, then rounded;
 * - gross = net + VAT. Net and gross amounts are never added together.
 * The catalog's own net price (netAmount, 4 decimals as the database's generated offer.net_price
 * column) is what rules, filters and sorting compare; it is not a price anybody pays.
 */

/** An exact decimal amount of money (decimal.js, 40 significant digits, half-up). */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

/** What may stand for an amount: decimal text as stored ("38.0300"), a Money, or a number. */
export type MoneyValue = Decimal.Value;

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

/** The price without VAT, exact (a gross price divided by 1 + rate); a net price as it is. */
function exactNet(price: MoneyValue, facts: VatFacts): Money {
  const amount = new Money(price);
  const rate = vatRateOf(facts);
  if (!facts.priceIncludesVat || rate === null) return amount;
  return amount.times(100).dividedBy(rate.plus(100));
}

/**
 * The catalog's net amount of a price quoted under `facts`, at the catalog's precision (4
 * decimals), as the database's generated offer.net_price column has it: what guidance rules, price
 * filters and sorting compare. Not a unit price anybody pays: that is netUnitPrice.
 */
export function netAmount(price: MoneyValue, facts: VatFacts): Money {
  return exactNet(price, facts).toDecimalPlaces(PRICE_DECIMALS);
}

export { currencyDigits };

/** An amount rounded to the currency's minor unit, half away from zero. */
export function toMinorUnit(amount: MoneyValue, currency: string): Money {
  return new Money(amount).toDecimalPlaces(currencyDigits(currency));
}

/** An amount as decimal text with exactly the currency's minor-unit digits ("38.03", "1817", "1.250"). */
export function minorUnitText(amount: MoneyValue, currency: string): string {
  return new Money(amount).toFixed(currencyDigits(currency));
}

/**
 * THE unit price of a price quoted under `facts` (the offer's price or a tier price, of its price
 * unit): the net price rounded once to the currency's minor unit. For a gross quote
 * round(gross / (1 + rate)): 45.25 incl. 19% is 38.03 (38.0252...).
 */
export function netUnitPrice(quoted: MoneyValue, facts: VatFacts, currency: string): Money {
  return toMinorUnit(exactNet(quoted, facts), currency);
}

/**
 * A line's net amount: unit price (of `priceUnit` units) x quantity / priceUnit, rounded to the
 * minor unit. Exact for unit prices already in minor units and a price unit of 1; a unit price with
 * more decimals (older posted lines carry four) is rounded here, once per line.
 */
export function lineNet(unitPrice: MoneyValue, quantity: number, priceUnit: number, currency: string): Money {
  return new Money(unitPrice)
    .times(quantity)
    .dividedBy(Math.max(1, priceUnit))
    .toDecimalPlaces(currencyDigits(currency));
}

/** The VAT of a net amount at `rate` percent, rounded to the minor unit (once per rate: cartTotals). */
export function vatAmount(net: MoneyValue, rate: MoneyValue, currency: string): Money {
  return new Money(net).times(rate).dividedBy(100).toDecimalPlaces(currencyDigits(currency));
}

export interface TaxedLine {
  currency: string;
  /** The line's net amount (lineNet). */
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
  /** The VAT amounts added up (each rounded once per rate). */
  vatTotal: Money;
  /** Net total of the lines whose VAT is not stated (their VAT is unknown, so there is no gross for them). */
  netWithoutVat: Money;
  /** Net plus VAT; null when some line does not state its VAT rate (a gross figure would be a guess). */
  gross: Money | null;
}

/** Cart totals per currency, in order of first appearance. */
export function cartTotals(lines: readonly TaxedLine[]): CurrencyTotals[] {
  const byCurrency = new Map<
    string,
    { net: Money; unknown: Money; rateMissing: boolean; rates: Map<string, Money> }
  >();
  for (const line of lines) {
    let sums = byCurrency.get(line.currency);
    if (!sums)
      byCurrency.set(
        line.currency,
        (sums = { net: new Money(0), unknown: new Money(0), rateMissing: false, rates: new Map() }),
      );
    sums.net = sums.net.plus(line.net);
    if (line.vatRate === null) {
      sums.unknown = sums.unknown.plus(line.net);
      sums.rateMissing = true;
    } else {
      const key = line.vatRate.toString();
      sums.rates.set(key, (sums.rates.get(key) ?? new Money(0)).plus(line.net));
    }
  }
  return [...byCurrency.entries()].map(([currency, sums]) => {
    const vat = [...sums.rates.entries()]
      .map(([rate, net]) => ({
        rate: new Money(rate),
        net,
        vat: vatAmount(net, rate, currency),
      }))
      .sort((a, b) => b.rate.comparedTo(a.rate));
    const vatTotal = vat.reduce((sum, share) => sum.plus(share.vat), new Money(0));
    return {
      currency,
      net: sums.net,
      vat,
      vatTotal,
      netWithoutVat: sums.unknown,
      // A line that states no rate (even one of 0.00) leaves the cart without a gross figure: one rule.
      gross: sums.rateMissing ? null : sums.net.plus(vatTotal),
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
