import type { IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { requestIdFor } from '../common/http/request-id';

/** Query parameters whose values never reach the logs (one-time punchout tokens and the like). */
const SECRET_QUERY_PARAMS = /([?&](?:token|start|access_token|client_secret|secret|code)=)[^&#]*/gi;

/** Punchout start tokens (pst_) and session keys (psk_) travel in the path: they are secrets too. */
const SECRET_PATH_SEGMENTS = /\/(pst_|psk_)[A-Za-z0-9_-]+/g;

export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY_PARAMS, '$1[REDACTED]').replace(SECRET_PATH_SEGMENTS, '/$1[REDACTED]');
}

/** JSON logs with the request id; credentials are redacted wherever they could appear. */
export function loggerOptions(config: AppConfig): Params {
  return {
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
