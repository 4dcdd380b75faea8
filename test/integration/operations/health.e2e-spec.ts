import { bodyOf } from '../../support/http';
import { startTestAppBehindProxy, TcpProxy } from '../../support/tcp-proxy';
import { TestApp } from '../../support/test-app';

describe('health', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, proxy, close } = await startTestAppBehindProxy({
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_POOL_MAX: '4',
    }));
  });
  afterAll(() => close());

  it('reports liveness without touching the database', async () => {
    const response = await fetch(`${t.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ status: 'ok' });
  });

  it('is ready while PostgreSQL answers, 503 during an outage, and ready again after it, without crashing', async () => {
    const before = await fetch(`${t.baseUrl}/readyz`);
    expect(before.status).toBe(200);
    expect((await bodyOf(before)).details.database.status).toBe('up');

    await proxy.cut(); // open pool connections die while idle: the pool must survive that
    const during = await fetch(`${t.baseUrl}/readyz`);
    expect(during.status).toBe(503);
    const body = await bodyOf(during);
    expect(body.error).toBe('service_unavailable');
    expect(body.details.database.status).toBe('down');
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);

    await proxy.open();
    const after = await fetch(`${t.baseUrl}/readyz`);
    expect(after.status).toBe(200);
  });
});
