import { loadConfig } from '../../../src/config/app-config';
import { PrismaService } from '../../../src/database/prisma.service';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { PUNCHOUT_CATALOG } from '../../factories/punchout.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { gatewayEnv, GatewayProcess, startGateway, stopAll } from '../../support/gateway-process';
import { connectionErrorOf, sleep, startLoad } from '../../support/load';
import { openSocket, parseResponse } from '../../support/raw-http';
import { TcpProxy } from '../../support/tcp-proxy';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

const WORKERS = 6;
const HOOK = 'https://srm.example.com/hook';
/** What a refused new request may look like: no connection, or a 503 in the API's error shape. */
const REFUSED_CONNECTION = /ECONNREFUSED|ECONNRESET|other side closed|UND_ERR_SOCKET|EPIPE/;

/**
 * SIGTERM to a real gateway process while requests are in flight. The requests are held in flight by
 * holding the database's packets (TcpProxy), so "in flight" is certain, not a matter of timing: each
 * worker's request is inside its transaction when the signal arrives.
 */
describe('drill: SIGTERM under load', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let prisma: PrismaService;
  let token: string;
  let organizationId: string;
  let replicas: GatewayProcess[] = [];
  /** One replica per test, started together (each start costs seconds of transpiling). */
  let draining: GatewayProcess;
  let hanging: GatewayProcess;
  const DRAIN_SHUTDOWN_TIMEOUT_MS = 8_000;
  const HANG_SHUTDOWN_TIMEOUT_MS = 1_500;

  beforeAll(async () => {
    database = await createTestDatabase();
    prisma = new PrismaService(loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }));
    await createCatalog(prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(prisma);
    organizationId = organization.id;
    const { client } = await createClient(prisma, organization);
    token = await issueTestToken(prisma, await createUser(prisma, organization), client, {
      expiresInSeconds: 3_600,
    });
    const target = new URL(database.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.open();
    replicas = await Promise.all([start(DRAIN_SHUTDOWN_TIMEOUT_MS), start(HANG_SHUTDOWN_TIMEOUT_MS)]);
    [draining, hanging] = replicas;
  }, 120_000);
  afterAll(async () => {
    proxy.release();
    await stopAll(replicas);
    await proxy.cut();
    await prisma.onModuleDestroy();
    await database.drop();
  });

  const start = async (shutdownTimeoutMs: number) => {
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    return startGateway(
      gatewayEnv(viaProxy.toString(), {
        SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
        MIGRATE_ON_START: 'false',
        DATABASE_QUERY_TIMEOUT_MS: '20000',
      }),
    );
  };

  const startPunchout = (baseUrl: string, name: string) =>
    fetch(`${baseUrl}/api/v1/marketplace/product/paper-1/punchout`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ callbackUrl: HOOK, name }),
      signal: AbortSignal.timeout(15_000),
    });

  it('finishes in-flight requests, refuses new ones cleanly, exits 0 within SHUTDOWN_TIMEOUT_MS', async () => {
    const shutdownTimeoutMs = DRAIN_SHUTDOWN_TIMEOUT_MS;
    const gateway = draining;
    let signalledAt = Infinity;
    const load = startLoad(WORKERS, async (worker, i) => {
      const response = await startPunchout(gateway.baseUrl, `sigterm-${worker}-${i}`);
      return { status: response.status, detail: await response.json() };
    });
    await sleep(500);
    // A connection in the middle of sending its request when the signal arrives: not idle, so it is
    // not closed; its request completes during the drain and must get a clean refusal.
    const halfSent = await openSocket(gateway.baseUrl);
    halfSent.write('GET /healthz HTTP/1.1\r\nHost: gateway.test\r\n');
    const answer: Buffer[] = [];
    halfSent.on('data', (chunk: Buffer) => answer.push(chunk));

    proxy.hold();
    await sleep(300); // every worker is now inside a request that waits for the database
    signalledAt = Date.now();
    const exited = gateway.stop('SIGTERM');
    await sleep(300);

    halfSent.write('\r\n');
    const fresh = await startPunchout(gateway.baseUrl, 'after-sigterm').then(
      async (response) => ({ status: response.status, body: await response.json(), error: '' }),
      (error: unknown) => ({ status: 0, body: undefined, error: connectionErrorOf(error) }),
    );
    proxy.release();
    const code = await exited;
    const exitedAfter = Date.now() - signalledAt;
    const samples = await load.stop();

    expect(code).toBe(0);
    expect(exitedAfter).toBeLessThan(shutdownTimeoutMs);
    expect(gateway.run.output()).toMatch(/SIGTERM: finishing in-flight requests/);

    // In flight when the signal came: finished, answered, written.
    const inFlight = samples.filter((s) => s.startedAt < signalledAt);
    expect(inFlight.length).toBeGreaterThanOrEqual(WORKERS);
    expect(inFlight.filter((s) => s.status !== 201)).toEqual([]);
    const created = await prisma.punchoutSession.count({
      where: { organizationId, requesterName: { startsWith: 'sigterm-' } },
    });
    expect(created).toBe(inFlight.length);

    // Sent after it: refused, never a 500 or a hang.
    const refusedCleanly = (s: { status: number; error?: string; body?: unknown }) =>
      s.status === 0
        ? REFUSED_CONNECTION.test(s.error ?? '')
        : s.status === 503 &&
          JSON.stringify(s.body).includes('"error":"service_unavailable"') &&
          JSON.stringify(s.body).includes('"error_description"');
    expect(refusedCleanly(fresh)).toBe(true);
    const late = samples.filter((s) => s.startedAt >= signalledAt);
    expect(late.filter((s) => !refusedCleanly({ ...s, body: s.detail }))).toEqual([]);

    const halfSentAnswer = parseResponse(Buffer.concat(answer).toString('latin1'));
    expect(halfSentAnswer.status).toBe(503);
    expect(halfSentAnswer.headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.parse(halfSentAnswer.body)).toEqual({
      error: 'service_unavailable',
      error_description: expect.any(String),
    });
    halfSent.destroy();
  }, 60_000);

  it('exits at SHUTDOWN_TIMEOUT_MS when in-flight requests do not finish', async () => {
    const shutdownTimeoutMs = HANG_SHUTDOWN_TIMEOUT_MS;
    const gateway = hanging;
    proxy.hold();
    const stuck = startPunchout(gateway.baseUrl, 'stuck').catch((error: unknown) => connectionErrorOf(error));
    await sleep(300);
    const signalledAt = Date.now();
    const code = await gateway.stop('SIGTERM');
    const exitedAfter = Date.now() - signalledAt;
    proxy.release();

    expect(code).toBe(1);
    expect(exitedAfter).toBeGreaterThanOrEqual(shutdownTimeoutMs - 100);
    expect(exitedAfter).toBeLessThan(shutdownTimeoutMs + 1_500);
    // One warn line says that the shutdown was forced and how many requests it cut (the stuck one).
    const warnings = gateway.run
      .output()
      .split('\n')
      .filter((line) => line.includes('SHUTDOWN_TIMEOUT_MS'))
      .map((line) => JSON.parse(line) as { level: number; requestsCut: number; msg: string });
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        requestsCut: 1,
        msg: expect.stringMatching(/1 request\(s\) in flight cut/),
      }),
    ]);
    expect(await stuck).toEqual(expect.stringMatching(REFUSED_CONNECTION));
  }, 60_000);
});
