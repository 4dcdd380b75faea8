import { HttpStatus } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../common/http/api-error';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
/** The OAuth endpoints' form bodies are a few hundred bytes; 4 KiB leaves room for long e-mails. */
export const OAUTH_FORM_LIMIT_BYTES = 4_096;
export const OAUTH_FORM_ROUTES = new Set(['/oauth/authorize', '/oauth/revoke']);

const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };
const isOAuthRoute = (request: FastifyRequest) =>
  request.method === 'POST' && OAUTH_FORM_ROUTES.has(request.routeOptions.url ?? '');

/**
 * Form bodies reach handlers as the raw string (replacing Nest's parser, which merges repeated
 * fields and decodes leniently), so the OAuth endpoints can refuse repeats and bad encodings.
 * Size: OAUTH_FORM_LIMIT_BYTES on the OAuth routes (400 invalid_request beyond it, as RFC 6749
 * wants every malformed request answered), BODY_LIMIT_BYTES elsewhere (413).
 */
export function registerFormBodyParser(fastify: FastifyInstance, bodyLimitBytes: number): void {
  if (fastify.hasContentTypeParser(FORM_CONTENT_TYPE)) fastify.removeContentTypeParser(FORM_CONTENT_TYPE);
  fastify.addContentTypeParser(FORM_CONTENT_TYPE, (request, payload, done) => {
    const oauth = isOAuthRoute(request);
    const limit = oauth ? OAUTH_FORM_LIMIT_BYTES : bodyLimitBytes;
    const tooLarge = () =>
      oauth
        ? new ApiError(
            HttpStatus.BAD_REQUEST,
            'invalid_request',
            `The form body exceeds ${limit} bytes.`,
            noStore,
          )
        : new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, 'request_too_large', `The body exceeds ${limit} bytes.`);
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error: Error | null, body?: string) => {
      if (finished) return;
      finished = true;
      payload.removeAllListeners('data');
      if (error) payload.resume(); // drain what is left so the connection stays usable
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(tooLarge());
      else chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks).toString('utf8')));
    payload.on('error', (error) => finish(error));
  });

  // Before any parsing: the OAuth endpoints take forms only, and say so with 400 invalid_request
  // (Fastify alone would answer 415 for unknown or missing media types, 413 for large bodies).
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (!isOAuthRoute(request)) return done();
    const [mediaType, ...parameters] = (request.headers['content-type'] ?? '').toLowerCase().split(';');
    const charset = parameters.map((p) => p.trim()).find((p) => p.startsWith('charset='));
    const utf8 = charset === undefined || /^charset="?utf-?8"?$/.test(charset);
    if (mediaType.trim() !== FORM_CONTENT_TYPE || !utf8) {
      return done(
        new ApiError(
          HttpStatus.BAD_REQUEST,
          'invalid_request',
          `The request body must be ${FORM_CONTENT_TYPE} (UTF-8).`,
          noStore,
        ),
      );
    }
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > OAUTH_FORM_LIMIT_BYTES) {
      return done(
        new ApiError(
          HttpStatus.BAD_REQUEST,
          'invalid_request',
          `The form body exceeds ${OAUTH_FORM_LIMIT_BYTES} bytes.`,
          noStore,
        ),
      );
    }
    done();
  });
}
