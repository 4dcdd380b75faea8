import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** The request's raw query string (after "?"). */
export function rawQueryStringOf(request: { url?: string }): string {
  const url = request.url ?? '';
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

/** The request's raw query string (after "?"), to bound its length before anything else. */
export const RawQueryString = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  rawQueryStringOf(context.switchToHttp().getRequest<{ url?: string }>()),
);
