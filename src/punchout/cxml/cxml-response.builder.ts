import { CxmlEnvelope, cxmlRoot, serialize, xmlSafe } from './cxml-envelope';

/** The cXML status codes the setup answers with (always inside an HTTP 200, as buyers expect). */
export type CxmlStatusCode = 200 | 400 | 401 | 403 | 406 | 409 | 413 | 415 | 429 | 500 | 560;

/** The `text` attribute of each code: the standard phrase; the specifics go in the element's content. */
const STATUS_TEXTS: Record<CxmlStatusCode, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  // cXML's temporary server error (HTTP's 503): the buyer's system retries later.
  560: 'Temporary Server Error',
};

/**
 * The setup response, built ONCE by the library; each answer sets its four values (payloadID,
 * timestamp, xml:lang, StartPage URL) on it and has the library serialize (and escape) it. Creating
 * a document costs about ten times its serialization, and this is the setup's hot path. Safe to share:
 * setting the values and serializing run synchronously, with nothing in between.
 */
const setupResponse = (() => {
  const root = cxmlRoot({ payloadId: '-', timestamp: '-', lang: 'en' });
  const response = root.ele('Response');
  response.ele('Status', { code: '200', text: STATUS_TEXTS[200] });
  const url = response.ele('PunchOutSetupResponse').ele('StartPage').ele('URL');
  return { root, url };
})();

/** `PunchOutSetupResponse` with Status 200 and the StartPage URL the buyer's browser opens. */
export function buildSetupResponse(envelope: CxmlEnvelope, startPageUrl: string): string {
  const { root, url } = setupResponse;
  root.att('payloadID', xmlSafe(envelope.payloadId));
  root.att('timestamp', envelope.timestamp);
  root.att('xml:lang', envelope.lang);
  // The DOM's textContent replaces the element's text; the serializer escapes it.
  url.node.textContent = xmlSafe(startPageUrl);
  return serialize(root);
}

/** A Status-only response: the code, its phrase and a text saying which element is at fault. */
export function buildStatusResponse(envelope: CxmlEnvelope, code: CxmlStatusCode, text: string): string {
  const response = cxmlRoot(envelope).ele('Response');
  response
    .ele('Status', { code: String(code), text: STATUS_TEXTS[code], 'xml:lang': 'en' })
    .txt(xmlSafe(text));
  return serialize(response.root());
}
