import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { PUNCHOUT_STATUSES, SESSION_OUTCOMES } from '../session-record';

export class VatShareResponse {
  @ApiProperty({ example: '19', description: 'VAT rate in percent.' }) rate!: string;
  @ApiProperty({ example: '141.28', description: "Net amount of the lines at this rate (the VAT's base)." })
  net!: string;
  @ApiProperty({
    example: '26.84',
    description: 'VAT at this rate: once on the net amount, rounded half-up.',
  })
  vat!: string;
}

export class CurrencyTotalResponse {
  @ApiProperty({ example: 'EUR' }) currency!: string;
  @ApiProperty({
    example: '168.13',
    description:
      "NET total: the lines' net amounts added up (each unit price x quantity / price unit, rounded to the " +
      "currency's minor unit). Decimal string in the currency's minor unit.",
  })
  net!: string;
  @ApiProperty({ type: [VatShareResponse], description: 'VAT per rate, highest rate first.' })
  vat!: VatShareResponse[];
  @ApiProperty({ example: '31.94', description: 'The VAT amounts of all rates added up.' })
  vatTotal!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '200.07',
    description: 'GROSS total: net plus the VAT amounts; null when some line does not state its VAT rate.',
  })
  gross!: string | null;
}

export class AuditActorResponse {
  @ApiPropertyOptional({ nullable: true, type: String }) userId!: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: "The user's e-mail, where the user exists.",
  })
  email!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Database id of the OAuth client.' })
  clientId!: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'For actors that are not users, e.g. "cli:root".',
  })
  label!: string | null;
}

export class AuditSessionSummary {
  @ApiProperty({ description: 'Database id; use it with GET /api/v1/audit/sessions/{id}.' }) id!: string;
  @ApiProperty({ description: 'The id in the buyer-facing URLs and support references.' }) publicId!: string;
  @ApiProperty({
    enum: ['rest', 'oci-callup', 'cxml'],
    description: "How the session started: the REST API, SAP's OCI call-up, or a cXML setup request.",
  })
  protocol!: string;
  @ApiProperty({ enum: PUNCHOUT_STATUSES }) status!: string;
  @ApiProperty({ enum: SESSION_OUTCOMES, description: '`open` while the buyer may still act.' })
  outcome!: string;
  @ApiProperty() userEmail!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'The product the session started on; null when an OCI call-up started without one.',
  })
  productId!: string | null;
  @ApiProperty({ nullable: true, type: String }) productName!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String }) openedAt!: string | null;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String }) closedAt!: string | null;
  @ApiProperty({ description: 'Lines in the cart.' }) itemCount!: number;
  @ApiProperty({
    type: [CurrencyTotalResponse],
    description:
      "Cart totals per currency, from the cart's lines as stored (a transferred cart: as posted): net, VAT per rate, gross.",
  })
  cartTotals!: CurrencyTotalResponse[];
}

export class AuditSessionPage {
  @ApiProperty({ type: [AuditSessionSummary], description: 'Newest first.' }) items!: AuditSessionSummary[];
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'Pass as `cursor` for the next page; null on the last.',
  })
  nextCursor!: string | null;
}

export class AuditEventResponse {
  @ApiProperty({ description: "Position in the organization's chain (1, 2, 3, ...)." }) sequence!: number;
  @ApiProperty({ format: 'date-time' }) occurredAt!: string;
  @ApiProperty({ example: 'punchout.transferred' }) type!: string;
  @ApiProperty({ type: AuditActorResponse }) actor!: AuditActorResponse;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'Punchout session the event belongs to.',
  })
  sessionId!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Per type: see docs/audit.md.' })
  payload!: unknown;
  @ApiProperty({ description: 'Hex SHA-256 of the previous event (64 zeros for the first).' })
  prevHash!: string;
  @ApiProperty({ description: 'Hex SHA-256 chaining this event.' }) hash!: string;
}

