import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ImageResponse, MoneyResponse } from '../../common/dto/money.response';
import { TAXONOMY_TYPES } from '../../catalog/catalog.constants';

export { ImageResponse, MoneyResponse };

/**
 * The product details response of spec section 2.3, as classes so the OpenAPI document describes
 * it. Optional fields without a value are omitted, never sent as null. (Response shapes of one
 * resource are kept together here rather than one file per class.)
 */

export class QuantityPriceTierResponse {
  @ApiProperty({ example: 10, description: 'The price applies from this quantity on (>=).' })
  minQuantity!: number;
  @ApiProperty({
    type: () => MoneyResponse,
    description: 'Unit price from minQuantity on. The spec leaves this "Price" type open; it is Money.',
  })
  price!: MoneyResponse;
}

export class OfferResponse {
  @ApiProperty() id!: string;
  @ApiProperty() productId!: string;
  @ApiProperty({ enum: ['marketplace'] }) provider!: 'marketplace';
  @ApiPropertyOptional() vendor?: string;
  @ApiProperty({ type: () => MoneyResponse, description: 'Unit price (see quantityPrice for tiers).' })
  price!: MoneyResponse;
  @ApiPropertyOptional({ type: () => [QuantityPriceTierResponse], description: 'Ascending by minQuantity.' })
  quantityPrice?: QuantityPriceTierResponse[];
  @ApiPropertyOptional() quantityDiscountsAvailable?: boolean;
  @ApiPropertyOptional({ example: 'Delivery in 2 days' }) delivery?: string;
  @ApiPropertyOptional({ example: 'In stock' }) availability?: string;
  @ApiPropertyOptional({ example: 'per piece' }) priceUnit?: string;
  @ApiPropertyOptional({ example: 'excl. VAT' }) priceTaxLabel?: string;
  @ApiPropertyOptional({ example: 'Volume discounts from 10 units' }) priceInfo?: string;
  @ApiPropertyOptional({ description: "Preferred under the organization's buying guidance." })
  preferred?: boolean;
  @ApiPropertyOptional({ description: 'Blocked under the buying guidance: must not be added to a cart.' })
  blocked?: boolean;
  @ApiPropertyOptional() quantityMin?: number;
  @ApiPropertyOptional() quantityMax?: number;
  @ApiPropertyOptional({ enum: ['new', 'used', 'collectible', 'refurbished'] }) condition?: string;
  @ApiPropertyOptional({ example: 'Fulfilled by the marketplace' }) fulfillment?: string;
}

export class TaxonomyResponse {
  @ApiProperty({
    enum: TAXONOMY_TYPES,
    description:
      'The classification: `unspsc`, `eclass`, or `etim` (ETIM classes such as EC000446; an extension of the contract).',
  })
  type!: string;
  @ApiProperty({ example: '44121701' }) code!: string;
  @ApiPropertyOptional({ example: 'UNv260801' }) version?: string;
  @ApiPropertyOptional() displayName?: string;
}

export class BookResponse {
  @ApiPropertyOptional() isbn10?: string;
  @ApiPropertyOptional() isbn13?: string;
  @ApiPropertyOptional({ format: 'date' }) publicationDate?: string;
  @ApiPropertyOptional({ example: 'de' }) publishedLanguage?: string;
}

export class ProductResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['marketplace'] }) provider!: 'marketplace';
  @ApiProperty() name!: string;
  @ApiPropertyOptional() offersCount?: number;
  @ApiPropertyOptional({
    type: () => [OfferResponse],
    description: 'Buyer order: buyable before blocked, preferred first, then price, then id.',
  })
  offers?: OfferResponse[];
  @ApiPropertyOptional({ type: () => [TaxonomyResponse] }) taxonomies?: TaxonomyResponse[];
  @ApiPropertyOptional({ type: () => [ImageResponse] }) images?: ImageResponse[];
  @ApiPropertyOptional() productCode?: string;
  @ApiPropertyOptional({ type: [String] }) features?: string[];
  @ApiPropertyOptional({ minimum: 0, maximum: 5 }) starRating?: number;
  @ApiPropertyOptional() reviewCount?: number;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Open keys, e.g. brand, manufacturer, manufacturerPartNumber, model.',
  })
  productOverview?: Record<string, unknown>;
  @ApiPropertyOptional({ type: () => BookResponse, description: 'Present for books only.' })
  book?: BookResponse;
}
