import { Body, Controller, Header, Headers, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiDatabaseUnavailable,
  ApiErrors,
  ApiRateLimited,
} from '../common/decorators/api-responses.decorator';
import { Public } from '../common/decorators/public.decorator';
import { LimitPerAddress } from '../rate-limit/address-rate-limit.guard';
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
const NO_STORE = {
  'Cache-Control': {
    description: 'no-store',
    required: true,
    schema: { type: 'string', enum: ['no-store'] },
  },
};
const INVALID_CLIENT =
  'invalid_client: unknown client, wrong secret or revoked client (WWW-Authenticate: Basic if Basic was used).';
const RATE_LIMITED = 'too many requests for this client_id or from this address.';

@ApiTags('oauth')
@Public()
// Before the form is read: a flood of garbage from one address spends that address's budget.
@LimitPerAddress('oauth')
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
  @ApiOkResponse({ type: TokenResponseDto, description: 'Token issued.', headers: NO_STORE })
  @ApiErrors({
    400:
      'invalid_request (missing/repeated parameter, wrong content type, oversized or badly encoded body, ' +
      'a NUL character), unsupported_grant_type, invalid_grant (email is not an active user of the ' +
      "client's organization).",
    401: INVALID_CLIENT,
  })
  @ApiRateLimited(RATE_LIMITED)
  @ApiDatabaseUnavailable()
  issueToken(
    @Body() form: TokenFormDto,
    @Headers('authorization') authorization: string | undefined,
    @Ip() address: string,
  ): Promise<TokenResponseDto> {
    return this.oauth.issueToken(form, { authorization, address });
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
  @ApiOkResponse({ description: 'Revoked, or nothing to revoke. Empty body.', headers: NO_STORE })
  @ApiErrors({
    400:
      'invalid_request: missing/repeated parameter, wrong content type, oversized or badly encoded body, ' +
      'a NUL character, or an access_token sent as a form field.',
    401: INVALID_CLIENT,
  })
  @ApiRateLimited(RATE_LIMITED)
  @ApiDatabaseUnavailable()
  revokeToken(
    @Body() form: RevocationFormDto,
    @Headers('authorization') authorization: string | undefined,
    @Ip() address: string,
  ): Promise<void> {
    return this.oauth.revokeToken(form, { authorization, address });
  }
}
