import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from './error-response';

/**
 * Answers an error on a browser page's URL as an HTML page instead of JSON: the global filter asks
 * it first. Errors raised before a page's own handler runs (a body too large or of the wrong type,
 * an unknown page path, an internal fault of a page without a filter of its own) reach the global
 * filter, not the page's. Provided by the page toolkit (src/web), which knows how pages look.
 */
export abstract class PageErrorResponder {
  /** Whether the request is for a browser page. */
  abstract handles(request: FastifyRequest): boolean;
  /** Sends `error` as an HTML page (its status and headers kept). */
  abstract send(request: FastifyRequest, reply: FastifyReply, error: ErrorResponse): void;
}
