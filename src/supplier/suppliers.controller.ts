import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { principalActor } from '../audit/audit-actor';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { Principal } from '../auth/principal';
import { RequireRoles } from '../auth/require-roles.decorator';
import { ApiBodyRefusals, ApiErrors } from '../common/decorators/api-responses.decorator';
import { UserRole } from '../generated/prisma/enums';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { CreateSupplierDto } from './dto/create-supplier.dto';
import { SupplierResponse } from './dto/supplier.response';
import { SuppliersService } from './suppliers.service';

/** Organization administrators list the suppliers they can load catalogs of and add their own. */
@ApiTags('suppliers')
@ApiBearerAuth()
@RequireRoles(UserRole.admin)
@RateLimit({ group: 'api' })
@Controller('api/v1/suppliers')
export class SuppliersController {
  constructor(private readonly suppliers: SuppliersService) {}

  @Get()
  @ApiOperation({ summary: "The marketplace's suppliers and your organization's own" })
  @ApiOkResponse({ type: [SupplierResponse] })
  @ApiErrors({ 400: 'invalid_request: an unknown parameter.' })
  async list(@CurrentPrincipal() principal: Principal): Promise<SupplierResponse[]> {
    return (await this.suppliers.list(principal.organizationId)).map(SupplierResponse.from);
  }

  @Post()
  @ApiOperation({
    summary:
      "Add a supplier of your organization's own (for its contract catalogs; no other organization sees it)",
  })
  @ApiCreatedResponse({ type: SupplierResponse })
  @ApiErrors({
    400: 'invalid_request: a missing, unknown or malformed field (the message names it).',
    409: 'conflict: the slug is taken, or your organization or the marketplace has a supplier of that name.',
  })
  @ApiBodyRefusals()
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateSupplierDto,
  ): Promise<SupplierResponse> {
    return SupplierResponse.from(
      await this.suppliers.add(body, principal.organizationId, principal.email, principalActor(principal)),
    );
  }
}
