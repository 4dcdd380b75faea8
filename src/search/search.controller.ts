import { Controller, Get, Headers, HttpStatus, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { Principal } from '../auth/principal';
import { ApiError } from '../common/http/api-error';
import { AppConfig } from '../config/app-config';
import { RateLimitCost } from '../rate-limit/rate-limit-cost.decorator';
import { SearchResponseDto } from './dto/search-response.dto';
import { RawQueryString } from './raw-query-string.decorator';
import { negotiateLanguage } from '../common/i18n/language';
import { searchCost } from './search-cost';
import { parseSearchRequest } from './search-request.parser';
import { SearchService } from './search.service';

@Controller('api/v1/marketplace')
export class SearchController {
  constructor(
    private readonly search: SearchService,
    private readonly config: AppConfig,
  ) {}

  /** GET /api/v1/marketplace/search (spec 4.2). Query parameters are parsed by hand: facets are dynamic. */
  @Get('search')
  @RateLimitCost(searchCost)
  async find(
    @Query() params: Record<string, unknown>,
    @RawQueryString() rawQuery: string,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SearchResponseDto> {
    const parsed = parseSearchRequest(params, rawQuery);
    if (!parsed.ok) throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', parsed.message);
    const language = negotiateLanguage(acceptLanguage, this.config.defaultLanguage);
    void reply.header('content-language', language);
    void reply.header('vary', 'Accept-Language');
    return this.search.search(parsed.request, principal.organizationId, language);
  }
}
