import { HttpStatus } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../common/http/api-error';
import { cutText } from '../common/text/cut-text';

/**
 * A cXML request's body as the route's parser hands it: UTF-8 text, or why there is none and the
 * cXML status that says so (413 too large, 415 not an XML body, 400 otherwise).
 */
export type CxmlBody = { text: string } | { problem: string; code: 400 | 413 | 415 };

/**
 * What this parser hands the route, as a class so the route can tell it from a JSON body of the same
 * shape (`{"text": ...}` posted as application/json is not a cXML document).
 */
export class ParsedCxmlBody {
  constructor(readonly body: CxmlBody) {}
}

/** The routes that take cXML documents: the punchout setup and purchase orders, nothing else. */
export const CXML_SETUP_ROUTE = '/punchout/cxml';
export const CXML_ORDERS_ROUTE = '/cxml/orders';
const CXML_ROUTES: ReadonlySet<string> = new Set([CXML_SETUP_ROUTE, CXML_ORDERS_ROUTE]);
export const CXML_MEDIA_TYPES = ['text/xml', 'application/xml'];

/** How much of an oversized body is read before its answer is sent (64 MiB; more drains after it). */
const DRAIN_BEFORE_ANSWER_MAX = 64 * 1024 * 1024;

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

const isCxmlRoute = (request: FastifyRequest) =>
  request.method === 'POST' && CXML_ROUTES.has(request.routeOptions.url ?? '');

/**
 * The parser of XML bodies (`text/xml`, `application/xml`) for the cXML routes; bootstrap hands
 * it the XML bodies no other route takes (body-parsers.ts). Elsewhere they are 415 in our error shape.
 * The body reaches the handler as UTF-8 text, or as the reason it is not one (too large for
 * CXML_MAX_BYTES, not UTF-8, another charset declared): buyers expect every answer as a cXML Status
 * inside an HTTP 200, so the routes answer those too. Storing stops at the limit.
 */
export function cxmlBodyParser(maxBytes: number) {
  return (
    request: FastifyRequest,
    payload: Readable,
    done: (error: Error | null, body?: unknown) => void,
  ): void => {
    if (!isCxmlRoute(request))
      return done(
        new ApiError(
          HttpStatus.UNSUPPORTED_MEDIA_TYPE,
          'unsupported_media_type',
          `XML bodies are accepted by POST ${CXML_SETUP_ROUTE} and POST ${CXML_ORDERS_ROUTE} only.`,
        ),
      );
    const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(request.headers['content-type'] ?? '')?.[1];
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    let finished = false;
    const finish = (body: CxmlBody) => {
      if (finished) return;
      finished = true;
      done(null, new ParsedCxmlBody(body));
    };
    // Past the limit the rest is read and dropped, and the answer sent once the body has ended:
    // answered (and closed) while the buyer's system was still sending, it saw a reset connection
    // instead of the Status. HTTP_REQUEST_TIMEOUT_MS bounds how long that may take.
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      tooLarge = true;
      chunks.length = 0;
      // Far beyond it (a flood, not a buyer's mistake) the answer goes at once; the rest still drains.
      if (size > DRAIN_BEFORE_ANSWER_MAX)
        finish({ problem: `The document exceeds ${maxBytes} bytes (CXML_MAX_BYTES).`, code: 413 });
    });
    payload.on('end', () => {
      if (tooLarge)
        return finish({ problem: `The document exceeds ${maxBytes} bytes (CXML_MAX_BYTES).`, code: 413 });
      if (charset && !/^utf-?8$/i.test(charset))
        return finish({
          problem: `The document must be UTF-8; charset=${cutText(charset, 40)} is not accepted.`,
          code: 415,
        });
      try {
        finish({ text: UTF8.decode(Buffer.concat(chunks)) });
      } catch {
        finish({ problem: 'The document is not valid UTF-8.', code: 400 });
      }
    });
    payload.on('error', (error) => {
      if (finished) return;
      finished = true;
      done(error);
    });
  };
}

/** A cXML route's body: the XML parser's result; any other body (JSON, a form, none) is a cXML 415. */
export function cxmlBodyOf(body: unknown): CxmlBody {
  if (body instanceof ParsedCxmlBody) return body.body;
  return { problem: 'The body must be a cXML document sent as text/xml or application/xml.', code: 415 };
}

/** Sends a cXML answer: always HTTP 200 (a refusal is a Status inside), never cached. */
export function sendCxml(reply: FastifyReply, document: string): void {
  void reply
    .code(200)
    .header('content-type', 'text/xml; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(document);
}
