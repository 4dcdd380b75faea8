import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** RFC 7009 revocation form, for the OpenAPI document only (parsed by readRevocationRequest). */
export class RevocationFormDto {
  @ApiProperty({ description: 'The access token to revoke.' })
  token!: string;

  @ApiPropertyOptional({ description: 'Accepted and ignored: there is one kind of token.' })
  token_type_hint?: string;

  @ApiPropertyOptional({ description: 'Required unless the client authenticates with HTTP Basic.' })
  client_id?: string;

  @ApiPropertyOptional({ description: 'Required unless the client authenticates with HTTP Basic.' })
  client_secret?: string;
}
