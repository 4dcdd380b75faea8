import { applyDecorators, SetMetadata } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger/dist/constants';

export const IS_PUBLIC_KEY = 'isPublic';

/**
 * Opts a route out of the global bearer guard (token endpoint, health, browser punchout pages).
 * The same decorator clears the route's OpenAPI security requirement (the document requires the
 * bearer scheme globally), so the docs cannot say a route is guarded when it is not, or vice versa.
 */
export const Public = () =>
  applyDecorators(SetMetadata(IS_PUBLIC_KEY, true), SetMetadata(DECORATORS.API_SECURITY, []));
