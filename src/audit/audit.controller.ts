import { Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { Principal } from '../auth/principal';
import { RequireRoles } from '../auth/require-roles.decorator';
import { ApiErrors } from '../common/decorators/api-responses.decorator';
import { startedStream } from '../common/http/started-stream';
import { UserRole } from '../generated/prisma/enums';
import { AuditChainService } from './audit-chain.service';
import { AuditExportService } from './audit-export.service';
import { AuditExportQuery } from './dto/audit-export.query';
import { AuditVerificationResponse } from './dto/audit-verification.response';
import { RateLimit } from '../rate-limit/rate-limit.decorator';

/** The audit trail's proof endpoints: verification and export for offline checks (the key: AuditPublicKeyController). */
@ApiTags('audit')
@RateLimit({ group: 'audit' })
@Controller('api/v1/audit')
export class AuditController {
  constructor(
    private readonly chain: AuditChainService,
    private readonly exports: AuditExportService,
  ) {}

  @Get('verify')
  @ApiBearerAuth()
  @RequireRoles(UserRole.auditor)
  @ApiOperation({ summary: "Verify the organization's audit chain from event 1 to the head" })
  @ApiOkResponse({ type: AuditVerificationResponse })
  verify(@CurrentPrincipal() principal: Principal): Promise<AuditVerificationResponse> {
    return this.chain.verify(principal.organizationId);
  }

  @Get('export')
  @ApiBearerAuth()
  @RequireRoles(UserRole.auditor)
  @ApiOperation({
    summary: "Download the organization's audit events for offline verification (streamed)",
    description:
      'JSON Lines: one RFC 8785 canonical JSON object per event with every hashed field and `hash`. ' +
      'CSV: the same fields as columns, payload as canonical JSON text. The range is contiguous by ' +
      "sequence; its first event's prevHash ties it to the chain before it. See docs/audit.md.",
  })
  @ApiProduces('application/x-ndjson', 'text/csv')
  @ApiOkResponse({
    description: 'The events, as an attachment',
    schema: { type: 'string' },
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="audit-<organization id>.<format>"',
        required: true,
        schema: { type: 'string' },
      },
    },
  })
  @ApiErrors({
    400:
      'invalid_request: from or to is not an ISO 8601 date-time, format is neither jsonl nor csv, or an ' +
      'unknown parameter.',
  })
  @Header('cache-control', 'no-store')
  async export(
    @CurrentPrincipal() principal: Principal,
    @Query() query: AuditExportQuery,
  ): Promise<StreamableFile> {
    const format = query.format ?? 'jsonl';
    const stream = this.exports.export(principal.organizationId, {
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      format,
    });
    // Started before the 200 goes out: a database error before the first event is a 503, not a cut file.
    return new StreamableFile(await startedStream(stream), {
      type: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      disposition: `attachment; filename="audit-${principal.organizationId}.${format}"`,
    });
  }
}
