import { ManualClock } from '../support/manual-clock';
import { Organization } from '../../src/generated/prisma/client';
import {
  ClientWithSecret,
  createClient,
  createOrganization,
  createUser,
} from '../factories/identity.factory';
import { bearer, issueTestToken } from '../support/auth';
import { bodyOf } from '../support/http';
import { requestToken, WhoAmIModule } from '../support/oauth';
import { describeWithRedis, testRedisPrefix, testRedisUrl } from '../support/redis';
import { startTestApp, TestApp } from '../support/test-app';

/** A token valid for 300 s on the test's clock (issueTestToken counts from the system time). */
const liveOn = (clock: ManualClock) => ({
  expiresInSeconds: Math.round((clock.now().getTime() - Date.now()) / 1000) + 300,
});

const LIMITS = {
  RATE_LIMIT_WINDOW_SECONDS: '60',
  TOKEN_RATE_LIMIT_PER_CLIENT: '3',
  TOKEN_RATE_LIMIT_PER_ADDRESS: '6',
  API_RATE_LIMIT_PER_USER: '2',
};

async function expectRateLimited(response: Response, retryAfter: number) {
  expect(response.status).toBe(429);
  expect(response.headers.get('retry-after')).toBe(String(retryAfter));
  expect(await bodyOf(response)).toEqual({ error: 'rate_limited', error_description: expect.any(String) });
}

describe('rate limits (in-process counters)', () => {
  let t: TestApp;
  // 15 s into a minute, so a window has 45 s left.
  const clock = new ManualClock(new Date('2030-07-01T09:00:15.000Z'));
  let organization: Organization;
  let email: string;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [WhoAmIModule], clock, env: LIMITS });
    organization = await createOrganization(t.prisma);
    email = (await createUser(t.prisma, organization)).email;
  });
  afterAll(() => t.close());
  // Every test starts 15 s into a fresh window, so a throttled caller is told to retry in 45 s.
  beforeEach(() => clock.set(new Date((Math.floor(clock.now().getTime() / 60_000) + 1) * 60_000 + 15_000)));

  const formFor = (client: ClientWithSecret) => ({
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    email,
  });

  it('limits the token endpoint per client id, counting failed attempts, without touching the database', async () => {
    const client = await createClient(t.prisma, organization);
    expect((await requestToken(t.baseUrl, { ...formFor(client), client_secret: 'mpgs_wrong' })).status).toBe(
      401,
    );
    expect((await requestToken(t.baseUrl, formFor(client))).status).toBe(200);
    expect((await requestToken(t.baseUrl, formFor(client))).status).toBe(200);
    const tokensBefore = await t.prisma.accessToken.count();

    await expectRateLimited(await requestToken(t.baseUrl, formFor(client)), 45);
    expect(await t.prisma.accessToken.count()).toBe(tokensBefore);

    // Another client from the same address is not affected.
    expect((await requestToken(t.baseUrl, formFor(await createClient(t.prisma, organization)))).status).toBe(
      200,
    );
  });

  it('limits the token endpoint per source address, whatever the client id or body', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await requestToken(t.baseUrl, 'garbage=%zz')).status).toBe(400);
    }
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await requestToken(t.baseUrl, formFor(await createClient(t.prisma, organization)))).status,
      ).toBe(200);
    }
    await expectRateLimited(
      await requestToken(t.baseUrl, formFor(await createClient(t.prisma, organization))),
      45,
    );
  });

  it('lets a throttled client in again once the window has passed', async () => {
    const client = await createClient(t.prisma, organization);
    for (let i = 0; i < 3; i += 1) expect((await requestToken(t.baseUrl, formFor(client))).status).toBe(200);
    await expectRateLimited(await requestToken(t.baseUrl, formFor(client)), 45);
    clock.advanceSeconds(44);
    await expectRateLimited(await requestToken(t.baseUrl, formFor(client)), 1);
    clock.advanceSeconds(1);
    expect((await requestToken(t.baseUrl, formFor(client))).status).toBe(200);
  });

  it('limits authenticated API calls per user, not per client or route', async () => {
    const { client } = await createClient(t.prisma, organization);
    const user = await createUser(t.prisma, organization);
    const other = await createUser(t.prisma, organization);
    const [first, second] = [
      await issueTestToken(t.prisma, user, client, liveOn(clock)),
      await issueTestToken(t.prisma, user, client, liveOn(clock)),
    ];
    const whoami = (token: string) => fetch(`${t.baseUrl}/__test/whoami`, { headers: bearer(token) });

    expect((await whoami(first)).status).toBe(200);
    expect((await whoami(second)).status).toBe(200);
    await expectRateLimited(await whoami(first), 45);
    expect((await whoami(await issueTestToken(t.prisma, other, client, liveOn(clock)))).status).toBe(200);
    // Public routes carry no principal and are not counted per user.
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
  });
});

describeWithRedis('rate limits shared by replicas through Redis', () => {
  const clock = new ManualClock(new Date('2030-07-01T09:00:15.000Z'));
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
    const first = await startTestApp({ extraModules: [WhoAmIModule], clock, env });
    const second = await startTestApp({ extraModules: [WhoAmIModule], clock, env, database: first.database });
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
    await expectRateLimited(await requestToken(replicas[1].baseUrl, form), 45);
  });

  it('counts API calls of one user across replicas', async () => {
    const { client } = await createClient(replicas[0].prisma, organization);
    const user = await createUser(replicas[0].prisma, organization);
    const token = await issueTestToken(replicas[0].prisma, user, client, liveOn(clock));
    const whoami = (replica: TestApp) =>
      fetch(`${replica.baseUrl}/__test/whoami`, { headers: bearer(token) });
    expect((await whoami(replicas[0])).status).toBe(200);
    expect((await whoami(replicas[1])).status).toBe(200);
    await expectRateLimited(await whoami(replicas[0]), 45);
  });
});
