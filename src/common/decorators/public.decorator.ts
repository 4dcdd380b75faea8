import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { DECORATORS } from '@nestjs/swagger/dist/constants';

export const IS_PUBLIC_KEY = 'isPublic';

/** The OpenAPI marker of a public operation; buildOpenApiDocument turns it into `security: []`. */
export const PUBLIC_OPERATION_EXTENSION = 'x-public';

/**
 * Opts a route out of the global bearer guard (token endpoint, health, images, browser pages). The
 * same decorator clears the route's OpenAPI security requirement (the document requires the bearer
 * scheme globally), so the docs cannot say a route is guarded when it is not, or vice versa.
 *
 * Two OpenAPI halves because @nestjs/swagger keeps an empty security list only on a controller class:
 * on a method it drops it as "empty". The `x-public` extension survives on both, and the document
 * builder replaces it with `security: []` (src/bootstrap/openapi.ts).
 */
export const Public = () =>
  applyDecorators(
    SetMetadata(IS_PUBLIC_KEY, true),
    SetMetadata(DECORATORS.API_SECURITY, []),
    ApiExtension(PUBLIC_OPERATION_EXTENSION, true),
  );
