import type { SearchSort } from '../../../search/search-request.parser';
import type { PageLanguage } from '../../../web/language';
import type { ReturnField } from '../../core/cart-line';
import type { PunchoutMessages } from '../punchout.messages';

/** What every page of an open session knows (view data only: no Prisma rows reach the templates). */
export interface ShopContext {
  lang: PageLanguage;
  t: PunchoutMessages;
  sessionKey: string;
  csrfToken: string;
  publicId: string;
  /** The product the session started on; null when it started on the start page. */
  productId: string | null;
  cartCount: number;
  searchQuery?: string;
  /** Display only (OCI DETAIL): no session, no cart, no search; the pages show no controls. */
  display?: boolean;
  /** The cart is shown, never changed or transferred (cXML inspect): no add, update, remove or transfer. */
  readOnly?: boolean;
}

/** The context of a page shown outside a session (OCI DETAIL): nothing to link to, nothing to post. */
export function displayContext(lang: PageLanguage, t: PunchoutMessages, productId: string): ShopContext {
  return { lang, t, sessionKey: '', csrfToken: '', publicId: '', productId, cartCount: 0, display: true };
}

/** What the organization's guidance prefers besides single products (the start page lists them). */
export interface ShopPreferences {
  vendors: string[];
  brands: string[];
  /** Category names in the page's language. */
  categories: string[];
}

export interface Notice {
  kind: 'ok' | 'error' | 'warn';
  text: string;
}

export interface TierView {
  minQuantity: number;
  priceText: string;
  applies: boolean;
}

export interface OfferView {
  id: string;
  vendor: string;
  condition: string;
  priceText: string;
  priceUnitText: string;
  tiers: TierView[];
  /** Unit price at the default quantity (the tier that applies there, else the base price). */
  priceAtDefaultText: string;
  delivery?: string;
  availability?: string;
  fulfillment?: string;
  /** The tax hint beside the net price ("excl. 19% VAT"), in the page language. */
  priceTaxLabel?: string;
  /** For a vendor quoting gross: the quoted price and rate, shown beside the net figure. */
  quotedGross?: { priceText: string; rateText: string };
  priceInfo?: string;
  min: number;
  max: number | null;
  /** Quantities go in steps of this from `min` (1: any). */
  step: number;
  defaultQuantity: number;
  preferred: boolean;
  blocked: boolean;
  /** Notes of the blocking rules (empty when the rules have none). */
  blockedNotes: string[];
}

export interface ProductView {
  id: string;
  name: string;
  images: Array<{ url: string; alt: string }>;
  /** Identification and maker, label and value in the page language, only those the catalog knows. */
  /** `identifier`: a code or number read as one piece (part number, EAN, product code), never broken. */
  facts: Array<{ label: string; value: string; identifier?: boolean }>;
  /** The product's open characteristics (the API's productOverview), labels translated where known. */
  overview: Array<{ label: string; value: string }>;
  /** Further characteristics read (shown folded, "n more"), and how many the product has beyond those. */
  moreOverview: Array<{ label: string; value: string }>;
  overviewNotShown: number;
  starRating?: number;
  features: string[];
  taxonomies: Array<{ type: string; code: string; displayName?: string }>;
  offers: OfferView[];
  allBlocked: boolean;
}

export interface SearchHitView {
  id: string;
  name: string;
  vendor?: string;
  /** The shown offer's unit price, NET (the API's `price`), with its basis (the API's tax label). */
  priceText: string;
  priceTaxLabel?: string;
  /** Only for an offer quoting gross: the quote as the vendor states it (the API's `quotedPrice`). */
  quotedGrossText?: string;
  preferred: boolean;
  blocked: boolean;
  delivery?: string;
  /** The product's picture as the page may load it (the gateway's own images only). */
  image?: { url: string; alt: string };
  availability?: string;
  /** Stars out of 5, as the API rounds them. */
  starRating?: number;
  /** The product code, shown small under the name. */
  sku?: string;
}

/** One value of a filter: selecting or removing it is a link, so filters work without JavaScript. */
export interface FilterValueView {
  name: string;
  selected: boolean;
  /** Results this value would leave, where the search knows it exactly (see the API's facet counts). */
  count?: number;
  /** The search with this value toggled (page 1). */
  href: string;
}

export interface FilterView {
  id: string;
  name: string;
  /** category only: the path to the selected category, each a link that narrows to it. */
  parents: FilterValueView[];
  values: FilterValueView[];
}

export interface PageLinkView {
  page: number;
  href: string;
  current: boolean;
}

export interface SearchView {
  query: string;
  page: number;
  total: number;
  totalIsLowerBound: boolean;
  hits: SearchHitView[];
  hasNext: boolean;
  filters: FilterView[];
  sort: SearchSort;
  /** Every order, each a link to this search in it (page 1, same filters). */
  sorts: Array<{ sort: SearchSort; href: string; current: boolean }>;
  /** The selected filters, each with the link that removes it. */
  selected: Array<{ facet: string; name: string; removeHref: string }>;
  /** The search without any filter, when some are selected. */
  clearHref?: string;
  /** Numbered page links around the current page (first and last always present). */
  pages: Array<PageLinkView | 'gap'>;
  previousHref?: string;
  nextHref?: string;
}

export interface CartLineView {
  offerId: string;
  productId: string;
  productName: string;
  vendor: string;
  quantity: number;
  min: number;
  max: number | null;
  /** Quantities go in steps of this from `min` (1: any). */
  step: number;
  /** Net unit price (of the price unit), whatever the vendor quotes. */
  unitPriceText: string;
  priceUnitText: string;
  /** The VAT rate as shown ("19", "5,5"), or null when the offer does not state it. */
  vatRateText?: string | null;
  /** For a gross quote: the quoted unit price, so the buyer recognises the offer's figure. */
  quotedGrossText?: string;
  tierFrom?: number;
  /** Net line total. */
  lineTotalText: string;
  /** The offer left the catalog: shown, not counted, removed at transfer. */
  unavailable?: boolean;
}

export interface CartView {
  lines: CartLineView[];
  /** Per currency: net total, VAT per rate, gross (null when some line states no VAT). Never net + gross. */
  totals: Array<{
    currency: string;
    netText: string;
    vat: Array<{ rateText: string; text: string }>;
    grossText: string | null;
  }>;
}

/** The return form: the OCI fields (none for an empty cart) posted to the HOOK_URL. */
export interface ReturnFormView {
  callbackUrl: string;
  target: string;
  fields: ReturnField[];
  autoSubmit: boolean;
}

/** The empty cart (OCI: "nothing") going back to a session's HOOK_URL, on cancel, expiry and failure. */
export function emptyCartForm(
  session: { callbackUrl: string; target: string; returnedFields?: unknown },
  autoSubmit: boolean,
): ReturnFormView {
  // A closed session stores the exact fields its empty cart posts (none for OCI; a cXML order message).
  const fields = Array.isArray(session.returnedFields)
    ? (session.returnedFields as ReturnFormView['fields'])
    : [];
  return { callbackUrl: session.callbackUrl, target: session.target, fields, autoSubmit };
}
