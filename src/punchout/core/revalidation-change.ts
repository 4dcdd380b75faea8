/**
 * What re-validation at transfer changed in a cart, as codes with their facts (no text): the pages
 * say it in the buyer's language (views/revalidation.notices.ts). Pure.
 */
export type RevalidationChange =
  /** The offer left the catalog; `label` is the line as it was added. */
  | { code: 'offer_gone'; label: string }
  /** A rule blocks the offer now. */
  | { code: 'blocked'; name: string; vendor: string }
  /** The quantity is outside the offer's bounds now. */
  | { code: 'quantity_out_of_range'; name: string; min: number; max: number }
  /** THE unit price (net, decimal text) changed. */
  | { code: 'repriced'; name: string; from: PriceFact; to: PriceFact }
  /** Only the VAT rate changed (percent as decimal text; null: not stated). */
  | { code: 'vat_changed'; name: string; from: string | null; to: string | null }
  /** The offer is in another currency than the cart's (a cart is one currency): left out. */
  | { code: 'other_currency'; name: string; currency: string; cartCurrency: string };

/**
 * A unit price as a change reports it: decimal text. Changes stored before prices were decimals
 * (a session's opening changes) carry `units` of 1/10,000 instead.
 */
export type PriceFact = { amount: string; currency: string } | { units: number; currency: string };
