import { rawRequest } from '../../support/raw-http';
import { startTestApp, TestApp } from '../../support/test-app';

/** Refusals Node and Fastify make before any route runs still answer in our {error, error_description} shape. */
describe('hardening: framing errors in our error shape', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const expectOurShape = (body: string, error: string) => {
    const parsed = JSON.parse(body);
    expect(parsed).toEqual({ error, error_description: expect.any(String) });
    expect(Object.keys(parsed).sort()).toEqual(['error', 'error_description']);
  };

  it('answers oversized headers with 431 in our shape', async () => {
    const response = await rawRequest(
      t.baseUrl,
      `GET /healthz HTTP/1.1\r\nHost: gateway.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectOurShape(response.body, 'request_too_large');
  });

  it('answers an oversized URL with 431 in our shape', async () => {
    const response = await rawRequest(
      t.baseUrl,
      `GET /api/v1/search?query=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: gateway.test\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expectOurShape(response.body, 'request_too_large');
  });

  it.each([
    [
      'a non-numeric Content-Length',
      'POST /oauth/revoke HTTP/1.1\r\nHost: gateway.test\r\nContent-Length: abc\r\n\r\n',
    ],
    [
      'Content-Length together with Transfer-Encoding',
      'POST /oauth/revoke HTTP/1.1\r\nHost: gateway.test\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    ['a garbage request line', 'HELLO THERE\r\n\r\n'],
    [
      'a bad chunk size',
      'POST /oauth/revoke HTTP/1.1\r\nHost: gateway.test\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
        'Transfer-Encoding: chunked\r\n\r\nzz\r\n',
    ],
  ])('answers %s with 400 invalid_request in our shape', async (_name, request) => {
    const response = await rawRequest(t.baseUrl, request);
    expect(response.status).toBe(400);
    expectOurShape(response.body, 'invalid_request');
  });

  it('answers an HTTP/1.1 request without Host with 400 invalid_request in our shape', async () => {
    const response = await rawRequest(t.baseUrl, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(400);
    expectOurShape(response.body, 'invalid_request');
    expect(JSON.parse(response.body).error_description).toMatch(/Host/);
  });

  it('still serves an HTTP/1.0 request without Host (Host is optional there)', async () => {
    const response = await rawRequest(t.baseUrl, 'GET /healthz HTTP/1.0\r\n\r\n');
    expect(response.status).toBe(200);
  });

  it('keeps serving normal requests afterwards', async () => {
    const response = await fetch(`${t.baseUrl}/healthz`);
    expect(response.status).toBe(200);
  });
});
