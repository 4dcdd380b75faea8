import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { AppConfig } from '../config/app-config';
import { REQUEST_ID_HEADER } from '../common/http/request-id';

/** What the server cut or refused since it started (a slow or idle client is cut and counted). */
export interface ConnectionStats {
  /** Headers or the whole request not received within HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS. */
  timedOut: number;
  /** Sockets without any traffic for HTTP_IDLE_TIMEOUT_MS. */
  idle: number;
  /** Connections refused because HTTP_MAX_CONNECTIONS were open. */
  refused: number;
  /** Malformed framing, oversized headers: answered 400/431 and closed. */
  malformed: number;
}

const statsByServer = new WeakMap<Server, ConnectionStats>();
const REPORT_EVERY_MS = 60_000;

export function connectionStatsOf(server: Server): ConnectionStats {
  let stats = statsByServer.get(server);
  if (!stats) {
    stats = { timedOut: 0, idle: 0, refused: 0, malformed: 0 };
    statsByServer.set(server, stats);
  }
  return stats;
}

/**
 * Fastify's server options for the configured bounds. Node checks the header and request deadlines
 * every `connectionsCheckingInterval` (30 s by default, too coarse for a 10 s header bound).
 */
export function serverTimeoutOptions(config: AppConfig): {
  http: ServerOptions;
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
} {
  const { headersTimeoutMs, requestTimeoutMs, idleTimeoutMs, keepAliveTimeoutMs } = config.http;
  return {
    http: {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      keepAliveTimeout: keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersTimeoutMs / 4))),
      // A missing Host is refused by our own hook (refuseRequestsWithoutHost), in our error shape;
      // Node's own refusal is an empty 400.
      requireHostHeader: false,
    },
    connectionTimeout: idleTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    requestTimeout: requestTimeoutMs,
  };
}

/** The bodies of refusals made before any route runs: a complete response in our error shape. */
function refusalFor(error: NodeJS.ErrnoException): { status: number; error: string; description: string } {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        error: 'request_timeout',
        description: 'The request was not received in time; the connection is closed.',
      };
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        error: 'request_too_large',
        description: 'The request line and headers are too large.',
      };
    default:
      return {
        status: 400,
        error: 'invalid_request',
        description: 'The request is not well-formed HTTP/1.1.',
      };
  }
}

/**
 * Replaces Fastify's clientError handler (whose bodies are `{error, message, statusCode}`): framing
 * errors, oversized headers and request timeouts answer in our shape, then the socket is closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const stats = connectionStatsOf(this.server);
  const refusal = refusalFor(error);
  if (refusal.status === 408) stats.timedOut++;
  else stats.malformed++;
  reporterFor(this.server).changed();
  // A response already under way (a parse error in a body after the handler answered) is not rewritten.
  const busy = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !busy) {
    const body = JSON.stringify({ error: refusal.error, error_description: refusal.description });
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** One warn line per minute at most, summing what was cut, so a flood of slow clients is not a flood of logs. */
class ConnectionReporter {
  private readonly logger = new Logger('Connections');
  private reported: ConnectionStats = { timedOut: 0, idle: 0, refused: 0, malformed: 0 };
  private timer: NodeJS.Timeout | undefined;
  private lastReport = 0;

  constructor(private readonly server: Server) {}

  changed(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.lastReport + REPORT_EVERY_MS - Date.now());
    this.timer = setTimeout(() => this.report(), wait);
    this.timer.unref();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private report(): void {
    this.timer = undefined;
    this.lastReport = Date.now();
    const now = { ...connectionStatsOf(this.server) };
    const delta = {
      timedOut: now.timedOut - this.reported.timedOut,
      idle: now.idle - this.reported.idle,
      refused: now.refused - this.reported.refused,
      malformed: now.malformed - this.reported.malformed,
    };
    this.reported = now;
    this.logger.warn(
      { connections: { ...delta, totals: now } },
      `cut ${delta.timedOut} slow and ${delta.idle} idle connection(s), refused ${delta.refused} over the cap, ` +
        `closed ${delta.malformed} malformed`,
    );
  }
}

const reporters = new WeakMap<Server, ConnectionReporter>();
function reporterFor(server: Server): ConnectionReporter {
  let reporter = reporters.get(server);
  if (!reporter) {
    reporter = new ConnectionReporter(server);
    reporters.set(server, reporter);
  }
  return reporter;
}

/**
 * The connection cap and the idle cut on the Node server, both counted; and the Host check that
 * Node would otherwise answer with an empty 400.
 */
export function applyConnectionLimits(fastify: FastifyInstance, config: AppConfig): void {
  const server = fastify.server;
  server.maxConnections = config.http.maxConnections;
  server.headersTimeout = config.http.headersTimeoutMs;
  const stats = connectionStatsOf(server);
  const reporter = reporterFor(server);
  server.on('drop', () => {
    stats.refused++;
    reporter.changed();
  });
  // With a listener Node no longer destroys an idle socket itself: we count, then destroy.
  server.on('timeout', (socket: Socket) => {
    stats.idle++;
    reporter.changed();
    socket.destroy();
  });
  server.on('close', () => reporter.stop());
  fastify.addHook('onRequest', refuseRequestsWithoutHost);
}

/** RFC 9112 3.2: an HTTP/1.1 request without Host is answered 400. */
function refuseRequestsWithoutHost(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const { httpVersionMajor, httpVersionMinor } = request.raw;
  if (request.headers.host !== undefined || httpVersionMajor !== 1 || httpVersionMinor === 0) return done();
  void reply
    .code(400)
    .header(REQUEST_ID_HEADER, request.id)
    .header('connection', 'close')
    .send({ error: 'invalid_request', error_description: 'An HTTP/1.1 request must carry a Host header.' });
}
