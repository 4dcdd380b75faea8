import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Clock } from '../../common/clock/clock';
import type { ErrorResponse } from '../../common/filters/error-response';
import { AppConfig } from '../../config/app-config';
import { PageAreas, RegisteredPageArea } from '../../web/page-areas';
import { CXML_SETUP_ROUTE } from './cxml-body.parser';
import { newEnvelope } from './cxml-envelope';
import { buildStatusResponse, CxmlStatusCode } from './cxml-response.builder';

/** The statuses a refusal keeps as its cXML code; 503 is cXML's 560, any other 4xx a 400, any 5xx a 500. */
const KEPT: ReadonlySet<number> = new Set([400, 401, 403, 406, 409, 413, 415, 429, 500]);

function cxmlCodeOf(status: number): CxmlStatusCode {
  if (KEPT.has(status)) return status as CxmlStatusCode;
  if (status === 503) return 560;
  return status >= 500 ? 500 : 400;
}

/**
 * Errors at the cXML setup's URL (`/punchout/cxml`), raised before or around its handler: no or
 * another Content-Type, a body the JSON or form parser refused, the per-address limit, an unknown
 * method. A buyer's procurement suite reads a cXML Status and no HTML, so each is answered as one, in
 * an HTTP 200 like every other answer of the route, with the error's own text (a 500's says nothing
 * more) and its Retry-After. The shop's page area, whose prefix this URL is under, answers the rest.
 */
@Injectable()
export class CxmlErrorArea extends RegisteredPageArea {
  readonly prefix = CXML_SETUP_ROUTE;
  private readonly logger = new Logger('CxmlSetup');
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
      const code = cxmlCodeOf(error.status);
      const document = buildStatusResponse(
        newEnvelope(this.host, this.clock.now(), 'en'),
        code,
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
