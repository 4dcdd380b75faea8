import { CxmlEnvelope, cxmlRoot, serialize, xmlSafe } from './cxml-envelope';

/** The cXML status codes the setup answers with (always inside an HTTP 200, as buyers expect). */
export type CxmlStatusCode = 200 | 400 | 401 | 403 | 406 | 409 | 429 | 500;

/** The `text` attribute of each code: the standard phrase; the specifics go in the element's content. */
const STATUS_TEXTS: Record<CxmlStatusCode, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  406: 'Not Acceptable',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** `PunchOutSetupResponse` with Status 200 and the StartPage URL the buyer's browser opens. */
export function buildSetupResponse(envelope: CxmlEnvelope, startPageUrl: string): string {
  const response = cxmlRoot(envelope).ele('Response');
  response.ele('Status', { code: '200', text: STATUS_TEXTS[200] });
  response.ele('PunchOutSetupResponse').ele('StartPage').ele('URL').txt(startPageUrl);
  return serialize(response.root());
}

/** A Status-only response: the code, its phrase and a text saying which element is at fault. */
export function buildStatusResponse(envelope: CxmlEnvelope, code: CxmlStatusCode, text: string): string {
  const response = cxmlRoot(envelope).ele('Response');
  response
    .ele('Status', { code: String(code), text: STATUS_TEXTS[code], 'xml:lang': 'en' })
    .txt(xmlSafe(text));
  return serialize(response.root());
}
