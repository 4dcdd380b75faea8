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
  /** The unit price (in units of 1/10,000) changed. */
  | {
      code: 'repriced';
      name: string;
      from: { units: number; currency: string };
      to: { units: number; currency: string };
    };
