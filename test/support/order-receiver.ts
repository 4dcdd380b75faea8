import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';

/** One order delivery as a supplier's endpoint received it. */
export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

/** How the receiver answers the n-th request (1-based) with one idempotency key: a status after a pause, or never. */
export type ReceiverAnswer = { status: number; delayMs?: number } | 'hang';

export interface OrderReceiver {
  url: string;
  deliveries: ReceivedDelivery[];
  /** The most requests with one idempotency key that were in flight at the same moment. */
  maxInFlightPerKey(): number;
  /** Deliveries answered 2xx, per idempotency key. */
  accepted: Map<string, number>;
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A supplier's order endpoint: records every delivery and answers as `answer` says. */
export async function startOrderReceiver(
  answer: (n: number, key: string) => ReceiverAnswer = () => ({ status: 200 }),
): Promise<OrderReceiver> {
  const deliveries: ReceivedDelivery[] = [];
  const accepted = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const seen = new Map<string, number>();
  const sockets = new Set<Socket>();
  let maxInFlight = 0;
  let waiters: Array<() => void> = [];
  const server: Server = createServer((request, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const key = String(request.headers['idempotency-key']);
      deliveries.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      });
      const now = (inFlight.get(key) ?? 0) + 1;
      inFlight.set(key, now);
      maxInFlight = Math.max(maxInFlight, now);
      const waiting = waiters;
      waiters = [];
      waiting.forEach((wake) => wake());
      seen.set(key, (seen.get(key) ?? 0) + 1);
      const reply = answer(seen.get(key) as number, key);
      if (reply === 'hang') return;
      setTimeout(() => {
        inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
        if (reply.status >= 200 && reply.status < 300) accepted.set(key, (accepted.get(key) ?? 0) + 1);
        response.writeHead(reply.status, { 'content-type': 'text/plain' });
        response.end(reply.status < 300 ? 'ok' : 'supplier system busy');
      }, reply.delayMs ?? 0);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/orders`,
    deliveries,
    accepted,
    maxInFlightPerKey: () => maxInFlight,
    async waitForRequests(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (deliveries.length < count) {
        if (Date.now() > deadline)
          throw new Error(`only ${deliveries.length} of ${count} deliveries arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200).unref();
        });
      }
    },
    async close() {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
