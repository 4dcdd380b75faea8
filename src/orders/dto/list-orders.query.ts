import { z } from 'zod';
import { InputSchema } from '../../common/validation/input-schema';
import { FINDING_CODES } from '../order-findings';
import { DELIVERY_STATUSES } from './order.response';

export const MAX_ORDER_PAGE = 100;

const instant = (name: string) =>
  z
    .string()
    .regex(
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/,
      `${name} must be a date (YYYY-MM-DD, UTC) or a date-time with a time zone (Z or +hh:mm)`,
    )
    .transform((text) => new Date(text.length === 10 ? `${text}T00:00:00Z` : text))
    .refine(
      (date) =>
        !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1970 && date.getUTCFullYear() <= 9999,
      {
        error: `${name} is not a date that exists`,
      },
    );

const listOrders = z.strictObject({
  from: instant('from')
    .optional()
    .meta({ description: 'Received at or after (ISO 8601; a date is that UTC day).' }),
  to: instant('to').optional().meta({ description: 'Received before (exclusive).' }),
  buyer: z
    .string()
    .max(320, 'buyer is longer than 320 characters')
    .transform((text) => text.trim().toLowerCase())
    .optional()
    .meta({ description: "The buyer's e-mail (JSON orders)." }),
  supplier: z.string().max(200, 'supplier is longer than 200 characters').optional().meta({
    description: 'Orders with at least one line for this supplier.',
  }),
  finding: z
    .enum(FINDING_CODES, { error: `finding must be one of ${FINDING_CODES.join(', ')}` })
    .optional()
    .meta({ description: 'Orders with this finding.' }),
  delivery: z
    .enum(DELIVERY_STATUSES, { error: `delivery must be one of ${DELIVERY_STATUSES.join(', ')}` })
    .optional()
    .meta({ description: 'Orders with a delivery in this state.' }),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_ORDER_PAGE}` })
    .int(`limit must be a whole number from 1 to ${MAX_ORDER_PAGE}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_ORDER_PAGE}`)
    .max(MAX_ORDER_PAGE, `limit must be a whole number from 1 to ${MAX_ORDER_PAGE}`)
    .default(25),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor must be the next of a previous page')
    .optional()
    .meta({ description: 'The `next` of the previous page, unchanged.' }),
});

export class ListOrdersQuery extends InputSchema(listOrders) {}

const orderDetail = z.strictObject({
  document: z
    .enum(['true', 'false'], { error: 'document must be true or false' })
    .transform((text) => text === 'true')
    .optional()
    .meta({ description: 'Include the exact document received.' }),
});

export class OrderDetailQuery extends InputSchema(orderDetail) {}
