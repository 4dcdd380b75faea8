import { z } from 'zod';
import { InputSchema } from '../../common/validation/input-schema';
import { SUPPLIER_SLUG_PATTERN } from '../../supplier/dto/create-supplier.dto';

const catalogImportQuery = z.strictObject({
  supplier: z
    .string({ error: 'supplier is required (the slug of a supplier, GET /api/v1/suppliers)' })
    .regex(SUPPLIER_SLUG_PATTERN, 'supplier must be a supplier slug (GET /api/v1/suppliers)')
    .meta({
      description: "The supplier whose catalog the body is: the marketplace's or your own.",
      example: 'weidmueller',
    }),
  format: z
    .enum(['bmecat', 'cif', 'cxml-index'], { error: 'format must be bmecat, cif or cxml-index' })
    .optional()
    .meta({ description: 'The file format; by default recognized from the content.' }),
});

/** `POST /api/v1/catalog/imports?supplier=<slug>[&format=...]`. */
export class CatalogImportQuery extends InputSchema(catalogImportQuery) {}
