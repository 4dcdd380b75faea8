import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/**
 * The token endpoint's form fields, for the OpenAPI document only: the body is parsed by
 * readTokenRequest (repeated fields, Basic vs form credentials, percent-decoding).
 */
export class TokenFormDto {
  @ApiProperty({ enum: ['client_credentials'] })
  grant_type!: string;

  @ApiPropertyOptional({ description: 'Required unless the client authenticates with HTTP Basic.' })
  client_id?: string;

  @ApiPropertyOptional({ description: 'Required unless the client authenticates with HTTP Basic.' })
  client_secret?: string;

  @ApiProperty({
    description:
      'E-mail of the user the token is for; percent-encode it (e.g. "+" as %2B). Case-insensitive.',
    example: 'buyer@demo.example',
  })
  email!: string;
}
