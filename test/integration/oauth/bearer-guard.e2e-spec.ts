import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { WhoAmIModule } from '../../support/oauth';
import { startTestApp, TestApp } from '../../support/test-app';

describe('bearer guard', () => {
  let t: TestApp;
  const whoami = (headers: Record<string, string> = {}, query = '') =>
    fetch(`${t.baseUrl}/__test/whoami${query}`, { headers });

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [WhoAmIModule] });
  });
  afterAll(() => t.close());

  async function identity() {
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const user = await createUser(t.prisma, organization);
    return { organization, client, user };
  }

  it('resolves a valid token to its user, organization and client', async () => {
    const { organization, client, user } = await identity();
    const token = await issueTestToken(t.prisma, user, client);

    const response = await whoami(bearer(token));
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toMatchObject({
      userId: user.id,
      email: user.email,
      organizationId: organization.id,
      clientId: client.id,
      clientPublicId: client.clientId,
      roles: ['buyer'],
    });
  });

  it('answers a request without a token with 401 and a plain Bearer challenge', async () => {
    const response = await whoami();
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="marketplace-gateway"');
    expect((await bodyOf(response)).error).toBe('invalid_token');
  });

  it.each([
    ['an unknown token', 'Bearer mpgt_unknown'],
    ['a malformed header', 'Bearer'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
  ])('answers %s with 401 invalid_token', async (_case, authorization) => {
    const response = await whoami({ authorization });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await bodyOf(response)).toMatchObject({ error: 'invalid_token' });
  });

  it('refuses expired and revoked tokens, disabled users and revoked clients', async () => {
    const { client, user } = await identity();
    const expired = await issueTestToken(t.prisma, user, client, { expiresInSeconds: -1 });
    const revoked = await issueTestToken(t.prisma, user, client);
    await t.prisma.accessToken.updateMany({
      where: { userId: user.id, expiresAt: { gt: new Date() } },
      data: { revokedAt: new Date() },
    });
    expect((await whoami(bearer(expired))).status).toBe(401);
    expect((await whoami(bearer(revoked))).status).toBe(401);

    const other = await identity();
    const ofDisabledUser = await issueTestToken(t.prisma, other.user, other.client);
    expect((await whoami(bearer(ofDisabledUser))).status).toBe(200);
    await t.prisma.user.update({ where: { id: other.user.id }, data: { disabledAt: new Date() } });
    expect((await whoami(bearer(ofDisabledUser))).status).toBe(401);

    const third = await identity();
    const ofRevokedClient = await issueTestToken(t.prisma, third.user, third.client);
    await t.prisma.oAuthClient.update({ where: { id: third.client.id }, data: { revokedAt: new Date() } });
    expect((await whoami(bearer(ofRevokedClient))).status).toBe(401);
  });

  it('refuses a token in the query string even when it is valid', async () => {
    const { client, user } = await identity();
    const token = await issueTestToken(t.prisma, user, client);
    const response = await whoami({}, `?access_token=${token}`);
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).error).toBe('invalid_request');
  });

  it('leaves public routes open', async () => {
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
  });
});
