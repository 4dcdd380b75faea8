import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { CatalogService } from '../../../src/catalog/catalog.service';
import { runMigrations } from '../../../src/database/migration-runner';
import { UserRole } from '../../../src/generated/prisma/client';
import { createCatalog } from '../../factories/catalog.factory';
import {
  createClient,
  createOrganization,
  createTokenRequester,
  createUser,
} from '../../factories/identity.factory';
import { onTestApp, PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { Json } from '../../support/http';
import { requestToken } from '../../support/oauth';
import {
  createReplicatedDatabase,
  PrimaryAndStandby,
  startPrimaryAndStandby,
} from '../../../bench/support/postgres-standby';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const MAX_LAG_MS = 2_000;

/**
 * Read replicas against a real hot standby (test/support/postgres-standby.ts): the standby logs every
 * statement, so the test sees which reads reached it, and it refuses every write, so a write routed
 * there would fail the request.
 */
describe('read replicas (a real PostgreSQL hot standby)', () => {
  let servers: PrimaryAndStandby | undefined;
  let t: TestApp | undefined;
  let app: TestApp;
  let token: string;
  let dir: string;

  beforeAll(async () => {
    servers = await startPrimaryAndStandby({ logStatements: true });
    await createReplicatedDatabase(servers, 'gateway');
    await runMigrations(servers.primaryUrl('gateway'));
    t = await startTestApp({
      database: { name: 'gateway', url: servers.primaryUrl('gateway'), drop: () => Promise.resolve() },
      env: {
        DATABASE_REPLICA_URLS: servers.standbyUrl('gateway'),
        DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
        DATABASE_REPLICA_CHECK_MS: '100',
        CATALOG_VERSION_CHECK_MS: '100',
        API_RATE_LIMIT_PER_USER: '0',
      },
    });
    app = t;
    await createCatalog(app.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(app.prisma);
    const { client } = await createClient(app.prisma, organization);
    const admin = await createUser(app.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] });
    token = await issueTestToken(app.prisma, admin, client, { expiresInSeconds: 3_600 });
    dir = await mkdtemp(join(tmpdir(), 'replica-import-'));
    await replicaCaughtUp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await servers?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(`${app.baseUrl}${path}`, { headers: bearer(token) });
  const search = async (query: string): Promise<Json> => {
    const response = await get(`/api/v1/marketplace/search?query=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    return response.json();
  };
  const names = (body: Json): string[] => body.data.map((hit: Json) => hit.name);
  const replicasState = async (): Promise<Json> => {
    const response = await fetch(`${app.baseUrl}/readyz`);
    expect(response.status).toBe(200);
    return (await response.json()).details.replicas;
  };
  const primaryCatalogVersion = async () =>
    (await app.prisma.$queryRaw<Array<{ v: string }>>`SELECT version::text AS v FROM catalog_version`)[0].v;

  /** Until /readyz shows the standby usable, holding the primary's catalog version (bounded). */
  async function replicaCaughtUp(): Promise<Json> {
    const wanted = await primaryCatalogVersion();
    return until(async () => {
      const state = await replicasState();
      return state.usable === 1 && state.replicas[0].catalogVersion === wanted ? state : undefined;
    }, 10_000);
  }

  /** The standby's log from now on (what it is asked after this call). */
  async function standbyLogFromHere(): Promise<() => Promise<string>> {
    const start = (await servers!.standbyLog()).length;
    return async () => (await servers!.standbyLog()).slice(start);
  }

  async function importProducts(name: string, products: Array<{ code: string; name: string }>) {
    const file = join(dir, `${name}.jsonl`);
    const lines = products.map((product) =>
      JSON.stringify({
        productCode: product.code,
        name: product.name,
        category: 'filing',
        offers: [{ vendor: 'Replica Supplies', price: '9.90', currency: 'EUR' }],
      }),
    );
    await writeFile(file, `${lines.join('\n')}\n`);
    const report = await app.app.get(CatalogService).importFile(file, { format: 'jsonl', strict: true });
    expect(report).toMatchObject({ imported: products.length, skipped: 0 });
  }

  it('reads search, product details and the shop pages from the standby; tokens, sessions, carts and audit go to the primary', async () => {
    const logged = await standbyLogFromHere();
    expect(names(await search('Copy paper'))).toEqual(['Copy paper A4, 80 g, 500 sheets']);
    expect((await get('/api/v1/marketplace/product/paper-1')).status).toBe(200);

    // Writes on every path that makes one: a refused write (the standby is read-only) fails the request.
    const requester = await createTokenRequester(app.prisma);
    expect((await requestToken(app.baseUrl, requester.form)).status).toBe(200);
    const started = await startPunchout(app.baseUrl, token, 'pen-1', {
      callbackUrl: 'https://srm.example.com/hook',
    });
    expect(started.status).toBe(201);
    const opened = await getPage(onTestApp(started.body.redirectUrl, app.baseUrl));
    expect(opened.status).toBe(303);
    const shop = `${app.baseUrl}${opened.location}`;
    const page = await getPage(shop);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Ballpoint pen, blue');
    expect((await getPage(`${shop}/search?query=paper`)).html).toContain('Copy paper A4');
    const added = await postForm(`${shop}/cart/add`, {
      csrf: csrfOf(page.html),
      offerId: 'pen-1-a',
      quantity: '2',
    });
    expect(added.status).toBe(303);
    expect(await app.prisma.cartItem.count()).toBe(1);

    const log = await logged();
    // The search's text and both products' ids reached the standby as query parameters.
    expect(log).toContain("'Copy paper'");
    expect(log).toMatch(/parameters: [^\n]*= 'paper-1'/i);
    expect(log).toMatch(/parameters: [^\n]*= 'pen-1'/i);
    expect(log).toContain("'paper'");
    // Tokens, sessions, carts, audit and the catalog version were never asked of it.
    for (const table of ['access_token', 'oauth_client', 'punchout_session', 'cart_item', 'audit_event'])
      expect(log).not.toContain(table);
    expect(log).not.toContain('AS version FROM catalog_version');
  });

  it('shows an import through the standby within DATABASE_REPLICA_MAX_LAG_MS', async () => {
    await importProducts('shown', [{ code: 'REPL-1', name: 'Heftgerät Replikant' }]);
    const standby = new Client({
      connectionString: servers!.standbyUrl('gateway'),
      connectionTimeoutMillis: 5_000,
    });
    await standby.connect();
    try {
      await until(async () => {
        const { rowCount } = await standby.query(`SELECT 1 FROM product WHERE name = 'Heftgerät Replikant'`);
        return rowCount === 1 ? true : undefined;
      }, MAX_LAG_MS);
    } finally {
      await standby.end();
    }
    await replicaCaughtUp();
    const logged = await standbyLogFromHere();
    expect(names(await search('Replikant'))).toEqual(['Heftgerät Replikant']);
    expect(await logged()).toContain("'Replikant'");
  });

  it('never fills a cache from a standby that has not replayed the catalog version the cache names', async () => {
    expect(names(await search('Lochzange'))).toEqual([]);
    const standby = new Client({
      connectionString: servers!.standbyUrl('gateway'),
      connectionTimeoutMillis: 5_000,
    });
    await standby.connect();
    try {
      await standby.query('SELECT pg_wal_replay_pause()');
      await importProducts('held-back', [{ code: 'REPL-2', name: 'Lochzange Replikant' }]);
      const version = await primaryCatalogVersion();
      // The new version is seen at once (CATALOG_VERSION_CHECK_MS=100) while the standby is still
      // within the lag bound but holds the old catalog: the search under the new version must be
      // read where that version is, or the cache would keep "nothing found" under it.
      const logged = await standbyLogFromHere();
      const found = await until(async () => {
        const body = await search('Lochzange');
        return body.data.length > 0 ? body : undefined;
      }, 1_500);
      expect(names(found)).toEqual(['Lochzange Replikant']);
      expect(await logged()).not.toContain("'Lochzange'");
      const held = await replicasState();
      expect(held.replicas[0].catalogVersion).not.toBe(version);
      // The cached answer stays right, and product details of the new product are found too.
      expect(names(await search('Lochzange'))).toEqual(['Lochzange Replikant']);
      expect((await get(`/api/v1/marketplace/product/${found.data[0].id}`)).status).toBe(200);
    } finally {
      await standby.query('SELECT pg_wal_replay_resume()');
      await standby.end();
    }
    await replicaCaughtUp();
  });

  it('moves reads to the primary when the standby stops, without a failed request, and /readyz stays ready', async () => {
    const statuses: number[] = [];
    let stop = false;
    let n = 0;
    // Distinct searches (none answered from the cache) and product details, four at a time.
    const worker = async () => {
      while (!stop) {
        const i = n++;
        const path =
          i % 3 === 0
            ? `/api/v1/marketplace/product/${i % 2 ? 'pen-1' : 'paper-1'}`
            : `/api/v1/marketplace/search?query=${encodeURIComponent(i % 2 ? 'paper' : 'pen')}&page=${(i % 40) + 1}&pageSize=1`;
        const response = await get(path);
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    };
    const logged = await standbyLogFromHere();
    const workers = Array.from({ length: 4 }, worker);
    await until(async () => (statuses.length >= 40 ? true : undefined), 20_000);
    expect(await logged()).toContain("'paper'");
    await servers!.stopStandby();
    const atStop = statuses.length;
    await until(async () => (statuses.length >= atStop + 60 ? true : undefined), 20_000);
    stop = true;
    await Promise.all(workers);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const state = await replicasState();
    expect(state.usable).toBe(0);
    expect(state.replicas[0]).toMatchObject({
      usable: false,
      reason: expect.stringMatching(/unreachable|a read failed/),
    });
  });
});

/** Polls `probe` until it gives a value, at most `withinMs`; throws when it never does. */
async function until<T>(probe: () => Promise<T | undefined>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
