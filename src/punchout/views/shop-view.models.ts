import type { PageLanguage } from '../../web/language';
import type { OciField } from '../oci-fields';
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
}

/** The context of a page shown outside a session (OCI DETAIL): nothing to link to, nothing to post. */
export function displayContext(lang: PageLanguage, t: PunchoutMessages, productId: string): ShopContext {
  return { lang, t, sessionKey: '', csrfToken: '', publicId: '', productId, cartCount: 0, display: true };
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
  priceTaxLabel?: string;
  priceInfo?: string;
  min: number;
  max: number | null;
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
  features: string[];
  taxonomies: Array<{ type: string; code: string; displayName?: string }>;
  offers: OfferView[];
  allBlocked: boolean;
}

export interface SearchHitView {
  id: string;
  name: string;
  vendor?: string;
  priceText: string;
  preferred: boolean;
  blocked: boolean;
  delivery?: string;
}

export interface SearchView {
  query: string;
  page: number;
  total: number;
  totalIsLowerBound: boolean;
  hits: SearchHitView[];
  hasNext: boolean;
}

export interface CartLineView {
  offerId: string;
  productId: string;
  productName: string;
  vendor: string;
  quantity: number;
  min: number;
  max: number | null;
  unitPriceText: string;
  priceUnitText: string;
  tierFrom?: number;
  lineTotalText: string;
  /** The offer left the catalog: shown, not counted, removed at transfer. */
  unavailable?: boolean;
}

export interface CartView {
  lines: CartLineView[];
  totals: Array<{ currency: string; text: string }>;
}

/** The return form: the OCI fields (none for an empty cart) posted to the HOOK_URL. */
export interface ReturnFormView {
  callbackUrl: string;
  target: string;
  fields: OciField[];
  autoSubmit: boolean;
}

/** The empty cart (OCI: "nothing") going back to a session's HOOK_URL, on cancel, expiry and failure. */
export function emptyCartForm(
  session: { callbackUrl: string; target: string },
  autoSubmit: boolean,
): ReturnFormView {
  return { callbackUrl: session.callbackUrl, target: session.target, fields: [], autoSubmit };
}
