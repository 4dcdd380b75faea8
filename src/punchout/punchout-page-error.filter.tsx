import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuditEventTypes } from '../audit/audit-event';
import { isDatabaseUnavailable } from '../common/filters/database-errors';
import { ApiError } from '../common/http/api-error';
import { AppConfig } from '../config/app-config';
import { PunchoutSession, PunchoutStatus } from '../generated/prisma/client';
import { pickLanguage } from '../web/language';
import { frameAncestorsSource, sendPage } from '../web/page-security';
import { renderPage } from '../web/render-page';
import { PunchoutSessionsService } from './punchout-sessions.service';
import { messagesFor } from './punchout.messages';
import { MessagePage } from './views/message.page';
import { emptyCartForm } from './views/shop-view.models';

/** As the API's 503 (src/common/filters/error-response.ts). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Errors on the buyer's pages answer an HTML page in the buyer's language, not the API's JSON: a 4xx
 * (e.g. a malformed form) says the request was not accepted, anything else is a logged 500 page.
 * A 5xx on a page of an open session ends it: FAILED with its `punchout.failed` event (one
 * transaction), and the page sends the empty cart back to the HOOK_URL, as OCI expects on
 * any failure. The reason names the request id, never the error's text.
 */
@Catch()
export class PunchoutPageErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('PunchoutPages');

  constructor(
    private readonly config: AppConfig,
    private readonly sessions: PunchoutSessionsService,
  ) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    // An unreachable database is an outage, not this session's failure: 503 with Retry-After, the
    // session and its cart are kept, and the buyer reloads once it is back (the API answers 503 too).
    const unavailable = !(exception instanceof HttpException) && isDatabaseUnavailable(exception);
    const status = exception instanceof HttpException ? exception.getStatus() : unavailable ? 503 : 500;
    const header = request.headers['accept-language'];
    const lang = pickLanguage(typeof header === 'string' ? header : undefined, this.config.defaultLanguage);
    const t = messagesFor(lang);
    const failedSession = status >= 500 && !unavailable ? await this.failSession(exception, request) : null;
    const title = unavailable
      ? t.outageTitle
      : status === 404
        ? t.notFoundTitle
        : status === 429
          ? t.tooManyTitle
          : status < 500
            ? t.badRequestTitle
            : t.failedTitle;
    const text = unavailable
      ? t.outage
      : status === 404
        ? t.notFound
        : status === 429
          ? t.tooMany
          : status < 500
            ? t.csrf
            : t.failed;
    // Headers the error carries (Retry-After of a 429) reach the browser.
    if (exception instanceof ApiError) void reply.headers(exception.headers);
    if (unavailable) {
      this.logger.warn({ reqId: request.id }, 'punchout page: the database is unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    const returnForm = failedSession ? emptyCartForm(failedSession, true) : undefined;
    sendPage(
      reply,
      renderPage(
        <MessagePage
          lang={lang}
          t={t}
          title={title}
          text={text}
          {...(returnForm ? { hint: t.transferHint, returnForm } : {})}
        />,
      ),
      {
        status: status >= 400 && status < 600 ? status : 500,
        // The empty cart's form posts to the session's HOOK_URL: its origin joins form-action.
        formActions: failedSession ? [new URL(failedSession.callbackUrl).origin] : [],
        frameAncestors: frameAncestorsSource(
          failedSession ? [new URL(failedSession.callbackUrl).origin] : [],
          this.config.punchout.frameAncestors,
        ),
      },
    );
  }

  /**
   * Logs the error and, when the URL names an open session, closes it FAILED (recorded). Returns the
   * session when this request closed it (its page then sends the empty cart), else null. A failure
   * here (the database is down) is logged and leaves the plain 500 page.
   */
  private async failSession(exception: unknown, request: FastifyRequest): Promise<PunchoutSession | null> {
    this.logger.error({ err: exception, reqId: request.id }, 'punchout page failed');
    const key = (request.params as { key?: unknown } | undefined)?.key;
    if (typeof key !== 'string') return null;
    try {
      const resolved = await this.sessions.resolve(key);
      if (resolved.kind !== 'open') return null;
      const reason = `internal error, request id ${request.id}`;
      const closed = await this.sessions.close(
        resolved.session,
        PunchoutStatus.FAILED,
        AuditEventTypes.punchoutFailed,
        {
          reason,
        },
      );
      // Reloaded: its returnedFields are the empty cart the page posts (a cXML session's order message).
      return closed ? await this.sessions.reload(resolved.session.id) : null;
    } catch (error) {
      this.logger.error(
        { err: error, reqId: request.id },
        'punchout page failed: the session could not be closed',
      );
      return null;
    }
  }
}
