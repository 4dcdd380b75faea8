/**
 * Prices of a cart line: which quantity tier applies, the unit price after tiers (line totals and tax:
 * catalog/vat.ts).
 * Pure. Amounts are handled as integers of 1/10,000 of the currency unit (the catalog's
 * DECIMAL(14,4) precision), so totals never pick up binary rounding.
 */

export interface PriceTier {
  minQuantity: number;
  price: number | string;
}

export interface PricedOffer {
  /** Price of `priceUnitQuantity` units, decimal text as stored (e.g. "4.5000"). */
  price: string | number;
  quantityTiers: readonly PriceTier[] | unknown;
  /** The quantity the price refers to (OCI PRICEUNIT), 1 unless priced per N. */
  priceUnitQuantity: number;
  quantityMin: number | null;
  quantityMax: number | null;
}

export const SCALE = 10_000;

/** A decimal amount in 1/10,000 units. */
export function toUnits(value: string | number): number {
  return Math.round(Number(value) * SCALE);
}

/** 1/10,000 units as OCI wants a price: "." separator, 2 to 4 decimals ("4.00", "3.49", "0.1234"). */
export function formatUnits(units: number): string {
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  const whole = Math.floor(abs / SCALE);
  let fraction = String(abs % SCALE).padStart(4, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${sign}${whole}.${fraction}`;
}

export function tiersOf(offer: PricedOffer): PriceTier[] {
  const tiers = Array.isArray(offer.quantityTiers) ? (offer.quantityTiers as PriceTier[]) : [];
  return [...tiers]
    .filter((tier) => Number.isFinite(Number(tier.minQuantity)) && Number.isFinite(Number(tier.price)))
    .sort((a, b) => a.minQuantity - b.minQuantity);
}

/** The tier applying at `quantity` (the highest minQuantity <= quantity), if any. */
export function tierAt(offer: PricedOffer, quantity: number): PriceTier | undefined {
  let applying: PriceTier | undefined;
  for (const tier of tiersOf(offer)) if (quantity >= tier.minQuantity) applying = tier;
  return applying;
}

/** Price (of priceUnitQuantity units) at `quantity`, in 1/10,000 units. */
export function unitPriceUnitsAt(offer: PricedOffer, quantity: number): number {
  return toUnits(tierAt(offer, quantity)?.price ?? offer.price);
}

/** The quantities a buyer may order: min defaults to 1, max is open (bounded by MAX_QUANTITY). */
export const MAX_QUANTITY = 999_999;

export function quantityBounds(offer: PricedOffer): { min: number; max: number } {
  const min = Math.max(1, offer.quantityMin ?? 1);
  const max = Math.min(MAX_QUANTITY, offer.quantityMax ?? MAX_QUANTITY);
  return { min, max };
}

/** Why a quantity cannot be ordered, or null when it can. */
export function quantityProblem(
  offer: PricedOffer,
  quantity: number,
): 'not_a_number' | 'below_min' | 'above_max' | null {
  if (!Number.isSafeInteger(quantity)) return 'not_a_number';
  const { min, max } = quantityBounds(offer);
  if (quantity < min) return 'below_min';
  if (quantity > max) return 'above_max';
  return null;
}

/** A posted quantity ("12", " 3 ") as an integer, or NaN. */
export function parseQuantity(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\s*\d{1,7}\s*$/.test(raw)) return Number.NaN;
  return Number(raw.trim());
}
