import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const IS_PUBLIC_KEY = 'isPublic';

/** The OpenAPI marker of a public operation; buildOpenApiDocument turns it into `security: []`. */
export const PUBLIC_OPERATION_EXTENSION = 'x-public';

/**
 * Opts a route out of the global bearer guard (token endpoint, health, images, browser pages). The
 * same decorator clears the route's OpenAPI security requirement (the document requires the bearer
 * scheme globally), so the docs cannot say a route is guarded when it is not, or vice versa.
 *
 * @nestjs/swagger drops an empty security list set on a method (and does not export its metadata key
 * for classes), so the route carries the `x-public` extension instead, on a class or a method alike,
 * and the document builder replaces it with `security: []` (src/bootstrap/openapi.ts).
 */
export const Public = () =>
  applyDecorators(SetMetadata(IS_PUBLIC_KEY, true), ApiExtension(PUBLIC_OPERATION_EXTENSION, true));
