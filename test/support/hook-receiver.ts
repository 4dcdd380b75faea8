import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** One POST that arrived at the HOOK_URL: its path and query as sent, and the form fields in order. */
export interface HookPost {
  url: string;
  contentType: string | undefined;
  body: string;
  fields: Array<[string, string]>;
}

export interface HookReceiver {
  /** http://127.0.0.1:<port> */
  origin: string;
  posts: HookPost[];
  /** The next POST (or one that arrived already and was not taken yet). */
  next(timeoutMs?: number): Promise<HookPost>;
  close(): Promise<void>;
}

/** A tiny procurement system: records what the browser posts to its HOOK_URL, answers a plain page. */
export async function startHookReceiver(): Promise<HookReceiver> {
  const posts: HookPost[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST') {
        const body = Buffer.concat(chunks).toString('utf8');
        posts.push({
          url: request.url ?? '',
          contentType: request.headers['content-type'],
          body,
          fields: [...new URLSearchParams(body).entries()],
        });
        waiters.splice(0).forEach((wake) => wake());
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><html lang="en"><title>Procurement</title><h1>Cart received</h1></html>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    posts,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (posts.length <= taken) {
        if (Date.now() > deadline) throw new Error('no POST reached the HOOK_URL');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return posts[taken++];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
