import { Logger } from '@nestjs/common';
import { openSocket, sleep } from '../../support/raw-http';
import { startTestApp, TestApp } from '../../support/test-app';

/** A client that gives up on its own upload is not a database outage. */
describe('hardening: a client aborting its upload', () => {
  let t: TestApp;
  let errors: jest.SpyInstance;
  let warnings: jest.SpyInstance;

  beforeAll(async () => {
    t = await startTestApp();
  });
  beforeEach(() => {
    errors = jest.spyOn(Logger.prototype, 'error');
    warnings = jest.spyOn(Logger.prototype, 'warn');
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => t.close());

  const logged = (spy: jest.SpyInstance) => spy.mock.calls.map((call) => JSON.stringify(call)).join('\n');

  it.each([
    ['a JSON body', '/api/v1/guidance/rules', 'application/json', '{"effect":"blocked","note":"'],
    [
      'an OAuth form',
      '/oauth/authorize',
      'application/x-www-form-urlencoded',
      'grant_type=client_credentials&email=',
    ],
  ])(
    'logs no database outage (nor any error) when the client resets mid-%s',
    async (_name, path, type, start) => {
      for (let i = 0; i < 5; i++) {
        const socket = await openSocket(t.baseUrl);
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: gateway.test\r\nContent-Type: ${type}\r\nContent-Length: 3000\r\n\r\n` +
            start +
            'a'.repeat(1000),
        );
        await sleep(50);
        socket.resetAndDestroy();
      }
      await sleep(300);
      expect(logged(errors)).not.toMatch(/503|database|service_unavailable/i);
      expect(errors).not.toHaveBeenCalled();
      expect(logged(warnings)).not.toMatch(/503|database/i);

      const response = await fetch(`${t.baseUrl}/readyz`);
      expect(response.status).toBe(200);
    },
  );
});
