import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ImageResponse, MoneyResponse } from '../../common/dto/money.response';

/**
 * The search response of spec section 2.2 (field names and optionality as specified), as classes so
 * the OpenAPI document describes it. Optional fields without a value are omitted, never null.
 */

export type MoneyDto = MoneyResponse;
export type ImageDto = ImageResponse;

export class SearchResultDto {
  @ApiProperty({ example: 'B0PEN00001' }) id!: string;
  @ApiProperty({ enum: ['marketplace'] }) provider!: 'marketplace';
  @ApiProperty() name!: string;
  @ApiPropertyOptional() vendor?: string;
  @ApiProperty({
    type: () => MoneyResponse,
    description:
      "The shown offer's unit price, always NET (excluding VAT) and rounded to the currency's minor unit: " +
      'for an offer quoted including VAT, the quote without it (see `quotedPrice`). `priceTaxLabel` says ' +
      'so ("excl. 19% VAT"); results sorted by price are sorted by this figure.',
  })
  price!: MoneyDto;
  @ApiPropertyOptional({
    type: () => MoneyResponse,
    description:
      'Only where the shown offer quotes its price including VAT: that gross quote, as the vendor states it ' +
      '(`price` is its net).',
  })
  quotedPrice?: MoneyDto;
  @ApiPropertyOptional({ type: () => ImageResponse }) preview?: ImageDto;
  @ApiPropertyOptional() quantityDiscountsAvailable?: boolean;
  @ApiPropertyOptional({ example: 'Delivery in 2 days' }) delivery?: string;
  @ApiPropertyOptional({
    example: 'excl. 19% VAT',
    description:
      "The basis of `price` in the caller's language: excluding VAT, with the offer's rate where stated.",
  })
  priceTaxLabel?: string;
  @ApiPropertyOptional({ description: "An offer is preferred under the organization's buying guidance." })
  preferred?: boolean;
  @ApiPropertyOptional({ description: 'Every offer is blocked under the buying guidance.' })
  blocked?: boolean;
  @ApiPropertyOptional({ minimum: 0, maximum: 5 }) starRating?: number;
  @ApiPropertyOptional() sku?: string;
  @ApiPropertyOptional({ example: 'In stock' }) availability?: string;
}

export class SearchFacetValueDto {
  @ApiProperty({ description: 'The value id: send it back as `<facet id>=<value id>` to filter.' })
  id!: string;
  @ApiProperty({ description: 'Localized display name (Accept-Language).' }) name!: string;
  @ApiPropertyOptional({ description: 'This value is selected in the request.' }) selected?: boolean;
  @ApiPropertyOptional({
    minimum: 0,
    description:
      "How many products this value would leave (with the other facets' filters applied). Present only " +
      'when exact: when the search matched fewer products than the facets are computed over ' +
      '(SEARCH_FACET_SAMPLE); for broader searches the facets come from a sample and carry no counts.',
  })
  count?: number;
}

export class SearchFacetDto {
  @ApiProperty({ description: 'The facet id, which is also the filter parameter name.', example: 'category' })
  id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({
    type: () => [SearchFacetValueDto],
    description: 'category only: the path from the root to the selected category.',
  })
  parents?: SearchFacetValueDto[];
  @ApiProperty({ type: () => [SearchFacetValueDto] }) values!: SearchFacetValueDto[];
}

export class SearchCountDto {
  @ApiProperty({ minimum: 0 }) value!: number;
  @ApiProperty({ enum: ['eq', 'gte'], description: 'gte: at least `value` matches (the count was capped).' })
  relation!: 'eq' | 'gte';
}

export class SearchResponseDto {
  @ApiProperty({ enum: ['marketplace'] }) id!: 'marketplace';
  @ApiProperty() name!: string;
  @ApiProperty({ type: () => SearchCountDto }) count!: SearchCountDto;
  @ApiProperty({ type: () => [SearchResultDto] }) data!: SearchResultDto[];
  @ApiProperty({ type: () => [SearchFacetDto] }) facets!: SearchFacetDto[];
}
