// The shapes of the demo assortment, in their own file so assortment.ts and assortment-more.ts
// (which it includes) both import them without importing each other.
export interface ProductType {
  /** Stable key of the product type (the relevance judgments refer to it). */
  key: string;
  en: string;
  de: string;
  /** Variants in English and German, same order. */
  variants: Array<[string, string]>;
  price: [number, number];
  unspsc: string;
  eclass?: string;
  unit?: string;
  features: Array<[string, string]>;
}

export interface LeafAssortment {
  categoryId: string;
  brands: string[];
  types: ProductType[];
  /** Relative share of the catalog. */
  weight: number;
}
