import { AuditChainService } from '../../../src/audit/audit-chain.service';
import { AuditEventTypes } from '../../../src/audit/audit-event';
import { sha256 } from '../../../src/common/crypto/secrets';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { issueTestToken } from '../../support/auth';
import { Sample, sleep, startLoad, timeUntil } from '../../support/load';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestAppBehindProxy, TcpProxy } from '../../support/tcp-proxy';
import { TestApp } from '../../support/test-app';

/**
 * How long PostgreSQL is cut. The full drill is 10 s (DRILL_DATABASE_CUT_MS=10000); 3 s by default
 * keeps the suite short and shows the same behaviour: nothing in the gateway depends on the length of
 * an outage (no retry backoff, no circuit that opens late; the pool's idle timeout is 30 s), every
 * request during it is answered by the same refused connect.
 */
const CUT_MS = Number(process.env.DRILL_DATABASE_CUT_MS ?? 3_000);
const CONNECT_TIMEOUT_MS = 1_000;
const WORKERS = 8;
const HOOK = 'https://srm.example.com/hook';

interface Detail {
  kind: 'api' | 'page';
  body?: { error?: unknown; error_description?: unknown };
  retryAfter?: string | null;
  name?: string;
}

/**
 * PostgreSQL goes away under load (every connection reset, new ones refused) and comes back: the
 * gateway keeps answering, fast, with 503 + Retry-After while it is gone, recovers by itself, and
 * what it reported as written is written exactly once.
 */
