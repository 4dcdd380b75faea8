import { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../common/clock/clock';
import type { ErrorResponse } from '../common/filters/error-response';
import type { AppConfig } from '../config/app-config';
import { PageAreas, RegisteredPageArea } from '../web/page-areas';
import { newEnvelope } from './cxml-envelope';
import { buildStatusResponse, cxmlCodeOf } from './cxml-status.builder';

/**
 * Errors at a cXML entry's URL, raised before or around its handler: no or another Content-Type, a
 * body the JSON or form parser refused, the per-address limit, an unknown method. A buyer's
 * procurement suite reads a cXML Status and no HTML, so each is answered as one, in an HTTP 200 like
 * every other answer of the route, with the error's own text (a 500's says nothing more) and its
 * Retry-After. Each entry registers one for its URL (the prefix).
 */
export abstract class CxmlStatusErrorArea extends RegisteredPageArea {
  private readonly logger = new Logger(this.constructor.name);
  private readonly host: string;

  constructor(
    areas: PageAreas,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    super(areas);
    this.host = new URL(config.publicUrl).hostname;
  }

  respond(request: FastifyRequest, reply: FastifyReply, error: ErrorResponse): boolean {
    try {
      const document = buildStatusResponse(
        newEnvelope(this.host, this.clock.now(), 'en'),
        cxmlCodeOf(error.status),
        error.body.error_description,
      );
      void reply
        .code(200)
        .headers(error.headers)
        .header('content-type', 'text/xml; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(document);
      return true;
    } catch (failure) {
      this.logger.error({ err: failure, reqId: request.id }, 'the cXML error answer could not be built');
      return false;
    }
  }
}
