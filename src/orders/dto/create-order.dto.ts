import { z } from 'zod';
import { InputSchema } from '../../common/validation/input-schema';

/** Most lines one order may have (an order larger than a cart is not a punchout's order). */
export const MAX_ORDER_LINES = 500;

// eslint-disable-next-line no-control-regex -- control characters are what the pattern refuses
const PRINTABLE = /^[^\u0000-\u001f\u007f]+$/;

const decimal = (field: string, digits: number, example: string) =>
  z
    .union([z.string(), z.number()], { error: `${field} is required: a decimal such as ${example}` })
    .transform((value) => (typeof value === 'number' ? String(value) : value))
    .pipe(
      z
        .string()
        .regex(
          new RegExp(`^\\d{1,10}(\\.\\d{1,${digits}})?$`),
          `${field} must be a non-negative decimal with at most ${digits} decimals, such as ${example}`,
        ),
    );

const orderLine = z
  .strictObject({
    cartLineKey: z
      .string()
      .min(1, 'lines[].cartLineKey must not be empty')
      .max(100, 'lines[].cartLineKey is longer than 100 characters')
      .regex(PRINTABLE, 'lines[].cartLineKey must not contain control characters')
      .optional()
      .meta({
        description:
          "The key the transferred cart gave the line, sent back unchanged: cXML SupplierPartAuxiliaryID, or OCI NEW_ITEM-EXT_QUOTE_ID (the whole key; with quoteItem also the key's cart part alone). Absent for a line typed in.",
        example: 'kX2v7Qm0b1Yw9nR4tPz8aA.1',
      }),
    quoteItem: z
      .union([z.string(), z.number()])
      .transform((value) => String(value))
      .pipe(z.string().regex(/^\d{1,10}$/, 'lines[].quoteItem must be a line number of at most 10 digits'))
      .optional()
      .meta({
        description:
          "OCI NEW_ITEM-EXT_QUOTE_ITEM as SAP carried it (the key's line number, zero-padded or not), beside cartLineKey holding EXT_QUOTE_ID.",
        example: '0000000001',
      }),
    offerId: z
      .string()
      .min(1, 'lines[].offerId must not be empty')
      .max(64, 'lines[].offerId is longer than 64 characters')
      .regex(PRINTABLE, 'lines[].offerId must not contain control characters')
      .optional()
      .meta({ description: 'The offer of a line typed in (no cart line key).', example: 'pen-1-a' }),
    description: z
      .string()
      .trim()
      .min(1, 'lines[].description must not be blank')
      .max(500, 'lines[].description is longer than 500 characters')
      .regex(PRINTABLE, 'lines[].description must not contain control characters')
      .optional()
      .meta({ description: "What is ordered, in the buyer's words (default: the offer's product name)." }),
    quantity: decimal('lines[].quantity', 4, '10').meta({
      description: 'Quantity ordered, in `unit`.',
      example: '10',
    }),
    unitPrice: decimal('lines[].unitPrice', 4, '4.00').meta({
      description: 'NET price of `priceUnit` units, decimal string (exact).',
      example: '4.00',
    }),
    priceUnit: z
      .int('lines[].priceUnit must be a whole number')
      .min(1, 'lines[].priceUnit must be at least 1')
      .max(1_000_000, 'lines[].priceUnit must be at most 1000000')
      .default(1)
      .meta({ description: 'The quantity unitPrice is for (1 unless priced per N).' }),
    currency: z
      .string({ error: 'lines[].currency is required: an ISO 4217 code such as EUR' })
      .regex(/^[A-Z]{3}$/, 'lines[].currency must be an ISO 4217 code such as EUR'),
    unit: z
      .string()
      .regex(/^[A-Z0-9]{1,3}$/, 'lines[].unit must be a UN/ECE Rec. 20 code such as PCE')
      .optional()
      .meta({ description: 'UN/ECE Rec. 20 unit code.', example: 'PCE' }),
  })
  .refine((line) => line.quoteItem === undefined || line.cartLineKey !== undefined, {
    error: 'lines[].quoteItem needs the cartLineKey (EXT_QUOTE_ID) it is the item of',
  })
  .refine((line) => line.cartLineKey !== undefined || line.offerId !== undefined, {
    error: 'each line needs a cartLineKey (a line from a punchout cart) or an offerId (a line typed in)',
  })
  .refine((line) => Number(line.quantity) > 0, { error: 'lines[].quantity must be greater than 0' });

const createOrder = z.strictObject({
  orderId: z
    .string({ error: "orderId is required: the buyer's own order id" })
    .trim()
    .min(1, 'orderId must not be blank')
    .max(100, 'orderId is longer than 100 characters')
    .regex(PRINTABLE, 'orderId must not contain control characters')
    .meta({
      description:
        "The buyer's own order id. Sending the same order again returns it (200); different content under the same id is refused (409).",
      example: 'PO-2026-000117',
    }),
  orderDate: z.iso
    .datetime({ offset: true, error: 'orderDate must be an ISO 8601 date-time such as 2026-11-29T10:00:00Z' })
    .optional()
    .meta({ description: "The buyer's order date." }),
  lines: z
    .array(orderLine, { error: 'lines is required: the ordered lines' })
    .min(1, 'lines must have at least one line')
    .max(MAX_ORDER_LINES, `lines must have at most ${MAX_ORDER_LINES} lines`),
});

/** A purchase order from an in-house system: `POST /api/v1/orders`. */
export class CreateOrderDto extends InputSchema(createOrder) {}
