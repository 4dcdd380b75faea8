import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { principalActor } from '../audit/audit-actor';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { Principal } from '../auth/principal';
import { RequireRoles } from '../auth/require-roles.decorator';
import { ApiErrors } from '../common/decorators/api-responses.decorator';
import { UserRole } from '../generated/prisma/enums';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { CATALOG_IMPORT_MEDIA_TYPES, type CatalogImportUpload } from './catalog-import-body.parser';
import { CatalogImportsService } from './catalog-imports.service';
import { CatalogImportQuery } from './dto/catalog-import.query';
import { CatalogImportResponse } from './dto/catalog-import.response';

/** Organization administrators load their contract catalogs: the file as the body, the report later. */
@ApiTags('catalog imports')
@ApiBearerAuth()
@RequireRoles(UserRole.admin)
@RateLimit({ group: 'api' })
@Controller('api/v1/catalog/imports')
export class CatalogImportsController {
  constructor(private readonly imports: CatalogImportsService) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary:
      "Import a supplier's BMEcat, CIF or cXML Index file as your organization's contract catalog (answered once received; GET the id for the report)",
  })
  @ApiConsumes(...CATALOG_IMPORT_MEDIA_TYPES)
  @ApiBody({
    description: 'The catalog file as it is (any encoding the formats allow).',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiAcceptedResponse({
    type: CatalogImportResponse,
    description: 'Received; the import runs (status `running`).',
  })
  @ApiErrors({
    400: 'invalid_request: no or a malformed supplier or format, an empty body, or the upload broke off.',
    404: "not_found: no supplier of that slug among the marketplace's and your own.",
    413: 'request_too_large: the file is larger than CATALOG_IMPORT_MAX_BYTES.',
    415: 'unsupported_media_type: the body is not application/xml, text/xml, text/csv or text/plain.',
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Query() query: CatalogImportQuery,
    // The body as the import route's parser hands it: unread (typed by an interface, so no pipe touches it).
    @Body() upload: CatalogImportUpload,
    @Headers('content-length') contentLength: string | undefined,
  ): Promise<CatalogImportResponse> {
    return CatalogImportResponse.from(
      await this.imports.accept(upload, contentLength, {
        supplier: query.supplier,
        format: query.format ?? null,
        organizationId: principal.organizationId,
        author: principal.email,
        actor: principalActor(principal),
      }),
    );
  }

  @Get(':id')
  @ApiOperation({ summary: "An import of your organization's: its status and, once finished, its report" })
  @ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid' } })
  @ApiOkResponse({ type: CatalogImportResponse })
  @ApiErrors({
    400: 'invalid_request: the id is not a UUID.',
    404: "not_found: no import of this id in your organization's.",
  })
  async find(
    @CurrentPrincipal() principal: Principal,
    @Param('id', new ParseUUIDPipe()) id: string,
  ): Promise<CatalogImportResponse> {
    return CatalogImportResponse.from(await this.imports.find(id, principal.organizationId));
  }
}
