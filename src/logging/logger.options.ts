import type { IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { requestIdFor } from '../common/http/request-id';

/** Query parameters whose values never reach the logs (one-time punchout tokens and the like). */
const SECRET_QUERY_NAMES = new Set([
  'token',
  'start',
  'access_token',
  'client_secret',
  'secret',
  'code',
  // The OCI call-up's PASSWORD (a client's punchout secret) travels in the query string.
  'password',
]);
const QUERY_PAIR = /([?&])([^=&#]*)(=[^&#]*)?/g;

/** A parameter name as the server reads it: percent-decoded (access%5Ftoken is access_token), lower-cased. */
function decodedName(name: string): string {
  let decoded = name.replace(/\+/g, ' ');
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  }
  return (
    decoded
      // eslint-disable-next-line no-control-regex -- trailing NULs and controls do not make another name
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .toLowerCase()
  );
}

function redactQuery(query: string): string {
  return query.replace(QUERY_PAIR, (pair, separator: string, name: string, value?: string) =>
    value !== undefined && SECRET_QUERY_NAMES.has(decodedName(name))
      ? `${separator}${name}=[REDACTED]`
      : pair,
  );
}

/** Punchout start tokens (pst_) and session keys (psk_) travel in the path: they are secrets too. */
const SECRET_PATH_SEGMENTS = /\/(pst_|psk_)[A-Za-z0-9_-]+/g;

export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : redactQuery(url.slice(queryStart));
  return path.replace(SECRET_PATH_SEGMENTS, '/$1[REDACTED]') + query;
}

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
