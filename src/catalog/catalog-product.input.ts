import type { ProductTexts } from './product-texts';
import { AvailabilityName, OfferConditionName, TAXONOMY_TYPES } from './catalog.constants';

/** One quantity tier: from `minQuantity` units on, the unit price is `price` (offer currency). */
export interface QuantityTierInput {
  minQuantity: number;
  price: number;
}

export interface OfferInput {
  id: string;
  /**
   * The supplier selling it (supplier.id). Absent: the marketplace's supplier named `vendor`, made on
   * first use (the own-shape import and the demo name vendors, not suppliers).
   */
  supplierId?: string;
  /** The supplier's name; the database keeps the stored value equal to it (the supplier's name wins). */
  vendor: string;
  vendorSku: string | null;
  /** Unit price as a decimal string with at most 4 decimals (no binary rounding on the way in). */
  price: string;
  currency: string;
  quantityTiers: QuantityTierInput[];
  quantityMin: number | null;
  quantityMax: number | null;
  condition: OfferConditionName;
  fulfillment: string | null;
  deliveryDays: number | null;
  availability: AvailabilityName;
  isPrime: boolean;
  /** VAT rate in percent as decimal text ("19", "7", "5.5"); null when not stated. */
  vatRate: string | null;
  /** Whether `price` and the tier prices include VAT at `vatRate` (then `vatRate` is required). */
  priceIncludesVat: boolean;
  /** A vendor's own tax text, shown only when the two fields above state nothing. */
  priceTaxLabel: string | null;
  priceInfo: string | null;
  unit: string;
  priceUnitQuantity: number;
}

export interface ImageInput {
  url: string;
  width?: number;
  height?: number;
  altText?: string;
  kind?: string;
}

export interface TaxonomyInput {
  type: (typeof TAXONOMY_TYPES)[number];
  code: string;
  version?: string;
  displayName?: string;
}

export interface BookInput {
  isbn10?: string;
  isbn13?: string;
  publicationDate?: string;
  publishedLanguage?: string;
}

/** A product with all its offers: what the demo generator makes and an import line carries. */
export interface ProductInput {
  id: string;
  productCode: string;
  name: string;
  brand: string | null;
  manufacturer: string | null;
  manufacturerPartNumber: string | null;
  description: string | null;
  /** Name and description per language (product.texts; product-texts.ts). Absent: none, the stored ones are shown. */
  texts?: ProductTexts;
  features: string[];
  overview: Record<string, string | number | boolean>;
  images: ImageInput[];
  taxonomies: TaxonomyInput[];
  book: BookInput | null;
  starRating: number | null;
  reviewCount: number | null;
  categoryId: string;
  /** UNSPSC code of the product (the first unspsc taxonomy), denormalized for guidance rules. */
  unspsc: string | null;
  cpfEligible: boolean;
  offers: OfferInput[];
}

export interface CategoryInput {
  id: string;
  parentId: string | null;
  nameEn: string;
  nameDe: string;
  unspsc: string | null;
}
