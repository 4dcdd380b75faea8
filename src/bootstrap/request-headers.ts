import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';

/**
 * Headers a request may carry once. Node keeps the first of repeated Authorization or Host headers
 * and drops the rest, so two clients' credentials in one request would silently mean "the first";
 * that ambiguity is refused instead (RFC 9110 5.3: these are not lists).
 */
const SINGLE_HEADERS = new Set(['authorization', 'proxy-authorization', 'host']);

function repeatedHeader(rawHeaders: string[]): string | undefined {
  const seen = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (!SINGLE_HEADERS.has(name)) continue;
    if (seen.has(name)) return rawHeaders[i];
    seen.add(name);
  }
  return undefined;
}

/** Refuses a request repeating a header that must appear once (400 invalid_request, no caching). */
export function refuseRepeatedHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const repeated = repeatedHeader(request.raw.rawHeaders);
    if (!repeated) return done();
    const name =
      { host: 'Host', authorization: 'Authorization' }[repeated.toLowerCase()] ?? 'Proxy-Authorization';
    void reply
      .code(400)
      .header('cache-control', 'no-store')
      .send({
        error: 'invalid_request',
        error_description: `The ${name} header is repeated; send it once.`,
      });
  });
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * Headers of every response: never sniffed; JSON answers (the API, errors, health, the OpenAPI
 * document) never cached unless their route set its own Cache-Control. HTML pages (punchout, the
 * console) set theirs in web/page-security.ts and are left alone; so are assets and images.
 * Swagger UI at /docs gets a CSP allowing exactly what it loads and no framing.
 */
export function secureResponseHeaders(fastify: FastifyInstance, config: AppConfig): void {
  const docsPolicy = swaggerUiPolicy(config.publicUrl);
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('x-content-type-options')) void reply.header('x-content-type-options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    if (JSON_TYPE.test(type) && !reply.hasHeader('cache-control'))
      void reply.header('cache-control', 'no-store');
    const path = request.url.split('?')[0];
    if (path === '/docs' || path.startsWith('/docs/')) {
      void reply.header('content-security-policy', docsPolicy).header('x-frame-options', 'DENY');
    }
    done(null, payload);
  });
}

/**
 * Swagger UI's page has an inline <style> and its scripts set style attributes ('unsafe-inline'
 * for styles only); its scripts are files under /docs; icons are data: URIs; "Try it out" calls
 * the gateway (same origin, or PUBLIC_URL's when the page is reached another way).
 */
function swaggerUiPolicy(publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${origin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
