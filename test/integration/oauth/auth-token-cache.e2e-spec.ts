import { AccessTokenRepository } from '../../../src/auth/access-token.repository';
import { PrismaService } from '../../../src/database/prisma.service';
import { ManualClock } from '../../support/manual-clock';
import { createTokenRequester } from '../../factories/identity.factory';
import { bearer } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { requestToken, WhoAmIModule } from '../../support/oauth';
import { startTestApp, TestApp } from '../../support/test-app';

// The production default: resolved tokens are cached for TOKEN_CACHE_TTL_MS per process.
describe('bearer token cache (TOKEN_CACHE_TTL_MS=2000)', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2030-05-01T12:00:00.000Z'));

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [WhoAmIModule], clock, env: { TOKEN_CACHE_TTL_MS: '2000' } });
  });
  afterAll(() => t.close());

  async function freshToken() {
    const { client, user, form } = await createTokenRequester(t.prisma);
    const response = await requestToken(t.baseUrl, form);
    return { client, user, form, token: (await bodyOf(response)).access_token as string };
  }
  const whoami = (token: string) => fetch(`${t.baseUrl}/__test/whoami`, { headers: bearer(token) });

  it('lets a revocation made elsewhere (CLI, another replica) take effect within the cache ttl', async () => {
    const { user, token } = await freshToken();
    expect((await whoami(token)).status).toBe(200); // now cached
    await t.prisma.user.update({ where: { id: user.id }, data: { disabledAt: clock.now() } });

    clock.advance(1_999);
    expect((await whoami(token)).status).toBe(200); // the documented bound: up to 2 s late
    clock.advance(1);
    expect((await whoami(token)).status).toBe(401);
  });

  it('never serves a cached token past its expiry', async () => {
    const { token } = await freshToken();
    clock.advanceSeconds(299);
    expect((await whoami(token)).status).toBe(200); // cached at 299 s
    clock.advanceSeconds(1);
    expect((await whoami(token)).status).toBe(401);
  });

  it('applies a revocation through POST /oauth/revoke at once', async () => {
    const { client, token } = await freshToken();
    expect((await whoami(token)).status).toBe(200);
    const revoked = await fetch(`${t.baseUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }).toString(),
    });
    expect(revoked.status).toBe(200);
    expect((await whoami(token)).status).toBe(401);
  });

  it('refuses tokens to a revoked client within the ttl, and tokens it got meanwhile never work', async () => {
    const { client, form, token } = await freshToken();
    expect((await whoami(token)).status).toBe(200);
    await t.prisma.oAuthClient.update({ where: { id: client.client.id }, data: { revokedAt: clock.now() } });

    clock.advance(1_000);
    const late = await requestToken(t.baseUrl, form); // the client lookup is still cached
    expect(late.status).toBe(200);
    expect((await whoami((await bodyOf(late)).access_token)).status).toBe(401); // resolved from the database

    clock.advance(1_000);
    const refused = await requestToken(t.baseUrl, form);
    expect(refused.status).toBe(401);
    expect((await bodyOf(refused)).error).toBe('invalid_client');
    expect((await whoami(token)).status).toBe(401);
  });

  it('resolves a burst of one uncached token with one database lookup, not one per request', async () => {
    // A replica that just started (or whose cache entry just lapsed) under load: without coalescing,
    // every concurrent request queried the database and the pool ran out (503s in the fleet test).
    const { user, token } = await freshToken();
    const pool = t.app.get(PrismaService).pool;
    const lookups = jest.spyOn(pool, 'query');
    try {
      const principals = await Promise.all(
        Array.from({ length: 40 }, () =>
          t.app.get(AccessTokenRepository).findActivePrincipal(token, clock.now()),
        ),
      );
      expect(principals.map((principal) => principal?.userId)).toEqual(Array(40).fill(user.id));
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it('answers every form of the Authorization header for a cached token as Passport does', async () => {
    // The guard's fast path reads the cache before Passport (bearer-auth.guard.ts): it must not
    // accept a header form that Passport's own parsing refuses.
    const { user, token } = await freshToken();
    expect((await whoami(token)).status).toBe(200); // now cached
    const asked = async (authorization: string) => {
      const response = await fetch(`${t.baseUrl}/__test/whoami`, { headers: { authorization } });
      const body = await bodyOf(response);
      return {
        status: response.status,
        user: body.userId,
        challenge: response.headers.get('www-authenticate'),
      };
    };
    expect(await asked(`bearer ${token}`)).toMatchObject({ status: 200, user: user.id });
    expect(await asked(`BEARER ${token}`)).toMatchObject({ status: 200, user: user.id });
    // HTTP drops spaces around a header value before anyone reads it.
    expect(await asked(` Bearer ${token} `)).toMatchObject({ status: 200, user: user.id });
    for (const refused of [
      `Bearer  ${token}`,
      `Bearer ${token} x`,
      `Bearer\t${token}`,
      `Basic ${token}`,
      `Bearerx ${token}`,
      token,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token}x`,
    ]) {
      const answer = await asked(refused);
      expect({ header: refused.replace(token, '<token>'), status: answer.status }).toEqual({
        header: refused.replace(token, '<token>'),
        status: 401,
      });
      expect(answer.challenge).toMatch(/^Bearer realm="marketplace-gateway"/);
    }
  });

  it('still refuses access_token in the query string next to a cached token in the header', async () => {
    const { token } = await freshToken();
    expect((await whoami(token)).status).toBe(200); // now cached
    for (const name of ['access_token', 'access%5Ftoken']) {
      const response = await fetch(`${t.baseUrl}/__test/whoami?${name}=${token}`, { headers: bearer(token) });
      expect({ name, status: response.status }).toEqual({ name, status: 400 });
    }
    expect((await fetch(`${t.baseUrl}/__test/whoami?access_token=${token}`)).status).toBe(400);
  });

  it('goes back to the database for a cached token when the clock goes backwards', async () => {
    const { user, token } = await freshToken();
    expect((await whoami(token)).status).toBe(200); // now cached
    await t.prisma.user.update({ where: { id: user.id }, data: { disabledAt: clock.now() } });
    clock.advance(-1);
    try {
      expect((await whoami(token)).status).toBe(401);
    } finally {
      clock.advance(1);
    }
  });
});
