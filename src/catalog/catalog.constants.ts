/**
 * Product and offer ids are opaque strings of this shape (deterministic for the demo catalog).
 * Product details and punchout answer a malformed id with 400 using this one rule.
 */
export const CATALOG_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Category ids are lower-case slugs; they appear in materialized paths such as "/office/paper/". */
export const CATEGORY_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Brand keys (facet value ids of `lbr_brands_browse-bin`), as computed by gw_brand_key() in SQL. */
export const BRAND_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,199}$/;

export const OFFER_CONDITIONS = ['new', 'used', 'refurbished', 'collectible'] as const;
export type OfferConditionName = (typeof OFFER_CONDITIONS)[number];

/** In the order of the database enum: min() over offers is the best availability. */
export const AVAILABILITIES = ['in_stock', 'limited', 'backorder', 'out_of_stock'] as const;
export type AvailabilityName = (typeof AVAILABILITIES)[number];

export const IMAGE_KINDS = {
  thumbnail: { width: 75, height: 75 },
  small: { width: 160, height: 160 },
  medium: { width: 500, height: 500 },
  large: { width: 1200, height: 1200 },
} as const;
export type ImageKind = keyof typeof IMAGE_KINDS;

/**
 * The classifications a product's taxonomies name: the contract's `unspsc` and `eclass`, and `etim`
 * (ETIM classes, which BMEcat catalogs of electrical wholesale carry; an extension of the contract).
 */
export const TAXONOMY_TYPES = ['unspsc', 'eclass', 'etim'] as const;
