import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { principalActor } from '../audit/audit-actor';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { Principal } from '../auth/principal';
import { RequireRoles } from '../auth/require-roles.decorator';
import { ApiBodyRefusals, ApiErrors } from '../common/decorators/api-responses.decorator';
import { UserRole } from '../generated/prisma/enums';
import { CreateGuidanceRuleDto } from './dto/create-guidance-rule.dto';
import { GuidanceRuleResponse } from './dto/guidance-rule.response';
import { ListGuidanceRulesQuery } from './dto/list-guidance-rules.query';
import { GuidanceRulesService } from './guidance-rules.service';
import { RateLimit } from '../rate-limit/rate-limit.decorator';

/** Procurement administrators manage their own organization's buying guidance. */
@ApiTags('guidance')
@ApiBearerAuth()
@RequireRoles(UserRole.admin)
@RateLimit({ group: 'guidance' })
@Controller('api/v1/guidance/rules')
export class GuidanceRulesController {
  constructor(private readonly rules: GuidanceRulesService) {}

  @Get()
  @ApiOperation({ summary: "List the organization's guidance rules" })
  @ApiOkResponse({ type: [GuidanceRuleResponse] })
  @ApiErrors({ 400: 'invalid_request: includeDisabled is not true or false, or an unknown parameter.' })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListGuidanceRulesQuery,
  ): Promise<GuidanceRuleResponse[]> {
    const rules = await this.rules.list(principal.organizationId, query.includeDisabled ?? false);
    return rules.map(GuidanceRuleResponse.from);
  }

  @Post()
  @ApiOperation({ summary: 'Add a rule marking matching offers preferred or blocked' })
  @ApiCreatedResponse({ type: GuidanceRuleResponse })
  @ApiErrors({
    400:
      'invalid_request: a missing, unknown or malformed field (the message names it), a value that does not ' +
      'fit the matcher, a category the catalog does not have, a NUL character, a body nested too deep.',
    409: 'conflict: the organization already has the maximum number of active rules (500).',
  })
  @ApiBodyRefusals()
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateGuidanceRuleDto,
  ): Promise<GuidanceRuleResponse> {
    return GuidanceRuleResponse.from(
      await this.rules.create(principal.organizationId, body, principal.email, principalActor(principal)),
    );
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Disable a rule (it stays in the history)' })
  @ApiParam({ name: 'id', description: 'The rule id.', schema: { type: 'string', format: 'uuid' } })
  @ApiOkResponse({ type: GuidanceRuleResponse, description: 'The rule, now disabled.' })
  @ApiErrors({
    400: 'invalid_request: the id is not a UUID.',
    404: 'not_found: no rule with this id in your organization.',
  })
  @ApiBodyRefusals()
  async disable(
    @CurrentPrincipal() principal: Principal,
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
  ): Promise<GuidanceRuleResponse> {
    return GuidanceRuleResponse.from(
      await this.rules.disable(principal.organizationId, id, principal.email, principalActor(principal)),
    );
  }
}
