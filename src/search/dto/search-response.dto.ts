/** The search response of spec section 2.2 (field names and optionality as specified). */

export interface MoneyDto {
  amount: number;
  currency: string;
  formatted?: string;
}

export interface ImageDto {
  url: string;
  width?: number;
  height?: number;
  altText?: string;
  kind?: string;
}

export interface SearchResultDto {
  id: string;
  provider: 'marketplace';
  name: string;
  vendor?: string;
  price: MoneyDto;
  preview?: ImageDto;
  quantityDiscountsAvailable?: boolean;
  delivery?: string;
  priceTaxLabel?: string;
  preferred?: boolean;
  blocked?: boolean;
  starRating?: number;
  sku?: string;
  availability?: string;
}

export interface SearchFacetValueDto {
  id: string;
  name: string;
  selected?: boolean;
}

export interface SearchFacetDto {
  id: string;
  name: string;
  parents?: SearchFacetValueDto[];
  values: SearchFacetValueDto[];
}

export interface SearchCountDto {
  value: number;
  relation: 'eq' | 'gte';
}

export interface SearchResponseDto {
  id: 'marketplace';
  name: string;
  count: SearchCountDto;
  data: SearchResultDto[];
  facets: SearchFacetDto[];
}
