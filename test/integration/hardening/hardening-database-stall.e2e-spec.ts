import { bodyOf } from '../../support/http';
import { requestToken } from '../../support/oauth';
import { startTestAppBehindProxy, TcpProxy } from '../../support/tcp-proxy';
import { TestApp } from '../../support/test-app';

const QUERY_TIMEOUT_MS = 1_000;

/** Packets held between gateway and PostgreSQL (not refused): the request still ends within a bound. */
describe('hardening: a stalled database network', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, proxy, close } = await startTestAppBehindProxy({
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_POOL_MAX: '4',
      DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
    }));
  });
  afterAll(() => close());

  const tokenRequest = () =>
    requestToken(
      t.baseUrl,
      {
        grant_type: 'client_credentials',
        client_id: 'mpgc_nobody',
        client_secret: 'x'.repeat(30),
        email: 'a@b.example',
      },
      {},
    );

  it('answers 503 service_unavailable with Retry-After within the query bound while packets are held', async () => {
    expect((await tokenRequest()).status).toBe(401); // the pool has a live connection
    proxy.hold();
    const started = Date.now();
    const response = await fetch(`${t.baseUrl}/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=mpgc_nobody&client_secret=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx&email=a%40b.example',
      signal: AbortSignal.timeout(8_000),
    });
    const elapsed = Date.now() - started;
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await bodyOf(response)).error).toBe('service_unavailable');
    expect(elapsed).toBeLessThan(QUERY_TIMEOUT_MS + 2_000);
  });

  it('reports the database as down on /readyz without any internal error text', async () => {
    proxy.hold();
    const response = await fetch(`${t.baseUrl}/readyz`, { signal: AbortSignal.timeout(8_000) });
    expect(response.status).toBe(503);
    const body = await bodyOf(response);
    expect(body.error).toBe('service_unavailable');
    expect(body.details).toEqual({ database: { status: 'down' } });
    expect(body.info ?? {}).toEqual({});
    expect(JSON.stringify(body)).not.toMatch(/timeout|prisma|query|ECONN|within/i);
  });

  it('serves again once the network flows', async () => {
    proxy.release();
    const deadline = Date.now() + 5_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await tokenRequest()).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
  });
});
