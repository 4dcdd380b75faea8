import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../common/http/api-error';
import { AppConfig } from '../config/app-config';
import { pickLanguage } from '../web/language';
import { sendPage } from '../web/page-security';
import { renderPage } from '../web/render-page';
import { messagesFor } from './punchout.messages';
import { MessagePage } from './views/message.page';

/**
 * Errors on the buyer's pages answer an HTML page in the buyer's language, not the API's JSON: a 4xx
 * (e.g. a malformed form) says the request was not accepted, anything else is a logged 500 page.
 */
@Catch()
export class PunchoutPageErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('PunchoutPages');

  constructor(private readonly config: AppConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    const header = request.headers['accept-language'];
    const lang = pickLanguage(typeof header === 'string' ? header : undefined, this.config.defaultLanguage);
    const t = messagesFor(lang);
    if (status >= 500) {
      this.logger.error({ err: exception, reqId: request.id }, 'punchout page failed');
    }
    const title =
      status === 404
        ? t.notFoundTitle
        : status === 429
          ? t.tooManyTitle
          : status < 500
            ? t.badRequestTitle
            : t.failedTitle;
    const text = status === 404 ? t.notFound : status === 429 ? t.tooMany : status < 500 ? t.csrf : t.failed;
    // Headers the error carries (Retry-After of a 429) reach the browser.
    if (exception instanceof ApiError) void reply.headers(exception.headers);
    sendPage(reply, renderPage(<MessagePage lang={lang} t={t} title={title} text={text} />), {
      status: status >= 400 && status < 600 ? status : 500,
      frameAncestors: this.config.punchout.frameAncestors,
    });
  }
}
