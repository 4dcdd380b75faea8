import { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

const draining = new WeakSet<FastifyInstance>();

/**
 * While draining, every response asks its client to close the connection: keep-alive sockets of
 * in-flight requests would otherwise hold the server open until their keep-alive timeout.
 */
export function closeConnectionsWhileDraining(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (draining.has(fastify)) void reply.header('connection', 'close');
    done(null, payload);
  });
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
