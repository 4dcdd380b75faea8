import { Logger } from '@nestjs/common';
import { Socket } from 'node:net';
import { connectionStatsOf } from '../../../src/bootstrap/connection-limits';
import { closedWithin, openSocket, parseResponse, sleep } from '../../support/raw-http';
import { startTestApp, TestApp } from '../../support/test-app';

// Small bounds so the suite stays quick; the defaults (README) are the same mechanism, larger.
const HEADERS_TIMEOUT_MS = 600;
const REQUEST_TIMEOUT_MS = 1_200;
const KEEP_ALIVE_TIMEOUT_MS = 400;
const MAX_CONNECTIONS = 6;
// Node checks header/request deadlines periodically (at most every 250 ms here): allow for that.
const SLACK_MS = 1_000;
// Node keeps an idle keep-alive socket this much longer than announced (keepAliveTimeoutBuffer).
const NODE_KEEP_ALIVE_BUFFER_MS = 1_000;

describe('hardening: connections and slow clients', () => {
  let t: TestApp;
  let warnings: jest.SpyInstance;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    warnings = jest.spyOn(Logger.prototype, 'warn');
    t = await startTestApp({
      env: {
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_IDLE_TIMEOUT_MS: '5000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
        HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      },
    });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  afterAll(async () => {
    warnings.mockRestore();
    await t.close();
  });

  it('closes a socket that sends its headers one byte at a time (slowloris) within the header bound', async () => {
    const socket = await openSocket(t.baseUrl);
    sockets.push(socket);
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const request = 'GET /healthz HTTP/1.1\r\nHost: gateway.test\r\nX-Slow: ' + 'a'.repeat(200);
    let sent = 0;
    const drip = setInterval(() => {
      if (!socket.destroyed && sent < request.length) socket.write(request[sent++]);
    }, 50);
    try {
      const elapsed = await closedWithin(socket, HEADERS_TIMEOUT_MS + SLACK_MS);
      expect(elapsed).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
    } finally {
      clearInterval(drip);
    }
    expect(sent).toBeLessThan(request.length); // cut while still dripping, not after finishing
    const response = parseResponse(Buffer.concat(received).toString('latin1'));
    expect(response.status).toBe(408);
    expect(JSON.parse(response.body)).toEqual({
      error: 'request_timeout',
      error_description: expect.stringMatching(/not received in time/),
    });
  });

  it('closes a socket that sends part of a body and stalls within the request bound', async () => {
    const socket = await openSocket(t.baseUrl);
    sockets.push(socket);
    socket.write(
      'POST /oauth/authorize HTTP/1.1\r\nHost: gateway.test\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 2000\r\n\r\n' +
        'grant_type=client_credentials&email=' +
        'a'.repeat(500),
    );
    const elapsed = await closedWithin(socket, REQUEST_TIMEOUT_MS + SLACK_MS);
    expect(elapsed).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
  });

  it('closes an idle keep-alive connection after the keep-alive bound', async () => {
    const socket = await openSocket(t.baseUrl);
    sockets.push(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: gateway.test\r\n\r\n');
    const bound = KEEP_ALIVE_TIMEOUT_MS + NODE_KEEP_ALIVE_BUFFER_MS + SLACK_MS;
    const elapsed = await closedWithin(socket, bound);
    expect(elapsed).toBeLessThan(bound);
  });

  it('refuses connections over the cap and serves normally once they are gone', async () => {
    await sleep(100); // the sockets of earlier tests are closed (afterEach)
    for (let i = 0; i < MAX_CONNECTIONS; i++) {
      const socket = await openSocket(t.baseUrl);
      socket.write('GET /healthz HTTP/1.1\r\n'); // started a request, holds its slot
      sockets.push(socket);
    }
    const extra = await openSocket(t.baseUrl);
    sockets.push(extra);
    const elapsed = await closedWithin(extra, 300);
    expect(elapsed).toBeLessThan(300);
    expect(sockets.slice(0, MAX_CONNECTIONS).every((socket) => !socket.destroyed)).toBe(true);

    for (const socket of sockets.splice(0)) socket.destroy();
    await sleep(100);
    const response = await fetch(`${t.baseUrl}/healthz`, { headers: { connection: 'close' } });
    expect(response.status).toBe(200);
  });

  it('counts the slow clients it cut and the connections it refused', () => {
    const stats = connectionStatsOf(t.app.getHttpServer());
    expect(stats.timedOut).toBeGreaterThanOrEqual(2);
    expect(stats.refused).toBeGreaterThanOrEqual(1);
  });

  it('reports them in one warn line, not one line per connection', () => {
    const lines = warnings.mock.calls.filter((call) => /cut \d+ slow/.test(String(call[1])));
    expect(lines.length).toBe(1); // the first at once, the rest summed at most once a minute
    expect(lines[0][0]).toMatchObject({ connections: { totals: expect.any(Object) } });
  });
});
