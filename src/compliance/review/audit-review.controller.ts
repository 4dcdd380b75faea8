import {
  Controller,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../../auth/current-principal.decorator';
import { Principal } from '../../auth/principal';
import { RequireRoles } from '../../auth/require-roles.decorator';
import { ApiBodyRefusals, ApiErrors } from '../../common/decorators/api-responses.decorator';
import { UserRole } from '../../generated/prisma/enums';
import { ConsoleSignInService } from '../console/console-sign-in.service';
import {
  AuditEventPage,
  AuditSessionDetail,
  AuditSessionPage,
  ConsoleLinkResponse,
} from './dto/audit-review.response';
import { ListAuditEventsQuery } from './dto/list-audit-events.query';
import { ListAuditSessionsQuery } from './dto/list-audit-sessions.query';
import { AuditReviewService } from './audit-review.service';
import { RateLimit } from '../../rate-limit/rate-limit.decorator';

/** Compliance officers (role auditor) read their own organization's punchout sessions and events. */
@ApiTags('audit')
@ApiBearerAuth()
@RequireRoles(UserRole.auditor)
@RateLimit({ group: 'audit' })
@Controller('api/v1/audit')
export class AuditReviewController {
  constructor(
    private readonly review: AuditReviewService,
    private readonly signIn: ConsoleSignInService,
  ) {}

  @Get('sessions')
  @ApiOperation({ summary: 'Punchout sessions with their outcome and cart totals, newest first' })
  @ApiOkResponse({ type: AuditSessionPage })
  @ApiErrors({
    400: 'invalid_request: a filter, the cursor or the limit is malformed, from is not before to, or an unknown parameter.',
  })
  sessions(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListAuditSessionsQuery,
  ): Promise<AuditSessionPage> {
    return this.review.listSessions(principal.organizationId, query);
  }

  @Get('sessions/:id')
  @ApiOperation({ summary: "One punchout session's full timeline, including the OCI fields posted back" })
  @ApiParam({
    name: 'id',
    description: 'The punchout session id.',
    schema: { type: 'string', format: 'uuid' },
  })
  @ApiOkResponse({ type: AuditSessionDetail })
  @ApiErrors({
    400: 'invalid_request: the id is not a UUID.',
    404: 'not_found: no session with this id in your organization.',
  })
  session(
    @CurrentPrincipal() principal: Principal,
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
  ): Promise<AuditSessionDetail> {
    return this.review.session(principal.organizationId, id);
  }

  @Get('events')
  @ApiOperation({ summary: "The organization's audit events in chain order" })
  @ApiOkResponse({ type: AuditEventPage })
  @ApiErrors({
    400: 'invalid_request: a filter, the cursor or the limit is malformed, from is not before to, or an unknown parameter.',
  })
  events(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListAuditEventsQuery,
  ): Promise<AuditEventPage> {
    return this.review.listEvents(principal.organizationId, query);
  }

  @Post('console-links')
  @HttpCode(HttpStatus.CREATED)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'A one-time sign-in link to the compliance console (expires after 10 minutes, works once)',
  })
  @ApiCreatedResponse({ type: ConsoleLinkResponse })
  @ApiBodyRefusals()
  async consoleLink(@CurrentPrincipal() principal: Principal): Promise<ConsoleLinkResponse> {
    const link = await this.signIn.createLinkForUser(
      principal.organizationId,
      principal.userId,
      principal.email,
    );
    return { url: link.url, expiresAt: link.expiresAt.toISOString() };
  }
}
