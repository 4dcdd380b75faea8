import { z } from 'zod';
import { InputSchema } from '../../common/validation/input-schema';

/** Supplier slugs: what `--supplier` and `?supplier=` take (the organizations' slug rule). */
export const SUPPLIER_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,63}$/;

// PostgreSQL text cannot hold NUL, and a name is shown on pages and in OCI/cXML: no control characters.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** How the supplier's files or documents name it (a DUNS number, a BMEcat SUPPLIER_ID). */
const identifier = z.strictObject({
  type: z
    .string({ error: 'identifiers[].type is required' })
    .regex(
      /^[a-z0-9][a-z0-9_.-]{0,39}$/i,
      'identifiers[].type must be 1-40 letters, digits, dots, dashes or underscores (e.g. duns, bmecat)',
    ),
  value: z
    .string({ error: 'identifiers[].value is required' })
    .trim()
    .min(1, 'identifiers[].value must not be blank')
    .max(100, 'identifiers[].value is longer than 100 characters')
    .refine((value) => !CONTROL.test(value), 'identifiers[].value must not contain control characters'),
});

export const createSupplier = z.strictObject({
  slug: z
    .string({ error: 'slug is required' })
    .regex(
      SUPPLIER_SLUG_PATTERN,
      'slug must be 2-64 lower-case letters, digits or dashes, starting with a letter or digit',
    )
    .meta({
      description: 'Short, stable handle (`supplier=` of an import), unique across the gateway.',
      example: 'weidmueller',
    }),
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name must not be blank')
    .max(200, 'name is longer than 200 characters')
    .refine((name) => !CONTROL.test(name), 'name must not contain control characters')
    .meta({ description: "What buyers see as the offers' vendor.", example: 'Weidmüller' }),
  identifiers: z
    .array(identifier)
    .max(10, 'identifiers takes at most 10 entries')
    .default([])
    .meta({ description: 'A DUNS number, a BMEcat SUPPLIER_ID, ... (type and value each).' }),
});

/** A new supplier: `POST /api/v1/suppliers` and `gateway supplier add`. */
export class CreateSupplierDto extends InputSchema(createSupplier) {}
