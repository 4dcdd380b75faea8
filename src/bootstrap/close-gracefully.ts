import { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

const draining = new WeakSet<FastifyInstance>();
const inFlight = new WeakMap<FastifyInstance, { count: number }>();

/** Seconds a client refused during the drain waits before it retries (another replica, or this one restarted). */
const DRAIN_RETRY_AFTER_SECONDS = 1;

/**
 * While draining, every response asks its client to close the connection: keep-alive sockets of
 * in-flight requests would otherwise hold the server open until their keep-alive timeout. A request
 * that arrives during the drain (on a connection that was open already) is refused with 503 in the
 * API's error shape and Retry-After, and its connection closed: a load balancer retries it elsewhere.
 */
export function closeConnectionsWhileDraining(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (_request, reply, done) => {
    if (!draining.has(fastify)) return done();
    void reply.code(503).header('retry-after', String(DRAIN_RETRY_AFTER_SECONDS)).send({
      error: 'service_unavailable',
      error_description: 'The server is shutting down; retry the request.',
    });
  });
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (draining.has(fastify)) void reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * Counts the requests in flight (from their arrival at the HTTP server to their response's end or
 * their connection's loss), so a shutdown that runs out of time can say how many it cuts.
 */
export function countRequestsInFlight(fastify: FastifyInstance): void {
  const counter = { count: 0 };
  inFlight.set(fastify, counter);
  fastify.server.on('request', (_request, response) => {
    counter.count++;
    response.once('close', () => counter.count--);
  });
}

/** Requests in flight right now (0 when not counted). */
export function requestsInFlight(app: INestApplication): number {
  return inFlight.get(app.getHttpAdapter().getInstance() as FastifyInstance)?.count ?? 0;
}

/**
 * Nest's own close() runs the modules' destroy hooks (closing the database pool) before it closes
 * the HTTP server, so in-flight requests would lose the database. Drain HTTP first: stop accepting,
 * let running requests finish; then shut the modules down.
 */
export async function closeGracefully(app: INestApplication): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  draining.add(fastify);
  await app.getHttpAdapter().close();
  await app.close();
}
