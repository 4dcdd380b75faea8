import pino from 'pino';
import { Writable } from 'node:stream';
import { loadConfig } from '../config/app-config';
import { loggerOptions, redactUrl } from './logger.options';

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

  it('masks only secret-bearing query parameters', () => {
    expect(redactUrl('/x?a=1&access_token=t&client_secret=s&b=2')).toBe(
      '/x?a=1&access_token=[REDACTED]&client_secret=[REDACTED]&b=2',
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
});
