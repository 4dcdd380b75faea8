import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { rawQueryStringOf } from './raw-query-string.decorator';

/**
 * A search's input: the raw query string (its length and encoding are checked first) and the parsed
 * query parameters. Typed `SearchParamsDto`, so the global pipe validates it by its schema and the
 * route receives the SearchRequest.
 */
export const SearchQuery = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<{ url?: string; query?: unknown }>();
  return { rawQuery: rawQueryStringOf(request), params: request.query ?? {} };
});