describe('drill: PostgreSQL cut under load', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let close: () => Promise<void>;
  let token: string;
  let organizationId: string;
  /** Each worker's own open punchout session (page URL and its CSRF token). */
  const sessions: Array<{ url: string; csrf: string }> = [];

  beforeAll(async () => {
    ({ t, proxy, close } = await startTestAppBehindProxy({
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DATABASE_QUERY_TIMEOUT_MS: '2000',
      DATABASE_POOL_MAX: '4',
      LOG_LEVEL: process.env.DRILL_LOG_LEVEL ?? 'silent',
      // Rate limits are not under test here: a fast machine must not turn the load into 429s.
      API_RATE_LIMIT_PER_USER: '1000000',
    }));
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(t.prisma);
    organizationId = organization.id;
    const { client } = await createClient(t.prisma, organization);
    token = await issueTestToken(t.prisma, await createUser(t.prisma, organization), client, {
      expiresInSeconds: 3_600,
    });
    for (let worker = 0; worker < WORKERS; worker += 1) {
      const { body } = await startPunchout(t.baseUrl, token, 'paper-1', { callbackUrl: HOOK });
      const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl));
      const url = `${t.baseUrl}${start.location}`;
      sessions.push({ url, csrf: csrfOf((await getPage(url)).html) });
    }
  }, 60_000);
  afterAll(() => close());

  it(`answers 503 fast while it is gone (${CUT_MS} ms), recovers within 5 s, writes nothing twice and loses nothing`, async () => {
    const sessionsBefore = await t.prisma.punchoutSession.count({ where: { organizationId } });
    // Even workers start punchouts (API, JSON errors), odd ones add to their cart (pages, HTML errors).
    const load = startLoad<Detail>(WORKERS, async (worker, i) => {
      if (worker % 2 === 0) {
        const name = `drill-${worker}-${i}`;
        const response = await fetch(`${t.baseUrl}/api/v1/marketplace/product/paper-1/punchout`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ callbackUrl: HOOK, name }),
          signal: AbortSignal.timeout(15_000),
        });
        const body = (await response.json()) as Detail['body'];
        const retryAfter = response.headers.get('retry-after');
        return { status: response.status, detail: { kind: 'api', body, retryAfter, name } };
      }
      const { url, csrf } = sessions[worker];
      const page = await postForm(`${url}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '1' });
      return { status: page.status, detail: { kind: 'page', retryAfter: page.headers.get('retry-after') } };
    });

    await sleep(1_000);
    const cutAt = Date.now();
    await proxy.cut();
    await sleep(300);
    const readyDuringCut = await fetch(`${t.baseUrl}/readyz`);
    await sleep(Math.max(0, CUT_MS - 300));
    await proxy.open();
    const backAt = Date.now();
    const recoveredIn = await timeUntil(async () => {
      const response = await fetch(`${t.baseUrl}/readyz`);
      return response.status === 200;
    }, 5_000);
    await sleep(1_500);
    const samples = await load.stop();

    expect(readyDuringCut.status).toBe(503);
    expect(recoveredIn).toBeDefined();

    // Never a 500, never another status, never a dropped connection: success or 503.
    const unexpected = samples
      .filter((s) => ![201, 303, 503].includes(s.status))
      .map(
        (s) =>
          `${s.detail?.kind} ${s.status} ${s.error ?? JSON.stringify(s.detail?.body ?? '')} at ${s.startedAt - cutAt} ms`,
      );
    expect(unexpected).toEqual([]);

    // While it is gone: 503 within the connect bound (not queued behind each other), the API in its error
    // shape with Retry-After, the pages with Retry-After too.
    const during = samples.filter((s) => s.startedAt >= cutAt + 100 && s.endedAt <= backAt);
    expect(during.length).toBeGreaterThan(WORKERS);
    expect(during.filter((s) => s.status !== 503)).toEqual([]);
    const slowest = Math.max(...during.map((s) => s.endedAt - s.startedAt));
    expect(slowest).toBeLessThan(CONNECT_TIMEOUT_MS + 500);
    for (const sample of during) {
      expect(sample.detail?.retryAfter).toMatch(/^\d+$/);
      if (sample.detail?.kind === 'api') {
        expect(sample.detail.body).toEqual({
          error: 'service_unavailable',
          error_description: expect.any(String),
        });
      }
    }

    // Full recovery: once /readyz is back, every request succeeds again.
    const after = samples.filter((s) => s.startedAt >= backAt + (recoveredIn ?? 0) + 200);
    expect(after.length).toBeGreaterThan(WORKERS);
    expect(after.filter((s) => s.status === 503)).toEqual([]);

    await expectNothingTwiceNothingLost(samples, sessionsBefore);
  });

  /**
   * A request cut between its COMMIT and its answer may have written although it got 503: such rows
   * may exist. What must not happen: a success without its row, a row twice, a row without its one
   * audit event, an audit event twice, a broken chain.
   */
  async function expectNothingTwiceNothingLost(samples: Sample<Detail>[], sessionsBefore: number) {
    const api = samples.filter((s) => s.detail?.kind === 'api');
    const created = api.filter((s) => s.status === 201).map((s) => s.detail?.name);
    const failed = api.filter((s) => s.status !== 201).length;
    const rows = await t.prisma.punchoutSession.findMany({
      where: { organizationId, requesterName: { startsWith: 'drill-' } },
      select: { id: true, requesterName: true },
    });
    const names = rows.map((row) => row.requesterName);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(created));
    expect(rows.length).toBeLessThanOrEqual(created.length + failed);
    expect(await t.prisma.punchoutSession.count({ where: { organizationId } })).toBe(
      sessionsBefore + rows.length,
    );
    const createdEvents = await t.prisma.auditEvent.groupBy({
      by: ['sessionId'],
      where: {
        organizationId,
        type: AuditEventTypes.punchoutCreated,
        sessionId: { in: rows.map((r) => r.id) },
      },
      _count: true,
    });
    expect(createdEvents).toHaveLength(rows.length);
    expect(createdEvents.filter((group) => group._count !== 1)).toEqual([]);

    for (let worker = 1; worker < WORKERS; worker += 2) {
      const pages = samples.filter((s) => s.worker === worker);
      const added = pages.filter((s) => s.status === 303).length;
      const key = sessions[worker].url.split('/').pop() as string;
      const session = await t.prisma.punchoutSession.findUniqueOrThrow({
        where: { keyHash: sha256(key) },
        select: { id: true },
      });
      const line = await t.prisma.cartItem.findMany({ where: { sessionId: session.id } });
      expect(line).toHaveLength(1);
      const quantity = line[0].quantity;
      expect(quantity).toBeGreaterThanOrEqual(added);
      expect(quantity).toBeLessThanOrEqual(pages.length);
      // Every add is one event carrying the new total: 1, 2, ..., quantity, each once.
      const events = await t.prisma.auditEvent.findMany({
        where: { sessionId: session.id, type: AuditEventTypes.punchoutCartChanged },
        select: { payload: true },
      });
      const totals = events
        .map((event) => (event.payload as { quantity: number }).quantity)
        .sort((x, y) => x - y);
      expect(totals).toEqual(Array.from({ length: quantity }, (_, i) => i + 1));
    }

    const verified = await t.app.get(AuditChainService).verify(organizationId);
    expect(verified).toMatchObject({ intact: true });
  }
});
