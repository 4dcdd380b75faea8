import { ClientsService } from '../../../src/oauth/clients.service';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { issueTestToken } from '../../support/auth';
import { postSetup, setupRequest } from '../../support/cxml';
import { cutQueryWaitingOn, holdTableLock } from '../../support/database-faults';
import { requestToken } from '../../support/oauth';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02';

/**
 * Writes while a table is locked (a DBA's `LOCK TABLE ... IN ACCESS EXCLUSIVE MODE` in an open
 * transaction, a stuck migration): every entry that creates a session or a token answers 503 with
 * Retry-After once DATABASE_LOCK_TIMEOUT_MS has passed (cXML: its Status for a temporary server
 * error), never a 500 at the statement timeout; and a connection ended while it waits is a 503 too.
 * The statement timeout is shortened here, as is the lock's bound: the shape, not the seconds.
 */
describe('hardening: writes against a locked table', () => {
  let t: TestApp;
  let buyer: { clientId: string; clientSecret: string; punchoutSecret: string; email: string; token: string };

  beforeAll(async () => {
    t = await startTestApp({
      env: { DATABASE_STATEMENT_TIMEOUT_MS: '8000', DATABASE_LOCK_TIMEOUT_MS: '1500' },
    });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(t.prisma);
    const { client, clientId, clientSecret } = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://srm.example.com'],
    });
    const { punchoutSecret } = await t.app.get(ClientsService).setPunchoutSecret(clientId, { label: 'test' });
    const user = await createUser(t.prisma, organization, { email: 'jane@locked.example' });
    buyer = {
      clientId,
      clientSecret,
      punchoutSecret,
      email: user.email,
      token: await issueTestToken(t.prisma, user, client),
    };
  });
  afterAll(() => t?.close());

  const restPunchout = () => startPunchout(t.baseUrl, buyer.token, 'pen-1', { callbackUrl: HOOK });
  const ociCallup = () =>
    fetch(
      `${t.baseUrl}/punchout/oci?${new URLSearchParams({
        USERNAME: buyer.clientId,
        PASSWORD: buyer.punchoutSecret,
        EMAIL: buyer.email,
        HOOK_URL: HOOK,
        '~OkCode': 'ADDI',
        '~TARGET': '_top',
        '~CALLER': 'CTLG',
      }).toString()}`,
      { redirect: 'manual' },
    );
  const cxmlSetup = () =>
    postSetup(
      t.baseUrl,
      setupRequest({
        clientId: buyer.clientId,
        secret: buyer.punchoutSecret,
        email: buyer.email,
        url: 'https://srm.example.com/cxml/return',
      }),
    );
  const token = () =>
    requestToken(t.baseUrl, {
      grant_type: 'client_credentials',
      client_id: buyer.clientId,
      client_secret: buyer.clientSecret,
      email: buyer.email,
    });

  async function whileLocked<T>(table: string, work: () => Promise<T>): Promise<T> {
    const lock = await holdTableLock(t.database.url, table);
    try {
      return await work();
    } finally {
      await lock.release();
    }
  }

  it('punchout_session locked: REST and OCI answer 503 with Retry-After, cXML its Status 560', async () => {
    const [rest, oci, cxml] = await whileLocked('punchout_session', () =>
      Promise.all([restPunchout(), ociCallup(), cxmlSetup()]),
    );
    expect(rest.status).toBe(503);
    expect(rest.body).toEqual({ error: 'service_unavailable', error_description: expect.any(String) });
    expect(oci.status).toBe(503);
    expect(oci.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(oci.headers.get('content-type')).toMatch(/^text\/html/);
    await oci.text();
    expect(cxml.status).toBe(200);
    expect(cxml.code).toBe('560');
    expect(cxml.text).toMatch(/retry/i);
    // Once the lock is gone, the same requests succeed.
    expect((await restPunchout()).status).toBe(201);
    expect((await cxmlSetup()).code).toBe('200');
  });

  it('access_token locked: the token endpoint answers 503 with Retry-After', async () => {
    const response = await whileLocked('access_token', token);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await response.json()).toMatchObject({ error: 'service_unavailable' });
    expect((await token()).status).toBe(200);
  });

  it('a connection ended while the write waits is a 503, never a 500', async () => {
    for (const [table, call] of [
      ['punchout_session', async () => (await restPunchout()).status],
      ['access_token', async () => (await token()).status],
      ['punchout_session', async () => (await ociCallup()).status],
    ] as const) {
      const status = await whileLocked(table, async () => {
        const answer = call();
        await cutQueryWaitingOn(t.prisma.pool, 'marketplace-gateway');
        return answer;
      });
      expect([table, status]).toEqual([table, 503]);
    }
  });
});
