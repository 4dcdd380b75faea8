import { Organization } from '../../../src/generated/prisma/client';
import {
  ClientWithSecret,
  createClient,
  createOrganization,
  createUser,
} from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { requestToken, WhoAmIModule } from '../../support/oauth';
import { describeWithRedis, testRedisPrefix, testRedisUrl } from '../../support/redis';
import { startTestApp, TestApp } from '../../support/test-app';

const LIMITS = {
  RATE_LIMIT_WINDOW_SECONDS: '60',
  TOKEN_RATE_LIMIT_PER_CLIENT: '3',
  TOKEN_RATE_LIMIT_PER_ADDRESS: '6',
  API_RATE_LIMIT_PER_USER: '2',
  API_RATE_LIMIT_PER_CLIENT: '5',
};

/** 429 rate_limited with Retry-After (1..60 s) and the RateLimit fields of the named policy. */
async function expectRateLimited(response: Response, policy: string, quota: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  expect(response.headers.get('ratelimit-policy')).toBe(`"${policy}";q=${quota};w=60`);
  expect(response.headers.get('ratelimit')).toBe(`"${policy}";r=0;t=${retryAfter}`);
  expect(await bodyOf(response)).toEqual({ error: 'rate_limited', error_description: expect.any(String) });
}

describe('rate limits (in-process counters)', () => {
  let t: TestApp;
  let organization: Organization;
  let email: string;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [WhoAmIModule], env: LIMITS });
    organization = await createOrganization(t.prisma);
    email = (await createUser(t.prisma, organization)).email;
  });
  afterAll(() => t.close());

  const formFor = (client: ClientWithSecret) => ({
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    email,
  });

  it('limits token grants per client id without touching the database past the limit', async () => {
    const client = await createClient(t.prisma, organization);
    expect((await requestToken(t.baseUrl, formFor(client))).status).toBe(200);
    expect((await requestToken(t.baseUrl, formFor(client))).status).toBe(200);
    expect((await requestToken(t.baseUrl, formFor(client))).status).toBe(200);
    const tokensBefore = await t.prisma.accessToken.count();

    await expectRateLimited(await requestToken(t.baseUrl, formFor(client)), 'oauth-client', 3);
    expect(await t.prisma.accessToken.count()).toBe(tokensBefore);
    // Another client from the same address is not affected (the address has 2 of 6 left).
    expect((await requestToken(t.baseUrl, formFor(await createClient(t.prisma, organization)))).status).toBe(
      200,
    );
  });

  it('limits the token endpoint per source address, whatever the client id or body', async () => {
    // The previous test spent 5 of this address's 6: one more answer, then 429 even for garbage.
    expect((await requestToken(t.baseUrl, 'garbage=%zz')).status).toBe(400);
    await expectRateLimited(await requestToken(t.baseUrl, 'garbage=%zz'), 'oauth-address', 6);
    await expectRateLimited(
      await requestToken(t.baseUrl, formFor(await createClient(t.prisma, organization))),
      'oauth-address',
      6,
    );
  });

  it('limits authenticated API calls per user, not per token or route', async () => {
    const { client } = await createClient(t.prisma, organization);
    const user = await createUser(t.prisma, organization);
    const other = await createUser(t.prisma, organization);
    const [first, second] = [
      await issueTestToken(t.prisma, user, client),
      await issueTestToken(t.prisma, user, client),
    ];
    const whoami = (token: string) => fetch(`${t.baseUrl}/__test/whoami`, { headers: bearer(token) });

    expect((await whoami(first)).status).toBe(200);
    expect((await whoami(second)).status).toBe(200);
    await expectRateLimited(await whoami(first), 'api-user', 2);
    expect((await whoami(await issueTestToken(t.prisma, other, client))).status).toBe(200);
    // Public routes carry no principal and are not counted per user.
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
  });

  it('limits all users of one OAuth client together per client', async () => {
    const { client } = await createClient(t.prisma, organization);
    const tokens = await Promise.all(
      [0, 1, 2].map(async () => issueTestToken(t.prisma, await createUser(t.prisma, organization), client)),
    );
    const whoami = (token: string) => fetch(`${t.baseUrl}/__test/whoami`, { headers: bearer(token) });
    const statuses: number[] = [];
    for (const token of [...tokens, ...tokens]) statuses.push((await whoami(token)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // A user with nothing spent of its own is refused for its client's sake.
    const fresh = await issueTestToken(t.prisma, await createUser(t.prisma, organization), client);
    await expectRateLimited(await whoami(fresh), 'api-client', 5);
  });

  it('counts each route group on its own (RATE_LIMIT_GROUPS overrides one group)', async () => {
    const app = await startTestApp({
      extraModules: [WhoAmIModule],
      env: { ...LIMITS, RATE_LIMIT_GROUPS: 'product=1/100' },
      database: t.database,
    });
    try {
      const { client } = await createClient(t.prisma, organization);
      const token = await issueTestToken(t.prisma, await createUser(t.prisma, organization), client);
      const get = (path: string) => fetch(`${app.baseUrl}${path}`, { headers: bearer(token) });
      expect((await get('/api/v1/marketplace/product/nope')).status).toBe(404);
      await expectRateLimited(await get('/api/v1/marketplace/product/nope'), 'product-user', 1);
      // The product group's limit does not spend the guidance group's.
      expect((await get('/api/v1/guidance/rules')).status).not.toBe(429);
      expect((await get('/api/v1/guidance/rules')).status).not.toBe(429);
      await expectRateLimited(await get('/api/v1/guidance/rules'), 'guidance-user', 2);
    } finally {
      await app.close();
    }
  });
});

