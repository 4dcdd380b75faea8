import type { ImageInput, QuantityTierInput, TaxonomyInput } from '../catalog-product.input';
import type { LocalizedText, SupplierItemFeature, SupplierItemMedia } from '../formats/supplier-item';

/** A product's content as one supplier's item gives it (written when that item is the most complete source). */
export interface ImportedContent {
  name: string;
  description: string | null;
  texts: Partial<Record<'de' | 'en', { name?: string; description?: string }>>;
  manufacturer: string | null;
  manufacturerPartNumber: string | null;
  brand: string | null;
  overview: Record<string, string>;
  facts: SupplierItemFeature[];
  images: ImageInput[];
  links: Array<Pick<SupplierItemMedia, 'url' | 'purpose' | 'mimeType'> & { description: LocalizedText }>;
  keywords: string[];
  taxonomies: TaxonomyInput[];
  unspsc: string | null;
  /** How complete the item is (the rule in supplier-item.mapper.ts). */
  score: number;
  searchParts: string;
}

/** The offer an item makes (prices as decimal text). */
export interface ImportedOffer {
  supplierItemKey: string;
  vendorSku: string;
  supplierPartAuxId: string | null;
  price: string;
  currency: string;
  quantityTiers: QuantityTierInput[];
  vatRate: string | null;
  priceIncludesVat: boolean;
  unit: string;
  priceUnitQuantity: number;
  quantityMin: number | null;
  quantityInterval: number | null;
  contentUnit: string | null;
  contentPerOrderUnit: string | null;
  deliveryDays: number | null;
  validFrom: string | null;
  validTo: string | null;
  statuses: string[];
  specialTreatment: string[];
}

/** An item ready to be matched and written. */
export interface ImportedItem {
  line: number;
  action: 'upsert' | 'delete' | 'prices';
  supplierItemKey: string;
  /** What the report names the item by (the supplier's part id, with its auxiliary id). */
  label: string;
  gtin: string | null;
  manufacturerKey: string | null;
  /** Absent for `delete` and `prices`. */
  content?: ImportedContent;
  offer?: ImportedOffer;
  /** The identifiers search finds the product by (weight A): GTIN, part numbers. */
  searchIds: string[];
}
