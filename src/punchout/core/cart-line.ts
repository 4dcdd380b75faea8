/**
 * The protocol-neutral shapes of a cart going back: a line as every return builds its fields from it
 * (the OCI form, the cXML order message), and a return as data (the form fields the browser posts
 * and what the session's audit event records besides them).
 */

/** One field the return form posts to the session's callback URL: its name and its value, as text. */
export type ReturnField = [name: string, value: string];

/** A return: the exact fields posted (stored with the session) and the audit event's extra facts. */
export interface PunchoutReturn {
  fields: ReturnField[];
  record: Record<string, unknown>;
}

/** A cart line as the catalog prices it now: what every protocol's return is built from. */
export interface CartLine {
  /** Full product name as stored (each protocol cuts or carries it as its fields allow). */
  name: string;
  /** The product's texts per language (product.texts): a return sends the name in its session's language (lineName). */
  texts?: unknown;
  quantity: number;
  /** UN/ECE Rec. 20 unit code (the offer's, or the configured default; never cut, see buildOciFields). */
  unit: string;
  /**
   * THE unit price: NET (VAT excluded, also for vendors quoting gross) of `priceUnit` units after
   * quantity tiers, in the currency's minor unit, formatted with "." ("3.49", JPY "1817"). Never a
   * gross figure: SAP adds tax itself.
   */
  price: string;
  /** VAT rate in percent ("19", "5.5"), sent as CUST_FIELD1; null or absent when not stated. */
  vatRate?: string | null;
  priceUnit: number;
  currency: string;
  leadTimeDays: number | null;
  /** Vendor's product number (offer SKU). */
  vendorMaterial: string | null;
  manufacturerCode: string | null;
  manufacturerPartNumber: string | null;
  /** Material group: the product's UNSPSC code when known. */
  materialGroup: string | null;
  productId: string;
  /** Our product code (cXML's SupplierPartID when the offer has no SKU); OCI does not send it. */
  productCode?: string;
  /** The product's eCl@ss code when known (cXML sends it beside UNSPSC; OCI sends one of the two). */
  eclass?: string | null;
  category: { schema: 'UNSPSC' | 'ECLASS'; id: string } | null;
  vendor: string;
  condition: string;
  features: readonly string[];
  offerId: string;
  /**
   * The line's opaque key (src/common/cart-line-key.ts), which a purchase order names it by: issued
   * when the cart is transferred (cXML SupplierPartAuxiliaryID, OCI EXT_QUOTE_ID/EXT_QUOTE_ITEM).
   * Null before the transfer, and for a line a cXML edit handed over without a key of ours.
   */
  orderKey: string | null;
}
