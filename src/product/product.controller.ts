import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { Principal } from '../auth/principal';
import { CatalogIdPipe } from '../catalog/catalog-id.pipe';
import { ApiErrors } from '../common/decorators/api-responses.decorator';
import { ACCEPT_LANGUAGE_HEADER, CONTENT_LANGUAGE_HEADERS } from '../common/dto/language.headers';
import { AppConfig } from '../config/app-config';
import { negotiateLanguage } from '../common/i18n/language';
import { ProductResponse } from './dto/product.response';
import { ProductService } from './product.service';
import { RateLimit } from '../rate-limit/rate-limit.decorator';

@ApiTags('marketplace')
@ApiBearerAuth()
@RateLimit({ group: 'product' })
@Controller('api/v1/marketplace')
export class ProductController {
  constructor(
    private readonly products: ProductService,
    private readonly config: AppConfig,
  ) {}

  /** GET /api/v1/marketplace/product/{id} (spec 4.3). */
  @Get('product/:id')
  @ApiOperation({ summary: "Product details with all offers, flagged by the organization's buying guidance" })
  @ApiParam({
    name: 'id',
    description: 'The product id (1-64 letters, digits, "-" or "_"); malformed ids are 400.',
    schema: { type: 'string', maxLength: 64 },
  })
  @ApiHeader(ACCEPT_LANGUAGE_HEADER)
  @ApiOkResponse({ type: ProductResponse, headers: CONTENT_LANGUAGE_HEADERS })
  @ApiErrors({
    400: 'invalid_request: malformed product id.',
    404: 'not_found: no such product.',
  })
  details(
    @Param('id', CatalogIdPipe) id: string,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const language = negotiateLanguage(acceptLanguage, this.config.defaultLanguage);
    void reply.header('content-language', language);
    void reply.header('vary', 'Accept-Language');
    // The body comes serialized (often reused, see ProductService): the type Fastify would give JSON.
    void reply.type('application/json; charset=utf-8');
    return this.products.detailsBody(id, principal.organizationId, language);
  }
}
