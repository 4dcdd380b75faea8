import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { FINDING_CODES } from '../order-findings';

export const DELIVERY_STATUSES = ['pending', 'queued', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export class OrderFindingResponse {
  @ApiProperty({ enum: [...FINDING_CODES] }) code!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'What was compared: transferred and ordered values (money and quantities as decimal strings).',
  })
  detail!: Record<string, unknown>;
}

export class OrderCartLineResponse {
  @ApiProperty({ description: 'The punchout session the cart was transferred in (database id).' })
  sessionId!: string;
  @ApiProperty({ description: "The session's public reference." }) sessionPublicId!: string;
  @ApiProperty({ nullable: true, type: String }) offerId!: string | null;
  @ApiProperty({ description: 'What the line was when added to the cart.' }) label!: string;
  @ApiProperty() quantity!: number;
  @ApiProperty({ example: '4.00', description: 'NET price of priceUnit units as transferred.' })
  unitPrice!: string;
  @ApiProperty() priceUnit!: number;
  @ApiProperty({ example: 'EUR' }) currency!: string;
  @ApiProperty({ example: '40.00', description: 'NET amount of the line as transferred.' }) lineNet!: string;
  @ApiProperty({ format: 'date-time' }) transferredAt!: string;
}

@ApiExtraModels(OrderCartLineResponse)
export class OrderLineResponse {
  @ApiProperty() lineNumber!: number;
  @ApiProperty({ nullable: true, type: String, description: 'The cart line key as sent.' })
  cartLineKey!: string | null;
  @ApiProperty({ nullable: true, type: String }) offerId!: string | null;
  @ApiProperty({ description: "The supplier the line goes to (the offer's vendor); empty when unknown." })
  supplier!: string;
  @ApiProperty({ nullable: true, type: String }) supplierPartId!: string | null;
  @ApiProperty() description!: string;
  @ApiProperty({ example: '10', description: 'Decimal string.' }) quantity!: string;
  @ApiProperty({ nullable: true, type: String, example: 'PCE' }) unit!: string | null;
  @ApiProperty({ example: '4.00', description: 'NET price of priceUnit units as ordered.' })
  unitPrice!: string;
  @ApiProperty() priceUnit!: number;
  @ApiProperty({ example: 'EUR' }) currency!: string;
  @ApiProperty({
    example: '40.00',
    description: "NET amount: unitPrice x quantity / priceUnit, rounded to the currency's minor unit.",
  })
  lineNet!: string;
  @ApiProperty({ description: 'cXML isAdHoc: typed in by the buyer.' }) adHoc!: boolean;
  @ApiProperty({ type: [OrderFindingResponse] }) findings!: OrderFindingResponse[];
  @ApiProperty({
    // OpenAPI 3.0 cannot make a $ref nullable: an alternative that is only null.
    oneOf: [{ $ref: getSchemaPath(OrderCartLineResponse) }, { type: 'object', nullable: true, enum: [null] }],
    description: 'The transferred cart line its key names; null when none (not from a punchout).',
  })
  cartLine!: OrderCartLineResponse | null;
}

export class OrderDeliveryAttemptResponse {
  @ApiProperty({ format: 'date-time' }) attemptedAt!: string;
  @ApiProperty({ enum: ['delivered', 'failed'] }) outcome!: string;
  @ApiProperty({ nullable: true, type: Number }) httpStatus!: number | null;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
  @ApiProperty() durationMs!: number;
}

export class OrderDeliveryResponse {
  @ApiProperty() supplier!: string;
  @ApiProperty({
    enum: [...DELIVERY_STATUSES],
    description:
      'pending: the supplier has no order endpoint; queued: waiting for its (next) try; delivered; failed: ' +
      'retries gave up (gateway orders redeliver).',
  })
  status!: DeliveryStatus;
  @ApiProperty({ description: 'Sent with every try: the supplier sees one order however often it is sent.' })
  idempotencyKey!: string;
  @ApiProperty() attempts!: number;
  @ApiProperty({ nullable: true, type: String }) lastError!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) deliveredAt!: string | null;
  @ApiPropertyOptional({
    type: [OrderDeliveryAttemptResponse],
    description: 'Every try (order details only).',
  })
  tries?: OrderDeliveryAttemptResponse[];
}

export class OrderSummaryResponse {
  @ApiProperty({ description: "The gateway's id of the order (GET /api/v1/orders/{id})." }) id!: string;
  @ApiProperty({ description: "The buyer's own order id." }) orderId!: string;
  @ApiProperty() version!: number;
  @ApiProperty({ enum: ['new', 'update', 'delete'] }) operation!: string;
  @ApiProperty({ enum: ['json', 'cxml'] }) channel!: string;
  @ApiProperty({
    enum: ['accepted', 'cancelled'],
    description: 'accepted; cancelled: a later version deleted it.',
  })
  status!: string;
  @ApiProperty({ format: 'date-time' }) receivedAt!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) orderDate!: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The buyer's e-mail (JSON orders)." })
  buyer!: string | null;
  @ApiProperty({
    enum: [...FINDING_CODES],
    isArray: true,
    description: "Every line's finding codes, once each.",
  })
  findings!: string[];
  @ApiProperty({ type: [String], description: 'The suppliers the order goes to.' }) suppliers!: string[];
  @ApiProperty({
    nullable: true,
    type: String,
    example: '40.00',
    description: "NET total: the lines' net amounts added up; null when the lines are in several currencies.",
  })
  totalNet!: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'EUR' }) currency!: string | null;
  @ApiProperty({ type: [OrderDeliveryResponse] }) deliveries!: OrderDeliveryResponse[];
}

export class OrderResponse extends OrderSummaryResponse {
  @ApiProperty({ type: [OrderLineResponse] }) lines!: OrderLineResponse[];
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'The exact document received (with ?document=true).',
  })
  document?: string | null;
  @ApiProperty({ description: 'SHA-256 of the document received (hex), as in the audit trail.' })
  documentSha256!: string;
  @ApiProperty({ description: 'Media type of the document received.' }) mediaType!: string;
}

export class OrderPageResponse {
  @ApiProperty({ type: [OrderSummaryResponse] }) data!: OrderSummaryResponse[];
  @ApiProperty({ nullable: true, type: String, description: 'Cursor of the next page; null on the last.' })
  next!: string | null;
}
