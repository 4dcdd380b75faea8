import { AddressInfo, createConnection, createServer, Server, Socket } from 'node:net';
import { startTestApp, TestApp } from './test-app';
import { createTestDatabase } from './test-database';

/**
 * A TCP forwarder between the application and PostgreSQL. Cutting it is a database outage as the
 * application sees it (connections reset, new ones refused); reopening it on the same port ends it.
 * Holding it is a network stall: connections stay open but no byte is forwarded until release().
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private held = false;
  private readonly pending: Array<() => void> = [];
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = createConnection({ host: this.targetHost, port: this.targetPort });
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      this.forward(client, upstream);
      this.forward(upstream, client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Every byte in either direction is kept (not forwarded, not dropped) until release(). */
  hold(): void {
    this.held = true;
  }

  /** Forwards what was held, in order, and forwards normally again. */
  release(): void {
    this.held = false;
    for (const send of this.pending.splice(0)) send();
  }

  /** Refuses new connections and resets every open one. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.pending.length = 0;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private forward(from: Socket, to: Socket): void {
    from.on('data', (chunk: Buffer) => {
      const send = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (this.held) this.pending.push(send);
      else send();
    });
  }
}

/** The application on a fresh database it reaches only through a TcpProxy (outage and stall tests). */
export async function startTestAppBehindProxy(env: Record<string, string>): Promise<{
  t: TestApp;
  proxy: TcpProxy;
  close(): Promise<void>;
}> {
  const database = await createTestDatabase();
  const target = new URL(database.url);
  const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  await proxy.open();
  const viaProxy = new URL(database.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const t = await startTestApp({ database: { ...database, url: viaProxy.toString() }, env });
  return {
    t,
    proxy,
    async close() {
      proxy.release();
      await t.close();
      await proxy.cut();
      await database.drop();
    },
  };
}
