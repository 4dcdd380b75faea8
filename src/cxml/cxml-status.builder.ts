import { isDatabaseUnavailable } from '../common/filters/database-errors';
import { ApiError } from '../common/http/api-error';
import { CxmlEnvelope, cxmlRoot, serialize, xmlSafe } from './cxml-envelope';

/** The cXML status codes our entries answer with (always inside an HTTP 200, as buyers expect). */
export type CxmlStatusCode = 200 | 400 | 401 | 403 | 406 | 409 | 413 | 415 | 429 | 500 | 560;

/** The `text` attribute of each code: the standard phrase; the specifics go in the element's content. */
export const CXML_STATUS_TEXTS: Record<CxmlStatusCode, string> = {
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

/** A Status-only response: the code, its phrase and a text saying which element is at fault. */
export function buildStatusResponse(envelope: CxmlEnvelope, code: CxmlStatusCode, text: string): string {
  const response = cxmlRoot(envelope).ele('Response');
  response
    .ele('Status', { code: String(code), text: CXML_STATUS_TEXTS[code], 'xml:lang': 'en' })
    .txt(xmlSafe(text));
  return serialize(response.root());
}

/** The statuses a refusal keeps as its cXML code; 503 is cXML's 560, any other 4xx a 400, any 5xx a 500. */
const KEPT: ReadonlySet<number> = new Set([400, 401, 403, 406, 409, 413, 415, 429, 500]);

/** The cXML code that says what an HTTP status says. */
export function cxmlCodeOf(status: number): CxmlStatusCode {
  if (KEPT.has(status)) return status as CxmlStatusCode;
  if (status === 503) return 560;
  return status >= 500 ? 500 : 400;
}

/**
 * The Status of a request that failed on our side or was held back: a 429 (a limit; its text
 * `tooMany`), cXML's 560 when the database is unavailable (the buyer's system retries later), and a
 * 500 that says nothing more for anything else (`unexpected`: the caller logs the cause).
 */
export function failureStatus(
  error: unknown,
  tooMany: (error: ApiError) => string,
): { code: CxmlStatusCode; text: string; unexpected: boolean } {
  if (error instanceof ApiError && error.getStatus() === 429)
    return { code: 429, text: tooMany(error), unexpected: false };
  if (isDatabaseUnavailable(error))
    return { code: 560, text: 'The service is temporarily unavailable; retry later.', unexpected: false };
  return { code: 500, text: 'The request could not be processed; retry later.', unexpected: true };
}
