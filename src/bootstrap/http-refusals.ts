import type { FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiErrorBody } from '../common/http/api-error';
import { REQUEST_ID_HEADER, requestIdFor } from '../common/http/request-id';

/** The headers of every refusal Node answers before Fastify routes (JSON, never cached, never sniffed). */
function refusalHeaders(body: string, requestId: string): Record<string, string | number> {
  return {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    [REQUEST_ID_HEADER]: requestId,
  };
}

/**
 * Requests Node's HTTP server answers itself, before Fastify sees them, get our error shape too:
 * - an `Expect` other than `100-continue`: 417 expectation_failed (Node's own answer had no body);
 * - `CONNECT` (a proxy tunnel; we are no proxy): 405 method_not_allowed with `Allow`, then the
 *   connection closes (Node closed it with no answer at all).
 */
export function answerHttpRefusals(fastify: FastifyInstance): void {
  const server = fastify.server;
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const body: ApiErrorBody = {
      error: 'expectation_failed',
      error_description: 'The only expectation the server meets is Expect: 100-continue.',
    };
    const text = JSON.stringify(body);
    response.writeHead(417, { ...refusalHeaders(text, requestIdFor(request)), connection: 'close' });
    response.end(text);
  });
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const body: ApiErrorBody = {
      error: 'method_not_allowed',
      error_description: 'CONNECT is not supported: the gateway is not a proxy.',
    };
    const text = JSON.stringify(body);
    const headers = {
      ...refusalHeaders(text, requestIdFor(request)),
      allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      connection: 'close',
    };
    socket.on('error', () => undefined); // the client may be gone already
    socket.end(
      `HTTP/1.1 405 ${STATUS_CODES[405]}\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        `\r\n${text}`,
    );
  });
}
