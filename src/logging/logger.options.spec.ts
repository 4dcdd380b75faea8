import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { loadConfig } from '../config/app-config';
import { redactUrl } from '../common/http/redact-url';
import { loggerOptions } from './logger.options';

function capture(): { stream: Writable; lines: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, lines: () => text };
}

describe('logger options', () => {
  it('redacts credentials in headers, bodies and one-time tokens in URLs', () => {
    const options = loggerOptions(loadConfig({ LOG_LEVEL: 'info' })).pinoHttp as pino.LoggerOptions;
    const { stream, lines } = capture();
    const logger = pino({ redact: options.redact, serializers: options.serializers }, stream);

    logger.info({
      req: {
        id: 'r1',
        method: 'GET',
        url: '/punchout/start?session=s1&token=one-time-secret',
        headers: { authorization: 'Bearer mpgt_secret', cookie: 'sid=abc', 'user-agent': 'SAP' },
      },
      body: { client_secret: 'mpgs_secret', email: 'a@b.example' },
    });

    const output = lines();
    expect(output).not.toMatch(/mpgt_secret|mpgs_secret|one-time-secret|sid=abc/);
    expect(output).toContain('[REDACTED]');
    expect(output).toContain('"user-agent":"SAP"');
    expect(output).toContain('session=s1');
  });

  it('masks punchout start tokens and session keys in paths', () => {
    expect(redactUrl('/punchout/start/pst_abc-DEF_123')).toBe('/punchout/start/pst_[REDACTED]');
    expect(redactUrl('/punchout/s/psk_abc-DEF_123/cart?done=added')).toBe(
      '/punchout/s/psk_[REDACTED]/cart?done=added',
    );
  });

  it.each([
    ['/punchout/start/%70st_abcDEF', '/punchout/start/pst_[REDACTED]'],
    ['/punchout/s/psk%5Fabc/cart', '/punchout/s/psk_[REDACTED]/cart'],
    ['/punchout/s/%70%73%6b%5fabc', '/punchout/s/psk_[REDACTED]'],
    ['/punchout/s/%2570sk_abc', '/punchout/s/psk_[REDACTED]'],
    ['/punchout/s/PSK_abc', '/punchout/s/PSK_[REDACTED]'],
    ['/punchout/start/x%2Fpst_abc', '/punchout/start/x%2Fpst_[REDACTED]'],
    ['/punchout/s/psk_abc%zz', '/punchout/s/psk_[REDACTED]'],
  ])('masks a secret in a path however it is encoded (%s)', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('leaves other encoded segments as they were sent', () => {
    expect(redactUrl('/api/v1/marketplace/product/a%20b')).toBe('/api/v1/marketplace/product/a%20b');
  });

  it('masks only secret-bearing query parameters', () => {
    expect(redactUrl('/x?a=1&access_token=t&client_secret=s&b=2')).toBe(
      '/x?a=1&access_token=[REDACTED]&client_secret=[REDACTED]&b=2',
    );
    expect(redactUrl('/audit/console/oidc/callback?code=c1&state=s1&iss=x')).toBe(
      '/audit/console/oidc/callback?code=[REDACTED]&state=[REDACTED]&iss=x',
    );
    expect(redactUrl('/plain')).toBe('/plain');
  });

  it('masks secret-bearing query parameters whose names are percent-encoded', () => {
    const logged = redactUrl(
      '/x?access%5Ftoken=live1&client%5Fsecret=live2&%61ccess_token=live3&TOKEN=live4&access_token%00=live5&a=%5F1',
    );
    expect(logged).not.toMatch(/live\d/);
    expect(logged).toContain('a=%5F1');
    expect(logged).toContain('access%5Ftoken=[REDACTED]');
  });

  /** One request through the request-logging middleware as configured, on a real HTTP server. */
  async function logOneRequest(level: string, status: number): Promise<string> {
    const options = loggerOptions(loadConfig({ LOG_LEVEL: level })).pinoHttp as pino.LoggerOptions;
    const { stream, lines } = capture();
    const middleware = pinoHttp(options, stream);
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      request.id = 'req-1';
      middleware(request, response, () => {
        response.statusCode = status;
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/x?token=one-time-secret&q=1`, {
        headers: { authorization: 'Bearer mpgt_secret', 'user-agent': 'SAP' },
      });
      await response.text();
      // The line is written when the response finishes, which may be just after the client has it.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    return lines();
  }

  it('writes one line per request at info with the request id, method, redacted URL and headers', async () => {
    const output = await logOneRequest('info', 200);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: {
        id: 'req-1',
        method: 'GET',
        url: '/api/x?token=[REDACTED]&q=1',
        headers: { authorization: '[REDACTED]', 'user-agent': 'SAP' },
      },
      res: { statusCode: 200 },
    });
    expect(typeof line.responseTime).toBe('number');
    expect(output).not.toMatch(/one-time-secret|mpgt_secret/);
  });

  it('at warn writes client errors only, still with the request', async () => {
    expect(await logOneRequest('warn', 200)).toBe('');
    const line = JSON.parse(await logOneRequest('warn', 404)) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 40, req: { id: 'req-1', url: '/api/x?token=[REDACTED]&q=1' } });
  });
});
