import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { PageLanguage } from './language';

/** A page request once its area's guard ran: the visitor's language, and what the area resolved. */
export interface PageRequest extends FastifyRequest {
  pageLanguage?: PageLanguage;
}

/** The visitor's language, negotiated by the page area's guard (PageAreaGuard). */
export const PageLang = createParamDecorator((_: unknown, context: ExecutionContext): PageLanguage => {
  const language = context.switchToHttp().getRequest<PageRequest>().pageLanguage;
  if (!language) throw new Error('a page route without a page area guard');
  return language;
});
