import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { principalActor } from '../audit/audit-actor';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { Principal } from '../auth/principal';
import { RequireRoles } from '../auth/require-roles.decorator';
import { ApiBodyRefusals, ApiErrors } from '../common/decorators/api-responses.decorator';
import { ReceivedJson } from '../common/decorators/received-json.decorator';
import { UserRole } from '../generated/prisma/enums';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { CreateOrderDto } from './dto/create-order.dto';
import { ListOrdersQuery, OrderDetailQuery } from './dto/list-orders.query';
import { OrderPageResponse, OrderResponse } from './dto/order.response';
import { jsonOrderOf } from './json-order';
import { OrderIntakeService } from './order-intake.service';
import { OrdersService } from './orders.service';

/** Purchase orders: in-house systems send them as JSON; auditors and admins read them. */
@ApiTags('orders')
@ApiBearerAuth()
@Controller('api/v1/orders')
export class OrdersController {
  constructor(
    private readonly intake: OrderIntakeService,
    private readonly orders: OrdersService,
  ) {}

  @Post()
  @RequireRoles(UserRole.buyer)
  @RateLimit({ group: 'api' })
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Send a purchase order',
    description:
      'Each line names the transferred cart line it orders by its key (or an offer, for a line typed in). ' +
      'The order is checked against the cart (findings), stored, and delivered to each supplier afterwards.',
  })
  @ApiCreatedResponse({ type: OrderResponse, description: 'The order, stored with its findings.' })
  @ApiOkResponse({ type: OrderResponse, description: 'The same order was received before: that order.' })
  @ApiErrors({
    400: 'invalid_request: a missing, unknown or malformed field (the message names it).',
    403: 'offer_blocked: a line orders an offer blocked for your organization (ORDER_BLOCKED=refuse); insufficient_scope: not a buyer.',
    409: 'conflict: this order id was received before with different content.',
  })
  @ApiBodyRefusals()
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateOrderDto,
    @ReceivedJson() document: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OrderResponse> {
    const outcome = await this.intake.receive(
      {
        organizationId: principal.organizationId,
        userId: principal.userId,
        buyerEmail: principal.email,
        clientId: principal.clientId,
        actor: principalActor(principal),
      },
      jsonOrderOf(body, document ?? JSON.stringify(body)),
    );
    if (outcome.kind === 'created') return outcome.order;
    reply.status(HttpStatus.OK);
    return this.orders.detail(principal.organizationId, outcome.orderId, false);
  }

  @Get()
  @RequireRoles(UserRole.auditor, UserRole.admin)
  @RateLimit({ group: 'audit' })
  @ApiOperation({ summary: "List the organization's purchase orders, newest first" })
  @ApiOkResponse({ type: OrderPageResponse })
  @ApiErrors({ 400: 'invalid_request: a malformed filter or cursor (the message names it).' })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListOrdersQuery,
  ): Promise<OrderPageResponse> {
    return this.orders.list(principal.organizationId, query);
  }

  @Get(':id')
  @RequireRoles(UserRole.auditor, UserRole.admin)
  @RateLimit({ group: 'audit' })
  @ApiOperation({
    summary: 'One order: lines with their cart lines and findings, deliveries and their tries',
  })
  @ApiParam({
    name: 'id',
    description: "The gateway's order id.",
    schema: { type: 'string', format: 'uuid' },
  })
  @ApiOkResponse({ type: OrderResponse })
  @ApiErrors({
    400: 'invalid_request: the id is not a UUID, or a malformed parameter.',
    404: 'not_found: no order with this id in your organization.',
  })
  detail(
    @CurrentPrincipal() principal: Principal,
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Query() query: OrderDetailQuery,
  ): Promise<OrderResponse> {
    return this.orders.detail(principal.organizationId, id, query.document ?? false);
  }
}
