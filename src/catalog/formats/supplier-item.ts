/**
 * What every supplier catalog format is read into: one neutral stream of supplier items. A reader
 * (one folder per format under src/catalog/formats/) knows its format's syntax and vocabulary and
 * nothing else; matching items to products, validation, contract scoping and the all-or-nothing
 * write are shared and know no format.
 *
 * Values stay as close to the file as the neutral shape allows: amounts are decimal text (never a
 * binary float), unit codes are the supplier's codes, dates are ISO 8601 text. A reader normalizes
 * only what its format defines (BMEcat's PRICE_FACTOR, CIF's decimal comma, a header's default
 * currency or language) so that the shared steps never need to ask which format an item came from.
 */

/** The formats a catalog file can be in; `jsonl` and `csv` are the gateway's own product shape. */
export const CATALOG_FORMATS = ['bmecat', 'cif', 'cxml-index', 'jsonl', 'csv'] as const;
export type CatalogFormat = (typeof CATALOG_FORMATS)[number];

/** The languages the gateway serves product texts in. Texts in other languages are dropped with a warning. */
export const TEXT_LANGUAGES = ['de', 'en'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** One text in each language the file carries it in (at least one language when present at all). */
export type LocalizedText = Partial<Record<TextLanguage, string>>;

/**
 * How a file relates to what the supplier delivered before:
 * - `full`: the supplier's whole catalog (BMEcat T_NEW_CATALOG, CIF LOADMODE F, cXML Index
 *   loadmode Full): offers of this supplier (and organization) that the file does not contain are withdrawn;
 * - `incremental`: only the items in the file change (BMEcat T_UPDATE_PRODUCTS, CIF LOADMODE I,
 *   cXML Incremental); items say `upsert` or `delete`;
 * - `prices`: only the prices of the items in the file change (BMEcat T_UPDATE_PRICES).
 */
export type CatalogTransaction = 'full' | 'incremental' | 'prices';

/** What the file's header says, read before the first item. */
export interface CatalogHeader {
  format: CatalogFormat;
  /** The format's own version as the file states it ("2005", "2005.1", "1.2", "3.0", "1.2.063"). */
  formatVersion: string | null;
  transaction: CatalogTransaction;
  /** The language of texts that carry no language of their own (BMEcat LANGUAGE, CIF default). */
  defaultLanguage: TextLanguage | null;
  /** The currency of prices that name none (BMEcat CURRENCY, CIF CURRENCY). */
  defaultCurrency: string | null;
  /** How the file identifies its supplier (BMEcat SUPPLIER_ID with its type, CIF Supplier ID with SUPPLIERID_DOMAIN). */
  supplierIds: Array<{ type: string | null; value: string }>;
  supplierName: string | null;
  catalogId: string | null;
  catalogVersion: string | null;
  /** CIF ITEMCOUNT: a disagreement with the rows read is a warning (the CIF reader reports it), never a refusal. */
  declaredItemCount: number | null;
}

/**
 * One price of an offer's price list. A reader picks the one price list the offer is sold at (e.g.
 * BMEcat: `net_customer` before `net_list` before the gross types) and applies its format's
 * factors, so `amount` is what one price quantity of the order unit costs.
 */
export interface SupplierItemPrice {
  /** Decimal text with `.` as the separator, as exact as the file ("1499.5", "0.0825"). */
  amount: string;
  /** ISO 4217 code (the item's own, else the header's default). */
  currency: string;
  /** Whether `amount` includes VAT (BMEcat gros_list, nrp, ...; then `vatRate` should be stated). */
  includesVat: boolean;
  /** VAT rate in percent as decimal text ("19", "7", "5.5"); null when the file does not state it. */
  vatRate: string | null;
  /** From this many order units on, this price applies (BMEcat LOWER_BOUND); 1 for the base price. */
  lowerBound: string;
  /** ISO 8601 date or date-time from which the price is valid; null: no start. */
  validFrom: string | null;
  /** ISO 8601 date or date-time until which the price is valid; null: no end. */
  validTo: string | null;
  /** The file's own name for the kind of price ("net_customer", "gros_list", "UnitPrice"), for reports. */
  sourceType: string;
}

/** A characteristic of the product (BMEcat FEATURE, CIF Parametric Data). */
export interface SupplierItemFeature {
  name: LocalizedText;
  /** One or more values (BMEcat allows several FVALUE), each in the languages the file gives. */
  values: LocalizedText[];
  /** The supplier's unit code for the values (BMEcat FUNIT, e.g. "VLT", "MMT"); null when none. */
  unit: string | null;
}

/** A classification of the product in a standard or the supplier's own system. */
export interface SupplierItemClassification {
  /** `eclass`, `etim` and `unspsc` are recognized; anything else is `other`, with `system` naming it. */
  type: 'eclass' | 'etim' | 'unspsc' | 'other';
  /** The system as the file names it ("ECLASS-5.1", "ETIM-7.0", "UNSPSC", "udf_Supplier-1.0"). */
  system: string;
  code: string;
  /** The system's version where the file states it ("5.1", "7.0"). */
  version: string | null;
}

/** A picture or document linked from the catalog. The gateway never fetches these during an import. */
export interface SupplierItemMedia {
  /** Absolute URL (a relative source is resolved against the header's MIME_ROOT by the reader). */
  url: string;
  /**
   * `normal`, `thumbnail` and `detail` are pictures; anything else is a link: BMEcat's own purposes
   * (`data_sheet`, `safety_data_sheet`, `others`, ...), `product_page` (CIF Supplier URL, cXML URL),
   * `manufacturer_page` (CIF Manufacturer URL), `attachment` (a cXML AttachmentReference that is not a picture).
   */
  purpose: string;
  /** The MIME type where the file states it. */
  mimeType: string | null;
  /** Alternative text or description (BMEcat MIME_ALT / MIME_DESCR). */
  description: LocalizedText;
}

/** How the item is ordered: the units and quantities the shop and the server must hold to. */
export interface SupplierItemOrdering {
  /** The unit an order quantity counts (BMEcat ORDER_UNIT, CIF Unit of Measure): the supplier's code. */
  orderUnit: string;
  /** The unit inside one order unit (BMEcat CONTENT_UNIT), e.g. pieces in a pack; null when none. */
  contentUnit: string | null;
  /** How many content units one order unit holds (BMEcat NO_CU_PER_OU), decimal text; null when none. */
  contentPerOrderUnit: string | null;
  /** The prices are per this many order units (BMEcat PRICE_QUANTITY), decimal text; "1" by default. */
  priceQuantity: string;
  /** The smallest order quantity (BMEcat QUANTITY_MIN); null when none. */
  quantityMin: string | null;
  /** Orders must be in steps of this many order units (BMEcat QUANTITY_INTERVAL); null when any. */
  quantityInterval: string | null;
}

/**
 * One item of a supplier's catalog. `action` says what to do with it:
 * - `upsert`: the item is (still) offered with everything given here;
 * - `delete`: the supplier no longer offers it (only `supplierPartId` and `line` are meaningful);
 * - `prices`: only `prices` (and `supplierPartId`) are meaningful; everything else stays as it is.
 */
export interface SupplierItem {
  action: 'upsert' | 'delete' | 'prices';
  /** 1-based line of the file where the item starts (for reports). */
  line: number;
  /** The supplier's own part number (BMEcat SUPPLIER_PID/SUPPLIER_AID, CIF/cXML Supplier Part ID). */
  supplierPartId: string;
  /**
   * The supplier's auxiliary key (CIF/cXML Supplier Part Auxiliary ID), sent back in carts; null when none.
   * With `supplierPartId` it is the supplier's key of the item: CIF and cXML allow two items with the
   * same part id and different auxiliary ids (e.g. a box of 10 and a box of 50).
   */
  supplierPartAuxiliaryId: string | null;
  /** GTIN/EAN (BMEcat INTERNATIONAL_PID type="gtin" or EAN), digits only; null when none. */
  gtin: string | null;
  manufacturerName: string | null;
  manufacturerPartId: string | null;
  /** BMEcat MANUFACTURER_TYPE_DESCR: the manufacturer's own model name. */
  manufacturerTypeDescription: string | null;
  /** The short name (BMEcat DESCRIPTION_SHORT, CIF Short Name or the start of the description). */
  name: LocalizedText;
  /** The long description (BMEcat DESCRIPTION_LONG, CIF Item Description), plain text. */
  description: LocalizedText;
  /** Search words the supplier gives (BMEcat KEYWORD), in any language. */
  keywords: string[];
  classifications: SupplierItemClassification[];
  features: SupplierItemFeature[];
  /** The offer's price list, one entry per quantity tier and validity period; empty: no usable price. */
  prices: SupplierItemPrice[];
  ordering: SupplierItemOrdering;
  media: SupplierItemMedia[];
  /** Delivery time in days (BMEcat DELIVERY_TIME, CIF Lead Time); null when not stated. */
  deliveryDays: number | null;
  /** BMEcat PRODUCT_STATUS types ("core_product", "new", "discontinued", ...), as given. */
  statuses: string[];
  /** BMEcat SPECIAL_TREATMENT_CLASS (hazardous goods classes), as `type: value`. */
  specialTreatment: string[];
  /** CIF `PunchOut Enabled`: bought on the supplier's own site; the shared step refuses to import it. */
  punchoutOnly: boolean;
}

/** A finding of a reader about the file that does not stop the import (grouped by `kind` in the report). */
export interface CatalogWarning {
  kind: string;
  /** Where and what, for the report's example ("line 14: unit BOX is not a UN/ECE Rec. 20 code"). */
  message: string;
  line?: number;
}

/** What a reader yields: the header first, then items and per-item refusals in file order. */
export type CatalogReadEvent =
  | { type: 'header'; header: CatalogHeader }
  | { type: 'item'; item: SupplierItem }
  /** An item the reader could not make sense of; the rest of the file goes on. */
  | { type: 'rejected'; line: number; item: string | null; reason: string }
  | { type: 'warning'; warning: CatalogWarning };

/**
 * The file itself cannot be used: unreadable, an unknown format, truncated or malformed, or refused
 * as hostile (an internal DTD subset, entity declarations, limits exceeded). Nothing is written.
 */
export class CatalogFileError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
    readonly column: number | null = null,
  ) {
    super(line === null ? message : `line ${line}${column === null ? '' : `, column ${column}`}: ${message}`);
  }
}

/**
 * A format's reader: recognizes its files from their first characters and turns a byte stream into
 * events. It throws CatalogFileError for a file it cannot use; it never writes anything.
 */
export interface CatalogReader {
  readonly format: CatalogFormat;
  /** Whether `head` (the first few KB, decoded) looks like this format. */
  recognizes(head: string): boolean;
  read(input: AsyncIterable<Buffer>): AsyncGenerator<CatalogReadEvent>;
}
