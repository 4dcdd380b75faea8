import type { IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { redactUrl } from '../common/http/redact-url';
import { requestIdFor } from '../common/http/request-id';

/**
 * JSON logs with the request id; credentials are redacted wherever they could appear.
 * At LOG_LEVEL=silent nothing is ever written, so the request-logging middleware is not mounted at
 * all: it would build a child logger per request (serializing and redacting the request for
 * bindings no line uses) and an async context for it, about a tenth of a no-op request's CPU. The
 * request id does not depend on it (Fastify's genReqId sets it and the X-Request-Id header).
 */
export function loggerOptions(config: AppConfig): Params {
  return {
    ...(config.logLevel === 'silent' ? { forRoutes: [] } : {}),
    pinoHttp: {
      level: config.logLevel,
      genReqId: (request: IncomingMessage) =>
        (request as IncomingMessage & { id?: string }).id ?? requestIdFor(request),
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers["proxy-authorization"]',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.client_secret',
          '*.access_token',
          '*.password',
          '*.secret',
          '*.token',
        ],
        censor: '[REDACTED]',
      },
      serializers: {
        req: (request: { id: string; method: string; url: string; headers: Record<string, unknown> }) => ({
          id: request.id,
          method: request.method,
          url: redactUrl(request.url),
          headers: request.headers,
        }),
      },
      customLogLevel: (_request, response, error) =>
        error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    },
  };
}
