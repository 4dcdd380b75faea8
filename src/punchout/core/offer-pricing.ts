import {
  lineNet,
  minorUnitText,
  Money,
  type MoneyValue,
  netUnitPrice,
  vatRateOf,
  type VatFacts,
} from '../../catalog/vat';

/**
 * Prices of a cart line: which quantity tier applies, and the unit price at a quantity (the money
 * rule and the arithmetic after it: catalog/vat.ts). Pure; amounts are Money (exact decimals).
 */

export interface PriceTier {
  minQuantity: number;
  price: number | string;
}

export interface PricedOffer extends VatFacts {
  /** Price of `priceUnitQuantity` units as the vendor quotes it (net or gross), decimal text as stored. */
  price: string | number;
  currency: string;
  quantityTiers: readonly PriceTier[] | unknown;
  /** The quantity the price refers to (OCI PRICEUNIT), 1 unless priced per N. */
  priceUnitQuantity: number;
  quantityMin: number | null;
  quantityMax: number | null;
  /** Orders go in steps of this from the minimum (BMEcat QUANTITY_INTERVAL); null or absent: any. */
  quantityInterval?: number | null;
}

export function tiersOf(offer: Pick<PricedOffer, 'quantityTiers'>): PriceTier[] {
  const tiers = Array.isArray(offer.quantityTiers) ? (offer.quantityTiers as PriceTier[]) : [];
  return [...tiers]
    .filter((tier) => Number.isFinite(Number(tier.minQuantity)) && Number.isFinite(Number(tier.price)))
    .sort((a, b) => a.minQuantity - b.minQuantity);
}

/** The tier applying at `quantity` (the highest minQuantity <= quantity), if any. */
export function tierAt(offer: Pick<PricedOffer, 'quantityTiers'>, quantity: number): PriceTier | undefined {
  let applying: PriceTier | undefined;
  for (const tier of tiersOf(offer)) if (quantity >= tier.minQuantity) applying = tier;
  return applying;
}

/** The price (of priceUnitQuantity units) at `quantity` as the vendor quotes it: the tier's, else the offer's. */
export function quotedPriceAt(offer: PricedOffer, quantity: number): Money {
  return new Money(tierAt(offer, quantity)?.price ?? offer.price);
}

/**
 * THE unit price (of priceUnitQuantity units) at `quantity`: the net of the quoted tier price,
 * rounded to the currency's minor unit (netUnitPrice). What the cart stores and every return sends.
 */
export function unitPriceAt(offer: PricedOffer, quantity: number): Money {
  return netUnitPrice(quotedPriceAt(offer, quantity), offer, offer.currency);
}

/** The quantities a buyer may order: min defaults to 1, max is open (bounded by MAX_QUANTITY). */
export const MAX_QUANTITY = 999_999;

type QuantityLimits = Pick<PricedOffer, 'quantityMin' | 'quantityMax' | 'quantityInterval'>;

/**
 * The quantities an offer may be ordered in: from `min` to `max` in steps of `step` counted from
 * `min` (BMEcat: QUANTITY_MIN + n x QUANTITY_INTERVAL; the number input's min and step say the same).
 * `max` is the largest such quantity within the offer's maximum.
 */
export function quantityBounds(offer: QuantityLimits): { min: number; max: number; step: number } {
  const min = Math.max(1, offer.quantityMin ?? 1);
  const step = Math.max(1, offer.quantityInterval ?? 1);
  const limit = Math.min(MAX_QUANTITY, offer.quantityMax ?? MAX_QUANTITY);
  const max = limit < min ? limit : min + Math.floor((limit - min) / step) * step;
  return { min, max, step };
}

/** Why a quantity cannot be ordered, or null when it can. */
export function quantityProblem(
  offer: QuantityLimits,
  quantity: number,
): 'not_a_number' | 'below_min' | 'above_max' | 'not_in_steps' | null {
  if (!Number.isSafeInteger(quantity)) return 'not_a_number';
  const { min, max, step } = quantityBounds(offer);
  if (quantity < min) return 'below_min';
  if (quantity > max) return 'above_max';
  if ((quantity - min) % step !== 0) return 'not_in_steps';
  return null;
}

/** A posted quantity ("12", " 3 ") as an integer, or NaN. */
export function parseQuantity(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\s*\d{1,7}\s*$/.test(raw)) return Number.NaN;
  return Number(raw.trim());
}

/**
 * What a cart line stores of its price, and sends: THE unit price at its quantity, in the currency's
 * minor unit, the VAT rate and price unit it is sent with, and its net amount (unit x quantity /
 * price unit, rounded). Decimal text, as the columns take it.
 */
export interface CartLinePrice {
  unitPrice: string;
  currency: string;
  vatRate: string | null;
  priceUnitQuantity: number;
  lineNet: string;
}

export function cartLinePrice(offer: PricedOffer, quantity: number): CartLinePrice {
  const unit = unitPriceAt(offer, quantity);
  const rate = vatRateOf(offer);
  return {
    unitPrice: minorUnitText(unit, offer.currency),
    currency: offer.currency,
    vatRate: rate === null ? null : rate.toString(),
    priceUnitQuantity: offer.priceUnitQuantity,
    lineNet: minorUnitText(lineNet(unit, quantity, offer.priceUnitQuantity, offer.currency), offer.currency),
  };
}

/** Whether a stored line's price (decimal columns as text) is `price`: same amounts, currency, rate and unit. */
export function samePrice(
  stored: { unitPrice: MoneyValue; currency: string; vatRate: MoneyValue | null; priceUnitQuantity: number },
  price: CartLinePrice,
): boolean {
  const sameRate =
    stored.vatRate === null || price.vatRate === null
      ? stored.vatRate === price.vatRate
      : new Money(stored.vatRate).eq(price.vatRate);
  return (
    new Money(stored.unitPrice).eq(price.unitPrice) &&
    stored.currency === price.currency &&
    stored.priceUnitQuantity === price.priceUnitQuantity &&
    sameRate
  );
}