describeWithRedis('rate limits shared by replicas through Redis', () => {
  let replicas: TestApp[];
  let organization: Organization;
  let email: string;

  beforeAll(async () => {
    const env = {
      ...LIMITS,
      REDIS_URL: testRedisUrl() as string,
      RATE_LIMIT_REDIS_PREFIX: testRedisPrefix(),
    };
    // Two apps in one process: Passport's strategy registry is process-global, so both resolve
    // tokens through the second app's strategy (same database); each still counts through its own
    // guard and Redis connection, which is what is under test here.
    const first = await startTestApp({ extraModules: [WhoAmIModule], env });
    const second = await startTestApp({ extraModules: [WhoAmIModule], env, database: first.database });
    replicas = [first, second];
    organization = await createOrganization(first.prisma);
    email = (await createUser(first.prisma, organization)).email;
  });
  afterAll(async () => {
    await replicas[1].close();
    await replicas[0].close();
    await replicas[0].database.drop();
  });

  it('counts token requests of one client id across replicas', async () => {
    const client = await createClient(replicas[0].prisma, organization);
    const form = {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      email,
    };
    expect((await requestToken(replicas[0].baseUrl, form)).status).toBe(200);
    expect((await requestToken(replicas[1].baseUrl, form)).status).toBe(200);
    expect((await requestToken(replicas[0].baseUrl, form)).status).toBe(200);
    await expectRateLimited(await requestToken(replicas[1].baseUrl, form), 'oauth-client', 3);
  });

  it('counts API calls of one user across replicas', async () => {
    const { client } = await createClient(replicas[0].prisma, organization);
    const user = await createUser(replicas[0].prisma, organization);
    const token = await issueTestToken(replicas[0].prisma, user, client);
    const whoami = (replica: TestApp) =>
      fetch(`${replica.baseUrl}/__test/whoami`, { headers: bearer(token) });
    expect((await whoami(replicas[0])).status).toBe(200);
    expect((await whoami(replicas[1])).status).toBe(200);
    await expectRateLimited(await whoami(replicas[0]), 'api-user', 2);
  });
});
