import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from '../common/filters/error-response';
import { PageErrorResponder } from '../common/filters/page-error.responder';
import { PageLanguage, pickLanguage } from './language';
import { Layout } from './layout';
import { sendPage } from './page-security';
import { renderPage } from './render-page';

interface ErrorText {
  title: string;
  text: string;
}

export const ERROR_PAGE_TEXTS: Record<
  PageLanguage,
  Record<'400' | '404' | '413' | '415' | '429' | '503' | '500', ErrorText>
> = {
  en: {
    '400': { title: 'Request not accepted', text: 'The page could not handle this request.' },
    '404': { title: 'Page not found', text: 'There is no page at this address.' },
    '413': { title: 'Request too large', text: 'The form sent more data than a page accepts.' },
    '415': { title: 'Content not accepted', text: 'Pages accept HTML forms in UTF-8 only.' },
    '429': { title: 'Too many requests', text: 'Please wait a moment, then try again.' },
    '503': { title: 'Temporarily unavailable', text: 'Please try again in a few seconds.' },
    '500': { title: 'Something went wrong', text: 'The error was logged. Please try again later.' },
  },
  de: {
    '400': { title: 'Anfrage nicht angenommen', text: 'Die Seite konnte diese Anfrage nicht verarbeiten.' },
    '404': { title: 'Seite nicht gefunden', text: 'Unter dieser Adresse gibt es keine Seite.' },
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
  if (status === 413 || status === 415 || status === 429 || status === 503)
    return texts[String(status) as '413'];
  return status >= 500 ? texts['500'] : texts['400'];
}

/**
 * The HTML error page of the browser page areas (URLs under `prefixes`), for errors that reach the
 * global filter: same status and headers (Retry-After) as the API would send, the code and the
 * request id on the page for support, in the visitor's language, with the pages' security headers.
 */
export class HtmlErrorResponder extends PageErrorResponder {
  constructor(
    private readonly prefixes: string[],
    private readonly fallbackLanguage: PageLanguage,
  ) {
    super();
  }

  handles(request: FastifyRequest): boolean {
    const path = request?.url?.split('?')[0] ?? '';
    return this.prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  }

  send(request: FastifyRequest, reply: FastifyReply, error: ErrorResponse): void {
    const header = request.headers['accept-language'];
    const lang = pickLanguage(typeof header === 'string' ? header : undefined, this.fallbackLanguage);
    const { title, text } = textFor(lang, error.status);
    void reply.headers(error.headers);
    sendPage(
      reply,
      renderPage(
        <Layout lang={lang} title={title}>
          <h1>{title}</h1>
          <p>{text}</p>
          <p class="error-reference">
            <code>{error.body.error}</code> · <code>{String(request.id)}</code>
          </p>
        </Layout>,
      ),
      { status: error.status },
    );
  }
}
