import { Controller, Get, Headers, HttpStatus, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { Principal } from '../auth/principal';
import { ApiError } from '../common/http/api-error';
import { ApiErrors } from '../common/decorators/api-responses.decorator';
import { AppConfig } from '../config/app-config';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { ACCEPT_LANGUAGE_HEADER, CONTENT_LANGUAGE_HEADERS } from '../common/dto/language.headers';
import { ApiQueryParameters } from '../common/validation/schema-openapi';
import { SearchResponseDto } from './dto/search-response.dto';
import { SearchQuery } from './search-query.decorator';
import { negotiateLanguage } from '../common/i18n/language';
import { searchCost } from './search-cost';
import { SearchParamsDto } from './search-request.parser';
import { SearchRefusedError } from './search-refused.error';
import { SearchService } from './search.service';

@ApiTags('marketplace')
@Controller('api/v1/marketplace')
export class SearchController {
  constructor(
    private readonly search: SearchService,
    private readonly config: AppConfig,
  ) {}

  /** GET /api/v1/marketplace/search (spec 4.2). The parameters are SearchParamsDto's schema. */
  @Get('search')
  @RateLimit({ group: 'search', cost: searchCost })
  @ApiOperation({
    summary: 'Search products, with facets to narrow the result',
    description:
      "Results carry the organization's buying guidance (preferred first, blocked flagged). Facet filters " +
      'are query parameters named by facet id, with value ids from the facets of an earlier answer.',
  })
  @ApiQueryParameters(SearchParamsDto)
  @ApiHeader(ACCEPT_LANGUAGE_HEADER)
  @ApiOkResponse({ type: SearchResponseDto, headers: CONTENT_LANGUAGE_HEADERS })
  @ApiErrors({
    400:
      'invalid_request: query missing, blank, too long, with control characters or without a word a result ' +
      'must contain (only -exclusions, stop words or punctuation); page or pageSize out of ' +
      'range or repeated; a malformed facet value or too many values of one facet; a query too costly ' +
      '(too many terms or operators, paging too deep; README "Search limits"); a query string that is too ' +
      'long or not validly percent-encoded UTF-8.',
  })
  async find(
    @SearchQuery() request: SearchParamsDto,
    @Query() params: Record<string, unknown>,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const language = negotiateLanguage(acceptLanguage, this.config.defaultLanguage);
    void reply.header('content-language', language);
    void reply.header('vary', 'Accept-Language');
    // The body is serialized JSON (possibly from the result cache): say so, as for any object.
    void reply.type('application/json; charset=utf-8');
    try {
      // The route charged searchCost(params) already (@RateLimit); the measured time tops it up.
      return await this.search.searchBody(request, principal, language, searchCost(params));
    } catch (error) {
      if (error instanceof SearchRefusedError)
        throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', error.message);
      throw error;
    }
  }
}
