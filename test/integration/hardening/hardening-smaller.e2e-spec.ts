import crypto from 'node:crypto';
import { UserRole } from '../../../src/generated/prisma/enums';
import { FIXED_CATALOG, createCatalog } from '../../factories/catalog.factory';
import {
  createClient,
  createOrganization,
  createUser,
  ClientWithSecret,
} from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { FORM, requestToken } from '../../support/oauth';
import { startTestApp, TestApp } from '../../support/test-app';

describe('hardening: smaller input findings', () => {
  let t: TestApp;
  let adminA: string;
  let client: ClientWithSecret;

  beforeAll(async () => {
    // The token endpoint's client cache on, as in production (the timing finding is about it).
    t = await startTestApp({ env: { TOKEN_CACHE_TTL_MS: '10000' } });
    await createCatalog(t.prisma, FIXED_CATALOG);
    const a = await createOrganization(t.prisma);
    client = await createClient(t.prisma, a);
    adminA = await issueTestToken(
      t.prisma,
      await createUser(t.prisma, a, { roles: [UserRole.admin, UserRole.buyer] }),
      client.client,
    );
    await createUser(t.prisma, a, { email: 'zo\u00eb@example.com' }); // stored NFC
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => t.close());

  it('matches an e-mail in Unicode NFD to its NFC user', async () => {
    const response = await requestToken(t.baseUrl, {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      email: 'zoe\u0308@example.com',
    });
    expect(response.status).toBe(200);
  });

  it.each(['%FF', '%zz', 'pen%', 'pen%E2%82'])(
    'refuses the malformed escape %s in the search query with 400 invalid_request',
    async (bad) => {
      const response = await fetch(`${t.baseUrl}/api/v1/marketplace/search?query=${bad}`, {
        headers: bearer(adminA),
      });
      expect(response.status).toBe(400);
      expect(await bodyOf(response)).toEqual({
        error: 'invalid_request',
        error_description: expect.stringMatching(/percent-encod/),
      });
    },
  );

  it('still decodes a valid escape in the search query', async () => {
    const response = await fetch(`${t.baseUrl}/api/v1/marketplace/search?query=p%C3%A9n%20`, {
      headers: bearer(adminA),
    });
    expect(response.status).toBe(200);
  });

  it.each(['access_token=abc', 'access%5Ftoken=abc', 'x=1&access_token='])(
    'answers a form-body access token on POST (%s) with 400 invalid_request, as docs/oauth.md says',
    async (body) => {
      const response = await fetch(`${t.baseUrl}/api/v1/guidance/rules`, {
        method: 'POST',
        headers: { 'content-type': FORM },
        body,
      });
      expect(response.status).toBe(400);
      expect((await bodyOf(response)).error).toBe('invalid_request');
    },
  );

  it('does the same work for a cached client id with a wrong secret as for an unknown id', async () => {
    const attempt = (clientId: string) =>
      requestToken(t.baseUrl, {
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: 'mpgs_wrong-wrong-wrong-wrong-wrong',
        email: 'zo\u00eb@example.com',
      });
    // Warm both paths once (the known id's lookup and the unknown id's miss are then cached).
    expect((await attempt(client.clientId)).status).toBe(401);
    expect((await attempt('mpgc_unknown_client_id')).status).toBe(401);

    const work = async (clientId: string) => {
      // The constant-time comparison itself (digestsEqual's only work): a module's own exports cannot be
      // spied on once compiled as ES module bindings, Node's crypto module can.
      const compare = jest.spyOn(crypto, 'timingSafeEqual');
      const queries = jest.spyOn(t.prisma.pool, 'query');
      const response = await attempt(clientId);
      const counts = {
        status: response.status,
        compares: compare.mock.calls.length,
        queries: queries.mock.calls.length,
      };
      jest.restoreAllMocks();
      return counts;
    };
    const known = await work(client.clientId);
    const unknown = await work('mpgc_unknown_client_id');
    // Two digests for either id: the current secret's and the previous one's (a dummy when there is no
    // rotation in its grace period), so a rotation does not show in the timing.
    expect(known).toEqual({ status: 401, compares: 2, queries: 0 });
    expect(unknown).toEqual(known);
  });
});
