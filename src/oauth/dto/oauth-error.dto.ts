import { ApiProperty } from '@nestjs/swagger';

/** RFC 6749 5.2 error body, used by the token and revocation endpoints (and the API's errors). */
export class OAuthErrorDto {
  @ApiProperty({
    example: 'invalid_request',
    description:
      'invalid_request | invalid_client | invalid_grant | unsupported_grant_type | rate_limited | ' +
      'server_error (and invalid_token on API routes)',
  })
  error!: string;

  @ApiProperty({ example: 'email is required: the e-mail address of the user the token is for.' })
  error_description!: string;
}
