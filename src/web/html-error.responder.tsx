import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from '../common/filters/error-response';
import { PageErrorResponder } from '../common/filters/page-error.responder';
import { AppConfig } from '../config/app-config';
import { PageLanguage, pickLanguage } from './language';
import { MessagePage } from './message.page';
import { ErrorPageAddition, PageAreas } from './page-areas';
import { PageError, PageMessage } from './page-error';
import type { PageRequest } from './page-request';
import { sendPageResult } from './page-reply';
import { pageResult } from './page-result';

type ErrorText = Pick<PageMessage, 'title' | 'text'>;

export const ERROR_PAGE_TEXTS: Record<
  PageLanguage,
  Record<'400' | '404' | '410' | '413' | '415' | '429' | '503' | '500', ErrorText>
> = {
  en: {
    '400': { title: 'Request not accepted', text: 'The page could not handle this request.' },
    '404': { title: 'Page not found', text: 'There is no page at this address.' },
    '410': { title: 'No longer available', text: 'This page existed but is no longer available.' },
    '413': { title: 'Request too large', text: 'The form sent more data than a page accepts.' },
    '415': { title: 'Content not accepted', text: 'Pages accept HTML forms in UTF-8 only.' },
    '429': { title: 'Too many requests', text: 'Please wait a moment, then try again.' },
    '503': { title: 'Temporarily unavailable', text: 'Please try again in a few seconds.' },
    '500': { title: 'Something went wrong', text: 'The error was logged. Please try again later.' },
  },
  de: {
    '400': { title: 'Anfrage nicht angenommen', text: 'Die Seite konnte diese Anfrage nicht verarbeiten.' },
    '404': { title: 'Seite nicht gefunden', text: 'Unter dieser Adresse gibt es keine Seite.' },
    '410': { title: 'Nicht mehr verfügbar', text: 'Diese Seite gab es, sie ist aber nicht mehr verfügbar.' },
    '413': {
      title: 'Anfrage zu groß',
      text: 'Das Formular hat mehr Daten gesendet, als eine Seite annimmt.',
    },
    '415': { title: 'Inhalt nicht angenommen', text: 'Seiten nehmen nur HTML-Formulare in UTF-8 an.' },
    '429': { title: 'Zu viele Anfragen', text: 'Bitte einen Moment warten und es dann erneut versuchen.' },
    '503': { title: 'Vorübergehend nicht verfügbar', text: 'Bitte in einigen Sekunden erneut versuchen.' },
    '500': {
      title: 'Etwas ist schiefgelaufen',
      text: 'Der Fehler wurde protokolliert. Bitte später erneut versuchen.',
    },
  },
};

function textFor(lang: PageLanguage, status: number): ErrorText {
  const texts = ERROR_PAGE_TEXTS[lang];
  if (status === 404 || status === 405) return texts['404'];
  if (status === 410 || status === 413 || status === 415 || status === 429 || status === 503)
    return texts[String(status) as '410'];
  return status >= 500 ? texts['500'] : texts['400'];
}

/**
 * The one HTML error page of every page area (src/web/page-areas.ts): whatever a page route throws,
 * and what fails before its handler runs (a body too large or of the wrong type, an unknown page
 * path), answers a page in the visitor's language, in the area's frame and wording, with the status
 * and headers (Retry-After) the API would send, the code and request id for support, and the pages'
 * security headers. An area's hook runs first (punchout ends its open session and offers the cart).
 */
@Injectable()
export class HtmlErrorResponder extends PageErrorResponder {
  private readonly logger = new Logger('PageErrors');

  constructor(
    private readonly areas: PageAreas,
    private readonly config: AppConfig,
  ) {
    super();
  }

  handles(request: FastifyRequest): boolean {
    return this.areas.areaOf(request) !== undefined;
  }

  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    error: ErrorResponse,
    exception: unknown,
  ): Promise<void> {
    const area = this.areas.areaOf(request);
    if (area?.respond?.(request, reply, error)) return;
    const lang = (request as PageRequest).pageLanguage ?? this.languageOf(request);
    let addition: ErrorPageAddition | undefined;
    try {
      addition = await area?.onError?.(request, error, exception);
    } catch (hookError) {
      this.logger.error({ err: hookError, reqId: request.id }, 'page error hook failed');
    }
    const message: PageMessage =
      exception instanceof PageError
        ? exception.pageMessage
        : (area?.errorMessage?.(error.status, lang) ?? textFor(lang, error.status));
    void reply.headers(error.headers);
    sendPageResult(
      reply,
      pageResult(
        <MessagePage
          lang={lang}
          {...message}
          {...(addition?.hint ? { hint: addition.hint } : {})}
          documentTitle={area?.documentTitle?.(message.title, lang) ?? message.title}
          styles={area?.styles}
          scripts={addition?.scripts}
          header={area?.header?.(lang)}
          reference={
            exception instanceof PageError
              ? undefined
              : { code: error.body.error, requestId: String(request.id) }
          }
        >
          {addition?.content}
        </MessagePage>,
        error.status,
        {
          formActions: addition?.formActions,
          frameAncestors: addition?.frameAncestors ?? area?.frameAncestors,
        },
      ),
    );
  }

  private languageOf(request: FastifyRequest): PageLanguage {
    const header = request.headers['accept-language'];
    return pickLanguage(typeof header === 'string' ? header : undefined, this.config.defaultLanguage);
  }
}
