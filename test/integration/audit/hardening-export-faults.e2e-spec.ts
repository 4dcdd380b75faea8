import { loadConfig } from '../../../src/config/app-config';
import { PrismaService } from '../../../src/database/prisma.service';
import { UserRole } from '../../../src/generated/prisma/enums';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { insertValidChain } from '../../support/audit';
import { bearer, issueTestToken } from '../../support/auth';
import { gatewayEnv, GatewayProcess, startGateway, stopAll } from '../../support/gateway-process';
import { connectionErrorOf } from '../../support/load';
import { createTestDatabase, TestDatabase } from '../../support/test-database';
import { cutQueryWaitingOn, holdTableLock } from '../../support/database-faults';

/** Sessions and events enough for many pages (100 a page) and batches (5,000 a batch). */
const SESSIONS = 5_000;
const EVENTS = 16_000;

/**
 * Every download the gateway streams, tried as a hostile or unlucky client would, against a real
 * gateway process: bad filters, and the database connection killed (pg_terminate_backend) before the
 * first byte and in the middle of the download. The process must live through all of it.
 */
describe('hardening: export downloads under bad filters and database cuts', () => {
  let database: TestDatabase;
  let prisma: PrismaService;
  let gateway: GatewayProcess;
  let cookie: string;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    prisma = new PrismaService(loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }));
    const organization = await createOrganization(prisma);
    const { client } = await createClient(prisma, organization);
    const auditor = await createUser(prisma, organization, { roles: [UserRole.auditor] });
    const buyer = await createUser(prisma, organization);
    await prisma.$executeRawUnsafe(
      `INSERT INTO punchout_session (id, public_id, csrf_token, organization_id, user_id, client_id,
                                     callback_url, status, created_at, expires_at)
       SELECT gen_random_uuid(), 'PO-bulk-' || i, 'csrf', $1::uuid, $2::uuid, $3::uuid,
              'https://erp.example.com/hook', 'EXPIRED', now() - i * interval '1 minute', now()
       FROM generate_series(1, ${SESSIONS}) AS i`,
      organization.id,
      buyer.id,
      client.id,
    );
    await insertValidChain(prisma.pool, organization.id, EVENTS);
    token = await issueTestToken(prisma, auditor, client, { expiresInSeconds: 3_600 });
    // Far more exports than an auditor's page budget allows in a minute: the limit is not the subject here.
    gateway = await startGateway(
      gatewayEnv(database.url, { MIGRATE_ON_START: 'false', CONSOLE_RATE_LIMIT_PER_USER: '0' }),
    );
    cookie = await signIn(gateway.baseUrl, token);
  }, 120_000);
  afterAll(async () => {
    if (gateway) await stopAll([gateway]);
    await prisma?.onModuleDestroy();
    await database?.drop();
  });

  afterEach(async () => {
    // Whatever a test did, the process is alive and answers.
    expect(gateway.run.child.exitCode).toBeNull();
    expect(
      gateway.run.output().match(/.*(Unhandled 'error' event|uncaughtException).*/)?.[0],
    ).toBeUndefined();
    expect((await fetch(`${gateway.baseUrl}/healthz`)).status).toBe(200);
  });

  const consoleGet = (path: string) =>
    fetch(`${gateway.baseUrl}${path}`, {
      headers: { cookie },
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });

  /** Each download: where it is, how it is asked for, and the table its queries read. */
  const downloads = [
    {
      name: 'console sessions',
      path: '/audit/console/sessions/export?format=csv',
      table: 'punchout_session',
    },
    {
      name: 'console administration',
      path: '/audit/console/administration/export?format=csv',
      table: 'audit_event',
    },
    {
      name: 'console audit trail (JSON Lines)',
      path: '/audit/console/export?format=jsonl',
      table: 'audit_event',
    },
    { name: 'console audit trail (CSV)', path: '/audit/console/export?format=csv', table: 'audit_event' },
    { name: 'API audit export', path: '/api/v1/audit/export?format=csv', table: 'audit_event', api: true },
  ];
  const get = (download: (typeof downloads)[number]) =>
    download.api
      ? fetch(`${gateway.baseUrl}${download.path}`, {
          headers: bearer(token),
          signal: AbortSignal.timeout(20_000),
        })
      : consoleGet(download.path);

  it.each([
    '/audit/console/sessions/export?format=csv&product=%00',
    '/audit/console/sessions/export?format=csv&reference=%00',
    '/audit/console/sessions/export?format=jsonl&product=%00',
    '/audit/console/administration/export?format=csv&actor=%00',
  ])('answers a filter PostgreSQL cannot take with a 400 page: %s', async (path) => {
    const response = await consoleGet(path);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<h1>');
  });

  it.each([
    '/audit/console/sessions/export?format=csv&reference=%5C',
    '/audit/console/sessions/export?format=csv&reference=%25%5C',
    '/audit/console/sessions/export?format=csv&product=%5C',
    '/audit/console/administration/export?format=csv&actor=%5C',
  ])('takes LIKE characters literally (an empty export, not an error): %s', async (path) => {
    const response = await consoleGet(path);
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split('\n');
    expect(lines).toHaveLength(1); // the header row: nothing matches a literal backslash
  });

  it.each(downloads)(
    '$name: a connection killed before the first byte is a 503 with Retry-After',
    async (download) => {
      const lock = await holdTableLock(database.url, download.table);
      try {
        const answer = get(download);
        await cutQueryWaitingOn(prisma.pool, 'marketplace-gateway');
        const response = await answer;
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(response.headers.get('content-disposition')).toBeNull();
        await response.text();
      } finally {
        await lock.release();
      }
    },
  );

  it.each(downloads)('$name: a connection killed mid-download aborts the download', async (download) => {
    const response = await get(download);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    const lock = await holdTableLock(database.url, download.table);
    let outcome: string;
    try {
      const rest = (async () => {
        for (;;) if ((await reader.read()).done) return 'complete';
      })().catch((error: unknown) => `aborted: ${connectionErrorOf(error)}`);
      await cutQueryWaitingOn(prisma.pool, 'marketplace-gateway');
      outcome = await rest;
    } finally {
      await lock.release();
    }
    // Cut short, never ended as if it were whole.
    expect(outcome).toMatch(/^aborted/);
    // And the next download, once the database is back, is whole.
    const again = await get(download);
    expect(again.status).toBe(200);
    expect((await again.text()).length).toBeGreaterThan(100_000);
  });
});

/** A console session for the auditor behind `token`, signed in as a browser does. */
async function signIn(baseUrl: string, token: string): Promise<string> {
  const link = await fetch(`${baseUrl}/api/v1/audit/console-links`, {
    method: 'POST',
    headers: bearer(token),
  });
  expect(link.status).toBe(201);
  const { url } = (await link.json()) as { url: string };
  const signedIn = await fetch(`${baseUrl}/audit/console/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: `token=${new URL(url).searchParams.get('token')}`,
  });
  expect(signedIn.status).toBe(303);
  return (signedIn.headers.get('set-cookie') as string).split(';')[0];
}
