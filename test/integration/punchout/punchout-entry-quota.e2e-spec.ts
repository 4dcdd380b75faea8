import { randomBytes, randomUUID } from 'node:crypto';
import { ClientsService } from '../../../src/oauth/clients.service';
import { PunchoutExpiryScheduler } from '../../../src/punchout/core/punchout-expiry.scheduler';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { PUNCHOUT_CATALOG } from '../../factories/punchout.factory';
import { postSetup, setupRequest } from '../../support/cxml';
import { getPage } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?sap-client=100';
const RETURN = 'https://acme.coupahost.com/punchout/checkout/4';
const PER_CLIENT = 6;

/**
 * The protocol entries' per-client limit (PUNCHOUT_ENTRY_RATE_LIMIT_PER_CLIENT): one client's OCI
 * call-ups and cXML setups share one budget whatever addresses they come from; past it nothing is
 * opened or recorded, other clients go on. And the expiry sweep ends every lapsed session it finds,
 * not a fixed batch a minute.
 */
describe('punchout entries: a per-client limit, and a sweep that keeps up', () => {
  let t: TestApp;
  let clients: ClientsService;

  beforeAll(async () => {
    t = await startTestApp({
      env: { TRUST_PROXY: 'true', PUNCHOUT_ENTRY_RATE_LIMIT_PER_CLIENT: String(PER_CLIENT) },
    });
    clients = t.app.get(ClientsService);
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
  });
  afterAll(() => t.close());

  async function customer(origins: string[]) {
    const organization = await createOrganization(t.prisma);
    const { clientId } = await createClient(t.prisma, organization, { callbackOrigins: origins });
    const { punchoutSecret } = await clients.setPunchoutSecret(clientId, { label: 'test' });
    const buyer = await createUser(t.prisma, organization, { email: `buyer-${clientId}@example.com` });
    return { organizationId: organization.id, clientId, secret: punchoutSecret, email: buyer.email };
  }
  const sessionCount = (organizationId: string) =>
    t.prisma.punchoutSession.count({ where: { organizationId } });
  const eventCount = (organizationId: string) => t.prisma.auditEvent.count({ where: { organizationId } });
  /** A different source address per request, as a flood spread over many hosts. */
  const from = (index: number) => ({ 'x-forwarded-for': `198.51.100.${index + 1}` });

  it('cXML setups of one client from many addresses: the budget, then Status 429 with nothing written; another client goes on', async () => {
    const coupa = await customer(['https://acme.coupahost.com']);
    const other = await customer(['https://acme.coupahost.com']);
    const post = (c: typeof coupa, index: number) =>
      fetch(`${t.baseUrl}/punchout/cxml`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml', ...from(index) },
        body: setupRequest({ clientId: c.clientId, secret: c.secret, email: c.email, url: RETURN }),
      }).then(async (response) => ({ status: response.status, body: await response.text() }));

    const eventsBefore = await eventCount(coupa.organizationId);
    const answers = [];
    for (let index = 0; index < PER_CLIENT + 3; index++) answers.push(await post(coupa, index));
    const codes = answers.map((answer) => /<Status code="(\d+)"/.exec(answer.body)?.[1]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(codes).toEqual([...Array<string>(PER_CLIENT).fill('200'), '429', '429', '429']);
    expect(answers[PER_CLIENT].body).toMatch(/Too many setup requests from this client; retry in \d+ s\./);
    expect(await sessionCount(coupa.organizationId)).toBe(PER_CLIENT);
    expect((await eventCount(coupa.organizationId)) - eventsBefore).toBe(PER_CLIENT); // one punchout.created each

    const elsewhere = await postSetup(
      t.baseUrl,
      setupRequest({ clientId: other.clientId, secret: other.secret, email: other.email, url: RETURN }),
    );
    expect(elsewhere.code).toBe('200');
  });

  it('OCI call-ups of one client from many addresses: the budget, then a 429 page with nothing written', async () => {
    const sap = await customer(['https://srm.example.com']);
    const call = (index: number) =>
      getPage(
        `${t.baseUrl}/punchout/oci?${new URLSearchParams({
          USERNAME: sap.clientId,
          PASSWORD: sap.secret,
          EMAIL: sap.email,
          HOOK_URL: HOOK,
        }).toString()}`,
        from(index),
      );
    const eventsBefore = await eventCount(sap.organizationId);
    const statuses = [];
    for (let index = 0; index < PER_CLIENT + 2; index++) statuses.push((await call(index)).status);
    expect(statuses).toEqual([...Array<number>(PER_CLIENT).fill(303), 429, 429]);
    const refused = await call(99);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await sessionCount(sap.organizationId)).toBe(PER_CLIENT);
    // A created and an opened event per session, nothing for the refused calls.
    expect((await eventCount(sap.organizationId)) - eventsBefore).toBe(2 * PER_CLIENT);
  });

  it('one sweep ends every lapsed session, far more than one batch', async () => {
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const buyer = await createUser(t.prisma, organization);
    const lapsedAt = new Date(Date.now() - 25 * 60_000);
    const count = 650;
    await t.prisma.punchoutSession.createMany({
      data: Array.from({ length: count }, () => ({
        id: randomUUID(),
        publicId: `PO-${randomBytes(9).toString('base64url')}`,
        startTokenHash: new Uint8Array(randomBytes(32)),
        csrfToken: randomBytes(32).toString('base64url'),
        organizationId: organization.id,
        userId: buyer.id,
        clientId: client.id,
        callbackUrl: HOOK,
        expiresAt: lapsedAt,
      })),
    });

    expect(await t.app.get(PunchoutExpiryScheduler).runOnce()).toBeGreaterThanOrEqual(count);
    expect(
      await t.prisma.punchoutSession.count({ where: { organizationId: organization.id, status: 'CREATED' } }),
    ).toBe(0);
    expect(
      await t.prisma.auditEvent.count({
        where: { organizationId: organization.id, type: 'punchout.expired' },
      }),
    ).toBe(count);
  });
});
