import { Body, Controller, Header, Headers, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiHeader,
  ApiInternalServerErrorResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { OAuthErrorDto } from './dto/oauth-error.dto';
import { RevocationFormDto } from './dto/revocation-form.dto';
import { TokenFormDto } from './dto/token-form.dto';
import { TokenResponseDto } from './dto/token-response.dto';
import { OAuthService } from './oauth.service';

const BASIC_HEADER = {
  name: 'Authorization',
  required: false,
  description:
    'HTTP Basic client authentication (RFC 6749 2.3.1), instead of client_id/client_secret in the form; never both.',
};
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
};

@ApiTags('oauth')
@Public()
@Controller('oauth')
export class OAuthController {
  constructor(private readonly oauth: OAuthService) {}

  @Post('authorize')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  @ApiOperation({
    summary: 'Create an access token for a user (OAuth 2.0 client credentials + email).',
    description:
      'Body: application/x-www-form-urlencoded only (anything else is 400 invalid_request), at most 4 KiB. ' +
      'Repeated parameters are refused; unknown ones ignored. Rate-limited per client_id and per source address.',
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: TokenFormDto })
  @ApiHeader(BASIC_HEADER)
  @ApiOkResponse({ type: TokenResponseDto, description: 'Token issued (Cache-Control: no-store).' })
  @ApiBadRequestResponse({
    type: OAuthErrorDto,
    description:
      'invalid_request (missing/repeated parameter, wrong content type, oversized or badly encoded body), ' +
      "unsupported_grant_type, invalid_grant (email is not an active user of the client's organization).",
  })
  @ApiUnauthorizedResponse({
    type: OAuthErrorDto,
    description:
      'invalid_client: unknown client, wrong secret or revoked client (WWW-Authenticate: Basic if Basic was used).',
  })
  @ApiTooManyRequestsResponse({ type: OAuthErrorDto, description: 'rate_limited', headers: RETRY_AFTER })
  @ApiInternalServerErrorResponse({ type: OAuthErrorDto, description: 'server_error' })
  issueToken(
    @Body() body: unknown,
    @Headers('authorization') authorization: string | undefined,
    @Ip() address: string,
  ): Promise<TokenResponseDto> {
    return this.oauth.issueToken({ body, authorization, address });
  }

  @Post('revoke')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "Revoke one of the calling client's access tokens (RFC 7009).",
    description:
      'Answers 200 whether or not the token existed, was already revoked or belongs to another client ' +
      "(only the calling client's own tokens are revoked), so the answer reveals nothing about tokens.",
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: RevocationFormDto })
  @ApiHeader(BASIC_HEADER)
  @ApiOkResponse({ description: 'Revoked, or nothing to revoke. Empty body.' })
  @ApiBadRequestResponse({ type: OAuthErrorDto, description: 'invalid_request' })
  @ApiUnauthorizedResponse({ type: OAuthErrorDto, description: 'invalid_client' })
  @ApiTooManyRequestsResponse({ type: OAuthErrorDto, description: 'rate_limited', headers: RETRY_AFTER })
  @ApiInternalServerErrorResponse({ type: OAuthErrorDto, description: 'server_error' })
  revokeToken(
    @Body() body: unknown,
    @Headers('authorization') authorization: string | undefined,
    @Ip() address: string,
  ): Promise<void> {
    return this.oauth.revokeToken({ body, authorization, address });
  }
}
