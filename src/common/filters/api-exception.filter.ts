import { ArgumentsHost, Catch, ExceptionFilter, Logger, Optional } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from '../http/redact-url';
import { errorResponseFor } from './error-response';
import { PageErrorResponder } from './page-error.responder';

/**
 * The global filter: every error leaves in our shape (see errorResponseFor), on a browser page's URL
 * as an HTML page (PageErrorResponder). Nest also routes Fastify's own errors (body parsing, size
 * limits, unknown routes) through it.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(@Optional() private readonly pages?: PageErrorResponder) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, body, headers } = errorResponseFor(exception, request);
    if (status >= 500) {
      this.logger.error(
        {
          err: exception,
          reqId: request?.id,
          method: request?.method,
          url: redactUrl(request?.url?.split('?')[0]),
        },
        `request failed with ${status}`,
      );
    }
    if (this.pages?.handles(request)) {
      return void this.pages.send(request, reply, { status, body, headers }, exception).catch((error) => {
        this.logger.error({ err: error, reqId: request?.id }, 'the error page could not be sent');
        if (!reply.sent) void reply.status(status).headers(headers).send(body);
      });
    }
    void reply.status(status).headers(headers).send(body);
  }
}
