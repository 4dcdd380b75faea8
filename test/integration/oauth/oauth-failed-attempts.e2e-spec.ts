import { createTokenRequester } from '../../factories/identity.factory';
import { bodyOf } from '../../support/http';
import { requestToken } from '../../support/oauth';
import { startTestApp, TestApp } from '../../support/test-app';

// Addresses from the documentation ranges (RFC 5737), sent only as X-Forwarded-For to a local app.
const ATTACKER = { 'x-forwarded-for': '203.0.113.7' };
const OWNER = { 'x-forwarded-for': '198.51.100.20' };

describe('token endpoint: failed attempts do not lock out the client', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMIT_WINDOW_SECONDS: '60',
        TOKEN_RATE_LIMIT_PER_CLIENT: '20',
        TOKEN_RATE_LIMIT_PER_ADDRESS: '1000',
        TOKEN_RATE_LIMIT_FAILURES: '5',
      },
    });
  });
  afterAll(() => t.close());

  it('lets the owner in after 60 wrong-secret requests for its client_id from another address, and throttles those', async () => {
    const { form } = await createTokenRequester(t.prisma);

    const attempts: number[] = [];
    for (let i = 0; i < 60; i++) {
      attempts.push(
        (await requestToken(t.baseUrl, { ...form, client_secret: `mpgs_wrong${i}` }, ATTACKER)).status,
      );
    }
    // The first 5 failures are answered (401), the rest refused before the database.
    expect(attempts.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(attempts.slice(5))).toEqual(new Set([429]));

    const owner = await requestToken(t.baseUrl, form, OWNER);
    expect(owner.status).toBe(200);
    expect(await bodyOf(owner)).toMatchObject({ token_type: 'bearer' });

    // Even the right secret from the attacker's address waits: its failures are spent.
    const throttled = await requestToken(t.baseUrl, form, ATTACKER);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(throttled.headers.get('ratelimit-policy')).toBe('"oauth-failures";q=5;w=60');
  });

  it('counts successes per client separately: the owner spends its own quota, not failures', async () => {
    const { client, form } = await createTokenRequester(t.prisma);
    for (let i = 0; i < 4; i++) {
      expect((await requestToken(t.baseUrl, { ...form, client_secret: 'mpgs_wrong' }, OWNER)).status).toBe(
        401,
      );
    }
    for (let i = 0; i < 20; i++) expect((await requestToken(t.baseUrl, form, OWNER)).status).toBe(200);
    const tokens = await t.prisma.accessToken.count({ where: { client: { clientId: client.clientId } } });
    const limited = await requestToken(t.baseUrl, form, OWNER);
    expect(limited.status).toBe(429);
    expect(await bodyOf(limited)).toEqual({ error: 'rate_limited', error_description: expect.any(String) });
    expect(limited.headers.get('ratelimit-policy')).toBe('"oauth-client";q=20;w=60');
    expect(limited.headers.get('ratelimit')).toMatch(/^"oauth-client";r=0;t=\d+$/);
    expect(await t.prisma.accessToken.count({ where: { client: { clientId: client.clientId } } })).toBe(
      tokens,
    );
  });
});
