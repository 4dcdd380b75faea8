import { Body, Controller, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal } from '../../auth/current-principal.decorator';
import { Principal } from '../../auth/principal';
import { CatalogIdPipe } from '../../catalog/catalog-id.pipe';
import { ApiBodyRefusals, ApiErrors } from '../../common/decorators/api-responses.decorator';
import { PunchoutRequestDto } from './dto/punchout-request.dto';
import { PunchoutResponseDto } from './dto/punchout-response.dto';
import { PunchoutApiService } from './punchout-api.service';
import { RateLimit } from '../../rate-limit/rate-limit.decorator';

@ApiTags('marketplace')
@ApiBearerAuth()
@RateLimit({ group: 'punchout' })
@Controller('api/v1/marketplace')
export class PunchoutApiController {
  constructor(private readonly api: PunchoutApiService) {}

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
  @ApiParam({
    name: 'id',
    description: 'The product id (1-64 letters, digits, "-" or "_"); malformed ids are 400.',
    schema: { type: 'string', maxLength: 64 },
  })
  @ApiBody({ type: PunchoutRequestDto })
  @ApiCreatedResponse({
    type: PunchoutResponseDto,
    description: 'Punchout created; the Location header carries the same URL as redirectUrl.',
    headers: {
      Location: {
        description: 'The redirectUrl.',
        required: true,
        schema: { type: 'string', format: 'uri' },
      },
    },
  })
  @ApiErrors({
    400:
      'invalid_request: malformed product id, body not a JSON object (or nested too deep), unknown field, ' +
      'wrong type, or an invalid callbackUrl/name/shipTo (the message names the field); a NUL character.',
    404: 'not_found: no such product.',
  })
  @ApiBodyRefusals()
  async start(
    @Param('id', CatalogIdPipe) id: string,
    // Validated by the global pipe (the schema of PunchoutRequestDto): every 400 names its field.
    @Body() body: PunchoutRequestDto,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PunchoutResponseDto> {
    const created = await this.api.start(principal, id, body);
    void reply.header('location', created.redirectUrl);
    void reply.header('cache-control', 'no-store');
    return created;
  }
}
