import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from './error-response';

/**
 * Answers an error on a browser page's URL as an HTML page instead of JSON: the global filter asks
 * it first, for errors of page handlers and for those raised before a handler runs (a body too
 * large or of the wrong type, an unknown page path). Provided by the page toolkit (src/web), which
 * knows how pages look.
 */
export abstract class PageErrorResponder {
  /** Whether the request is for a browser page. */
  abstract handles(request: FastifyRequest): boolean;
  /** Sends `error` (from `exception`) as an HTML page, its status and headers kept; never rejects. */
  abstract send(
    request: FastifyRequest,
    reply: FastifyReply,
    error: ErrorResponse,
    exception: unknown,
  ): Promise<void>;
}
