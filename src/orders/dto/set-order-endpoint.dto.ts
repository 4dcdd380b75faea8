import { z } from 'zod';
import { InputSchema } from '../../common/validation/input-schema';

const setOrderEndpoint = z.strictObject({
  supplier: z
    .string({ error: '<supplier> is required' })
    .trim()
    .min(1, '<supplier> must not be blank')
    .max(200, '<supplier> is longer than 200 characters'),
  url: z
    .string({ error: '--url is required: where the supplier takes its orders' })
    .max(2048, '--url is longer than 2048 characters')
    .refine((text) => URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol), {
      error: '--url must be an http:// or https:// URL',
    }),
  format: z.enum(['cxml', 'json'], { error: '--format must be cxml or json' }),
});

/** `gateway supplier set-order-endpoint <supplier> --url <url> --format cxml|json`. */
export class SetOrderEndpointDto extends InputSchema(setOrderEndpoint) {}
