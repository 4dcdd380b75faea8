import { createHash, randomBytes } from 'node:crypto';
import { ClientsService } from '../../../src/oauth/clients.service';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { postSetup, setupRequest } from '../../support/cxml';
import { eventually } from '../../support/eventually';
import { startTestApp, TestApp } from '../../support/test-app';

const RETURN = 'https://acme.coupahost.com/punchout/checkout/4';

/**
 * A cXML setup refused before its sender is authenticated (a wrong SharedSecret, a revoked client)
 * is recorded in the claimed client's organization as a bounded summary of the document (its size,
 * its SHA-256, its first characters up to any credential), never the document's contents: anyone who
 * knows a client id could otherwise fill that organization's audit chain with 250 KB per request.
 */
describe('cXML setup: refusals before authentication record a bounded summary', () => {
  let t: TestApp;
  let clients: ClientsService;

  beforeAll(async () => {
    t = await startTestApp({ env: { TOKEN_RATE_LIMIT_FAILURES: '50' } });
    clients = t.app.get(ClientsService);
  });
  afterAll(() => t.close());

  async function coupaCustomer() {
    const organization = await createOrganization(t.prisma);
    const { clientId } = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://acme.coupahost.com'],
    });
    const { punchoutSecret } = await clients.setPunchoutSecret(clientId, { label: 'test' });
    const buyer = await createUser(t.prisma, organization, { email: `jane-${clientId}@acme.example` });
    return { organizationId: organization.id, clientId, secret: punchoutSecret, email: buyer.email };
  }
  /** 235 Extrinsics of 1 KB each (and UserEmail) (random, so PostgreSQL cannot compress them away): about 243 KB. */
  const fillers = Array.from({ length: 235 }, () => randomBytes(500).toString('hex'));
  const bulky = fillers
    .map((filler, index) => `<Extrinsic name="Filler${index}">${filler}</Extrinsic>`)
    .join('');
  const refusals = async (organizationId: string) =>
    t.prisma.auditEvent.findMany({
      where: { organizationId, type: 'punchout.cxml_setup' },
      orderBy: { sequence: 'asc' },
    });

  it('a wrong SharedSecret for a real client id: Status 401, and the event holds sizes, hash and head, not the document', async () => {
    const c = await coupaCustomer();
    const wrongSecret = 'pps_wrong-but-close-to-the-real-one';
    const document = setupRequest({
      clientId: c.clientId,
      secret: wrongSecret,
      email: c.email,
      url: RETURN,
      extra: bulky,
    });
    expect(Buffer.byteLength(document)).toBeGreaterThan(240_000);

    const answer = await postSetup(t.baseUrl, document);
    expect(answer.status).toBe(200);
    expect(answer.code).toBe('401');

    const [event] = await eventually(async () => {
      const found = await refusals(c.organizationId);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(event.actorUserId).toBeNull();
    const recorded = JSON.stringify(event.payload);
    expect(recorded.length).toBeLessThan(2_000);
    expect(recorded).not.toContain(wrongSecret);
    expect(recorded).not.toContain(fillers[0].slice(0, 40));
    expect(event.payload).toMatchObject({
      outcome: 'credentials_refused',
      status: 401,
      document: {
        bytes: Buffer.byteLength(document),
        sha256: createHash('sha256').update(document).digest('hex'),
        extrinsics: 236,
        items: 0,
      },
      sender: { identity: c.clientId },
    });
    const head = (event.payload as { document: { head: string } }).document.head;
    expect(document.startsWith(head)).toBe(true);
    expect(head).toMatch(/^<\?xml version="1.0"/);
    expect(head).not.toMatch(/SharedSecret/i);
  });

  it('150 such refusals add less than 1 MB to the audit table', async () => {
    const c = await coupaCustomer();
    const before = await auditBytes();
    for (let round = 0; round < 15; round++)
      await Promise.all(
        Array.from({ length: 10 }, () =>
          postSetup(
            t.baseUrl,
            setupRequest({
              clientId: c.clientId,
              secret: 'wrong',
              email: c.email,
              url: RETURN,
              extra: bulky,
            }),
          ),
        ),
      );
    // Then the failure limit refuses before recording.
    await eventually(async () => expect(await refusals(c.organizationId)).toHaveLength(50));
    expect((await auditBytes()) - before).toBeLessThan(1_000_000);
  });

  it('a revoked client: the same summary', async () => {
    const c = await coupaCustomer();
    await clients.revoke(c.clientId, { label: 'cli:test' });
    const answer = await postSetup(
      t.baseUrl,
      setupRequest({ clientId: c.clientId, secret: c.secret, email: c.email, url: RETURN, extra: bulky }),
    );
    expect(answer.code).toBe('401');
    const [event] = await eventually(async () => {
      const found = await refusals(c.organizationId);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(event.payload).toMatchObject({ outcome: 'client_revoked', document: { extrinsics: 236 } });
    expect(JSON.stringify(event.payload).length).toBeLessThan(2_000);
  });

  it('an authenticated sender whose user is unknown is still recorded with the request', async () => {
    const c = await coupaCustomer();
    const answer = await postSetup(
      t.baseUrl,
      setupRequest({ clientId: c.clientId, secret: c.secret, email: 'nobody@acme.example', url: RETURN }),
    );
    expect(answer.code).toBe('401');
    const [event] = await refusals(c.organizationId);
    expect(event.payload).toMatchObject({ outcome: 'user_unknown', userEmail: 'nobody@acme.example' });
  });

  /** The audit table's size on disk (heap and TOAST), as a flood would grow it. */
  async function auditBytes(): Promise<number> {
    const [row] = await t.prisma.$queryRaw<Array<{ bytes: bigint }>>`
      SELECT pg_total_relation_size('audit_event') AS bytes`;
    return Number(row.bytes);
  }
});
