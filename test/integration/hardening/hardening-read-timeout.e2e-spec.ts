import { organizationWithTokens, OrganizationTokens } from '../../factories/guidance.factory';
import { bearer } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { startTestAppBehindProxy, TcpProxy } from '../../support/tcp-proxy';
import { TestApp } from '../../support/test-app';

const READ_TIMEOUT_MS = 1_000;
const QUERY_TIMEOUT_MS = 20_000;

/** Outcome of a promise after `ms`: settled (ok/failed) or still waiting. */
async function after<T>(promise: Promise<T>, ms: number): Promise<'ok' | 'failed' | 'waiting'> {
  const outcome = promise.then(
    () => 'ok' as const,
    () => 'failed' as const,
  );
  return Promise.race([
    outcome,
    new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms)),
  ]);
}

/** Reads fail fast in a stalled network (DATABASE_READ_TIMEOUT_MS); writes keep DATABASE_QUERY_TIMEOUT_MS. */
describe('hardening: reads in a database stall', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let close: () => Promise<void>;
  let org: OrganizationTokens;

  beforeAll(async () => {
    ({ t, proxy, close } = await startTestAppBehindProxy({
      DATABASE_POOL_MAX: '6',
      DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
      DATABASE_READ_TIMEOUT_MS: String(READ_TIMEOUT_MS),
    }));
    org = await organizationWithTokens(t.prisma);
  });
  afterEach(() => proxy.release());
  afterAll(() => close());

  /** Opens `count` pool connections, so a held network finds them established. */
  async function warmPool(count: number): Promise<void> {
    const clients = await Promise.all(Array.from({ length: count }, () => t.prisma.pool.connect()));
    clients.forEach((client) => client.release());
  }

  it('answers an API read in flight with 503 within the read bound', async () => {
    await warmPool(4);
    proxy.hold();
    const started = Date.now();
    const response = await fetch(`${t.baseUrl}/api/v1/guidance/rules`, {
      headers: bearer(org.admin),
      signal: AbortSignal.timeout(10_000),
    });
    const elapsed = Date.now() - started;
    expect(response.status).toBe(503);
    expect((await bodyOf(response)).error).toBe('service_unavailable');
    expect(elapsed).toBeLessThan(READ_TIMEOUT_MS + 1_500);
  });

  it('bounds a read-only transaction (search) like a read', async () => {
    await warmPool(4);
    proxy.hold();
    const read = t.prisma.$queryRaw`SELECT 1`;
    expect(await after(read, READ_TIMEOUT_MS + 1_000)).toBe('failed');
    const readOnly = (async () => {
      const client = await t.prisma.pool.connect();
      try {
        await client.query('BEGIN READ ONLY');
        await client.query('SELECT 1');
      } finally {
        client.release(true);
      }
    })();
    expect(await after(readOnly, READ_TIMEOUT_MS + 1_000)).toBe('failed');
  });

  it('lets writes and statements of a writing transaction wait longer, and finish once the network flows', async () => {
    await warmPool(4);
    proxy.hold();
    const write = t.prisma
      .$executeRaw`UPDATE organization SET name = name WHERE id = ${org.organization.id}::uuid`;
    const inTransaction = (async () => {
      const client = await t.prisma.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT 1');
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    })();
    const [writeState, transactionState] = await Promise.all([
      after(write, READ_TIMEOUT_MS + 1_500),
      after(inTransaction, READ_TIMEOUT_MS + 1_500),
    ]);
    expect({ writeState, transactionState }).toEqual({ writeState: 'waiting', transactionState: 'waiting' });
    proxy.release();
    expect(await write).toBe(1);
    await expect(inTransaction).resolves.toBeUndefined();
  });
});
