import { ApiProperty } from '@nestjs/swagger';

/** Spec 2.1: the token endpoint's success body. */
export class TokenResponseDto {
  @ApiProperty({ example: 'mpgt_3q2-7wXb0Hk9yA1cJ5mQ8rT4uV6xZ0pL2nB7dF9gH1k' })
  access_token!: string;

  @ApiProperty({ enum: ['bearer'], example: 'bearer' })
  token_type!: 'bearer';

  @ApiProperty({ description: 'Seconds until the token expires (TOKEN_TTL_SECONDS).', example: 300 })
  expires_in!: number;
}
