import { connect, Socket } from 'node:net';

/** A raw TCP connection to the test app (loopback only), for what fetch cannot send. */
export async function openSocket(baseUrl: string): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  if (hostname !== '127.0.0.1' && hostname !== 'localhost')
    throw new Error('raw sockets go to loopback only');
  const socket = connect({ host: hostname, port: Number(port) });
  socket.on('error', () => undefined); // a reset by the server is what several tests expect
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/** Resolves with the milliseconds until the socket closes, or rejects after `withinMs`. */
export function closedWithin(socket: Socket, withinMs: number): Promise<number> {
  const started = Date.now();
  if (socket.destroyed) return Promise.resolve(0);
  socket.resume(); // a paused socket would never read the server's FIN
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${withinMs} ms`)), withinMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` as raw bytes and reads until the server closes the connection (or `timeoutMs`),
 * then parses the first response. The requests here ask for `Connection: close` or are refused.
 */
export async function rawRequest(
  baseUrl: string,
  request: string | Buffer,
  timeoutMs = 5_000,
): Promise<RawResponse> {
  const socket = await openSocket(baseUrl);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.write(request);
  await closedWithin(socket, timeoutMs).finally(() => socket.destroy());
  return parseResponse(Buffer.concat(chunks).toString('latin1'));
}

export function parseResponse(text: string): RawResponse {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`no complete HTTP response: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine, ...headerLines] = text.slice(0, end).split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    let decoded = '';
    let rest = body;
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      const size = parseInt(rest.slice(0, lineEnd), 16);
      if (!size) break;
      decoded += rest.slice(lineEnd + 2, lineEnd + 2 + size);
      rest = rest.slice(lineEnd + 2 + size + 2);
    }
    body = decoded;
  } else if (headers['content-length'] !== undefined) {
    body = body.slice(0, Number(headers['content-length']));
  }
  return { status, headers, body };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
