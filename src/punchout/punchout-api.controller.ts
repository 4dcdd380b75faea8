import { Body, Controller, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiInternalServerErrorResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { Principal } from '../auth/principal';
import { CatalogIdPipe } from '../catalog/catalog-id.pipe';
import { OAuthErrorDto } from '../oauth/dto/oauth-error.dto';
import { PunchoutRequestDto } from './dto/punchout-request.dto';
import { PunchoutResponseDto } from './dto/punchout-response.dto';
import { PunchoutSessionsService } from './punchout-sessions.service';

@ApiTags('marketplace')
@ApiBearerAuth()
@Controller('api/v1/marketplace')
export class PunchoutApiController {
  constructor(private readonly sessions: PunchoutSessionsService) {}

  /** POST /api/v1/marketplace/product/{id}/punchout (spec 4.4). */
  @Post('product/:id/punchout')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Start an OCI punchout for a product',
    description:
      "Creates a punchout session and answers the URL the buyer's browser opens. When the buyer transfers " +
      '(or cancels, or the session expires or fails), the browser posts the OCI cart (empty on cancel) to ' +
      'callbackUrl.',
  })
  @ApiBody({ type: PunchoutRequestDto })
  @ApiCreatedResponse({
    type: PunchoutResponseDto,
    description: 'Punchout created; the Location header carries the same URL as redirectUrl.',
    headers: { Location: { description: 'The redirectUrl.', schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({
    type: OAuthErrorDto,
    description:
      'invalid_request: malformed product id, body not an object, unknown field, wrong type, or an invalid ' +
      'callbackUrl/name/shipTo (the message names the field).',
  })
  @ApiNotFoundResponse({ type: OAuthErrorDto, description: 'not_found: no such product.' })
  @ApiInternalServerErrorResponse({ type: OAuthErrorDto, description: 'server_error' })
  async start(
    @Param('id', CatalogIdPipe) id: string,
    // Parsed by hand (parsePunchoutRequest) so every 400 names its field; `unknown` skips the global pipe.
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PunchoutResponseDto> {
    const created = await this.sessions.create(principal, id, body);
    void reply.header('location', created.redirectUrl);
    void reply.header('cache-control', 'no-store');
    return created;
  }
}
