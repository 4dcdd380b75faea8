import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { Principal } from '../auth/principal';
import { CatalogIdPipe } from '../catalog/catalog-id.pipe';
import { AppConfig } from '../config/app-config';
import { negotiateLanguage } from '../common/i18n/language';
import { ProductResponse } from './dto/product.response';
import { ProductService } from './product.service';

@ApiTags('marketplace')
@ApiBearerAuth()
@Controller('api/v1/marketplace')
export class ProductController {
  constructor(
    private readonly products: ProductService,
    private readonly config: AppConfig,
  ) {}

  /** GET /api/v1/marketplace/product/{id} (spec 4.3). */
  @Get('product/:id')
  @ApiOperation({ summary: "Product details with all offers, flagged by the organization's buying guidance" })
  @ApiOkResponse({ type: ProductResponse })
  @ApiBadRequestResponse({ description: 'Malformed product id (invalid_request).' })
  @ApiNotFoundResponse({ description: 'No such product (not_found).' })
  details(
    @Param('id', CatalogIdPipe) id: string,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProductResponse> {
    const language = negotiateLanguage(acceptLanguage, this.config.defaultLanguage);
    void reply.header('content-language', language);
    void reply.header('vary', 'Accept-Language');
    return this.products.details(id, principal.organizationId, language);
  }
}