export class AuditEventPage {
  @ApiProperty({ type: [AuditEventResponse], description: 'In chain order.' }) items!: AuditEventResponse[];
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'Pass as `cursor` for the next page; null on the last.',
  })
  nextCursor!: string | null;
}

export class AuditCartItemResponse {
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Null once the offer left the catalog.' })
  offerId!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) productId!: string | null;
  @ApiProperty({ description: "The product's name, or the line's label once the offer is gone." })
  productName!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) vendor!: string | null;
  @ApiProperty() quantity!: number;
  @ApiProperty({
    example: '38.03',
    description:
      "NET unit price of `priceUnit` units, as sent (OCI PRICE, cXML UnitPrice): in the currency's minor unit; " +
      'lines transferred before that rule keep the four decimals they were posted with (38.0252).',
  })
  netUnitPrice!: string;
  @ApiProperty({ example: 1, description: 'The quantity the unit price refers to (OCI PRICEUNIT).' })
  priceUnit!: number;
  @ApiProperty({ example: 'EUR' }) currency!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '19',
    description: 'VAT rate in percent the line was sent with; null when the offer does not state it.',
  })
  vatRate!: string | null;
  @ApiProperty({
    example: '456.36',
    description: "NET line total: netUnitPrice x quantity / priceUnit, rounded to the currency's minor unit.",
  })
  netLineTotal!: string;
}

export class OciCartLineResponse {
  @ApiProperty({ description: 'n of NEW_ITEM-*[n] (OCI), or the position of the ItemIn (cXML).' })
  line!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description:
      'Field name without NEW_ITEM- and [n] (DESCRIPTION, QUANTITY, PRICE, ...) to value; a cXML ItemIn in the same names (VENDORMAT: SupplierPartID, EXT_QUOTE_ID: SupplierPartAuxiliaryID holding the line key, or OFFER when it holds an offer id, UNSPSC, ...).',
  })
  values!: Record<string, string>;
  @ApiPropertyOptional({ description: 'NEW_ITEM-LONGTEXT_n:132[] parts, joined (cXML: the Description).' })
  longText?: string;
}

export class TransferredCartResponse {
  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
    description:
      'Every field posted to the HOOK_URL as [name, value], in posted order, byte-exact (cXML: the one field cxml-urlencoded or cxml-base64 with the order message).',
  })
  fields!: Array<[string, string]>;
  @ApiProperty({
    type: [OciCartLineResponse],
    description: 'The NEW_ITEM-* fields grouped by line, or the ItemIn lines of a cXML order message.',
  })
  lines!: OciCartLineResponse[];
}

@ApiExtraModels(TransferredCartResponse)
export class AuditSessionDetail extends AuditSessionSummary {
  @ApiProperty() callbackUrl!: string;
  @ApiProperty() target!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) requesterName!: string | null;
  @ApiPropertyOptional({ nullable: true, type: 'object', additionalProperties: true }) shipTo!: unknown;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'Why the session failed or expired, as recorded in its closing event.',
  })
  closeReason!: string | null;
  @ApiProperty({ type: [AuditCartItemResponse], description: 'The cart as stored now.' })
  cartItems!: AuditCartItemResponse[];
  // OpenAPI 3.0 cannot make a $ref nullable (nullable does not reach into allOf), hence the
  // explicit alternative that is only null.
  @ApiProperty({
    oneOf: [
      { $ref: getSchemaPath(TransferredCartResponse) },
      { type: 'object', nullable: true, enum: [null] },
    ],
    description: 'What was posted back to the procurement system; null if nothing was posted.',
  })
  transferred!: TransferredCartResponse | null;
  @ApiProperty({ type: [AuditEventResponse], description: "The session's events in chain order." })
  events!: AuditEventResponse[];
}

export class ConsoleLinkResponse {
  @ApiProperty({
    description: 'Open in a browser within 10 minutes; works once.',
    example: 'https://gateway.example.com/audit/console/sign-in?token=mpgl_...',
  })
  url!: string;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
}
