import { Client } from 'pg';
import Redis from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { FIXED_CATALOG, createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { describeWithRedis, testRedisPrefix, testRedisUrl } from '../../support/redis';
import { startTestApp, TestApp } from '../../support/test-app';

interface ProductLock {
  /** Resolves once `count` statements wait for the lock (a search got as far as the product table). */
  waiters(count: number): Promise<void>;
  release(): Promise<void>;
}

/**
 * Holds an exclusive lock on the product table until `release()`: every search statement that reads
 * products waits for it on its connection, so a search takes as long as the test says (real
 * PostgreSQL time, no mock).
 */
async function lockProducts(url: string): Promise<ProductLock> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE product IN ACCESS EXCLUSIVE MODE');
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const probe = new Client({ connectionString: url });
  await probe.connect();
  return {
    async waiters(count) {
      for (let tries = 0; tries < 300; tries++) {
        const blocked = await probe.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
          [rows[0].pid],
        );
        if (blocked.rows[0].n >= count) return;
        await sleep(20);
      }
      throw new Error(`fewer than ${count} statements ever waited for the product lock`);
    },
    async release() {
      await client.query('COMMIT');
      await Promise.all([client.end(), probe.end()]);
    },
  };
}

async function newToken(t: TestApp): Promise<string> {
  const organization = await createOrganization(t.prisma);
  const { client } = await createClient(t.prisma, organization);
  return issueTestToken(t.prisma, await createUser(t.prisma, organization), client);
}

const search = (app: TestApp, token: string, query: string) =>
  fetch(`${app.baseUrl}/api/v1/marketplace/search?${new URLSearchParams({ query }).toString()}`, {
    headers: bearer(token),
  });

async function expectTooManyAtOnce(response: Response) {
  expect(response.status).toBe(429);
  expect(response.headers.get('retry-after')).toBe('1');
  expect(response.headers.get('ratelimit')).toBe('"search-concurrent";r=0;t=1');
  expect(await bodyOf(response)).toEqual({
    error: 'rate_limited',
    error_description: expect.stringContaining('search-concurrent'),
  });
}

describe('search admission: measured cost and concurrent searches per user (in-process)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        RATE_LIMIT_WINDOW_SECONDS: '60',
        RATE_LIMIT_GROUPS: 'search=10/100000',
        // A point per 200 ms: a quick search costs 1 even on a loaded machine, the held one many.
        SEARCH_COST_MS_PER_POINT: '200',
        // Room for the held search below (a lock wait counts against statement_timeout).
        SEARCH_STATEMENT_TIMEOUT_MS: '10000',
        SEARCH_CONCURRENT_PER_USER: '2',
        SEARCH_CONCURRENT_WAIT_MS: '300',
        // Every search runs its statements (a cached answer measures nothing).
        SEARCH_CACHE_MAX_ENTRIES: '0',
      },
    });
    await createCatalog(t.prisma, FIXED_CATALOG);
  });
  afterAll(() => t.close());

  it('charges a search its measured database time: one that held PostgreSQL 2.5 s spends the budget', async () => {
    const heavy = await newToken(t);
    const lock = await lockProducts(t.database.url);
    const pending = search(t, heavy, 'fixture');
    await lock.waiters(1);
    await sleep(2_500);
    await lock.release();
    // Charged 1 point up front (it passes), then at least 12 more for its >= 2.5 s.
    expect((await pending).status).toBe(200);
    const next = await search(t, heavy, 'fixture');
    expect(next.status).toBe(429);
    expect(next.headers.get('ratelimit-policy')).toBe('"search-user";q=10;w=60');

    // Quick searches of another user cost about a point each: the same budget lets several through.
    const light = await newToken(t);
    for (let i = 0; i < 4; i++)
      expect((await search(t, light, `fixture${i % 2 ? '' : ' product'}`)).status).toBe(200);
  });

  it('runs at most 2 searches of one user at once: a third waits briefly, then 429 with Retry-After', async () => {
    const user = await newToken(t);
    const other = await newToken(t);
    const lock = await lockProducts(t.database.url);
    const mine = [search(t, user, 'fixture'), search(t, user, 'fixture'), search(t, user, 'fixture')];
    const theirs = search(t, other, 'fixture');
    const answeredWhileLocked: number[] = [];
    for (const pending of mine) void pending.then((response) => answeredWhileLocked.push(response.status));
    // Two of mine and theirs reach the product table (page and facets each); the third of mine is
    // refused after its 300 ms wait, while the lock still holds the others.
    await lock.waiters(6);
    expect((await Promise.race(mine)).status).toBe(429);
    await sleep(100);
    expect(answeredWhileLocked).toEqual([429]);
    await lock.release();
    const answers = await Promise.all(mine);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 429]);
    await expectTooManyAtOnce(answers.find((r) => r.status === 429)!);
    // Another user's search had a slot of its own.
    expect((await theirs).status).toBe(200);
  });

  it('lets a search that waits for a slot through when one frees up within the wait', async () => {
    const patient = await startTestApp({
      database: t.database,
      env: {
        SEARCH_CONCURRENT_PER_USER: '1',
        SEARCH_CONCURRENT_WAIT_MS: '5000',
        SEARCH_CACHE_MAX_ENTRIES: '0',
      },
    });
    try {
      const user = await newToken(patient);
      const lock = await lockProducts(t.database.url);
      const first = search(patient, user, 'fixture');
      await lock.waiters(2);
      const second = search(patient, user, 'fixture');
      await sleep(300);
      await lock.release();
      expect([(await first).status, (await second).status]).toEqual([200, 200]);
    } finally {
      await patient.close();
    }
  });
});

describeWithRedis('search concurrency shared by replicas through Redis', () => {
  let replicas: TestApp[];
  let redis: Redis;
  const prefix = testRedisPrefix();

  beforeAll(async () => {
    const env = {
      REDIS_URL: testRedisUrl() as string,
      RATE_LIMIT_REDIS_PREFIX: prefix,
      SEARCH_CONCURRENT_PER_USER: '1',
      SEARCH_CONCURRENT_WAIT_MS: '200',
      SEARCH_CACHE_MAX_ENTRIES: '0',
    };
    const first = await startTestApp({ env });
    const second = await startTestApp({ env, database: first.database });
    replicas = [first, second];
    await createCatalog(first.prisma, FIXED_CATALOG);
    redis = new Redis(testRedisUrl() as string);
  });
  afterAll(async () => {
    redis.disconnect();
    await replicas[1].close();
    await replicas[0].close();
    await replicas[0].database.drop();
  });

  it("counts one user's running searches across replicas and frees the slot when the search ends", async () => {
    const [a, b] = replicas;
    const organization = await createOrganization(a.prisma);
    const { client } = await createClient(a.prisma, organization);
    const user = await createUser(a.prisma, organization);
    const token = await issueTestToken(a.prisma, user, client);
    const slots = `${prefix}search-concurrent:${user.id}`;

    const lock = await lockProducts(a.database.url);
    const running = search(a, token, 'fixture');
    await lock.waiters(2);
    expect(await redis.zcard(slots)).toBe(1);
    // The same user on the other replica finds its one slot taken.
    await expectTooManyAtOnce(await search(b, token, 'fixture'));
    await lock.release();
    expect((await running).status).toBe(200);
    expect(await redis.zcard(slots)).toBe(0);
    expect((await search(b, token, 'fixture')).status).toBe(200);
  });
});
