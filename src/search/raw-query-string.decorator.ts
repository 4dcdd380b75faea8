import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** The request's raw query string (after "?"), to bound its length before anything else. */
export const RawQueryString = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const url = context.switchToHttp().getRequest<{ url?: string }>().url ?? '';
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
});
