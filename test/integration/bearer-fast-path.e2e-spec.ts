import { createClient, createOrganization, createUser } from '../factories/identity.factory';
import { bearer } from '../support/auth';
import { bodyOf } from '../support/http';
import { ManualClock } from '../support/manual-clock';
import { requestToken, WhoAmIModule } from '../support/oauth';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The guard's cache fast path (bearer-auth.guard.ts): with a token that is in the cache,
 * the query/body access_token refusal still applies and nothing past the token's own expiry passes.
 */
describe('bearer guard fast path with a cached token', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2030-05-01T12:00:00.000Z'));

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [WhoAmIModule], clock, env: { TOKEN_CACHE_TTL_MS: '2000' } });
  });
  afterAll(() => t.close());

  async function cachedToken(): Promise<string> {
    const organization = await createOrganization(t.prisma);
    const client = await createClient(t.prisma, organization);
    const user = await createUser(t.prisma, organization);
    const response = await requestToken(t.baseUrl, {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      email: user.email,
    });
    const token = (await bodyOf(response)).access_token as string;
    expect((await fetch(`${t.baseUrl}/__test/whoami`, { headers: bearer(token) })).status).toBe(200);
    return token;
  }

  it('still refuses access_token in the query string or a form body, even alongside a cached header', async () => {
    const token = await cachedToken();
    const inQuery = await fetch(`${t.baseUrl}/__test/whoami?access_token=${token}`, {
      headers: bearer(token),
    });
    expect(inQuery.status).toBe(400);
    const inQueryOnly = await fetch(`${t.baseUrl}/__test/whoami?access_token=${token}`);
    expect(inQueryOnly.status).toBe(400);
    const encoded = await fetch(`${t.baseUrl}/__test/whoami?access%5Ftoken=${token}`, {
      headers: bearer(token),
    });
    expect(encoded.status).toBe(400);
  });

  it('does not accept a cached token at or past its expiry, nor a revoked-elsewhere one past the ttl', async () => {
    const token = await cachedToken();
    clock.advanceSeconds(299);
    expect((await fetch(`${t.baseUrl}/__test/whoami`, { headers: bearer(token) })).status).toBe(200);
    clock.advanceSeconds(1);
    expect((await fetch(`${t.baseUrl}/__test/whoami`, { headers: bearer(token) })).status).toBe(401);
  });

  it('goes back to the database when the clock goes backwards', async () => {
    const token = await cachedToken();
    await t.prisma.accessToken.updateMany({ data: { revokedAt: clock.now() } });
    clock.advance(-1);
    expect((await fetch(`${t.baseUrl}/__test/whoami`, { headers: bearer(token) })).status).toBe(401);
    clock.advance(1);
  });
});
