import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** An amount in a currency (spec 2.2/2.3), shared by search results and product details. */
export class MoneyResponse {
  @ApiProperty({ minimum: 0, example: 12.5 }) amount!: number;
  @ApiProperty({ example: 'EUR', description: 'ISO 4217 currency code' }) currency!: string;
  @ApiPropertyOptional({ example: '€12.50', description: 'Localized text (Accept-Language)' })
  formatted?: string;
}

/** A product picture (spec 2.2/2.3), shared by search results and product details. */
export class ImageResponse {
  @ApiProperty({ example: 'https://gateway.example/images/products/P1/medium.svg' }) url!: string;
  @ApiPropertyOptional() width?: number;
  @ApiPropertyOptional() height?: number;
  @ApiPropertyOptional() altText?: string;
  @ApiPropertyOptional({ enum: ['thumbnail', 'small', 'medium', 'large'] }) kind?: string;
}
