import { ClientsService } from '../../../src/oauth/clients.service';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { PUNCHOUT_CATALOG } from '../../factories/punchout.factory';
import { postSetup, setupRequest } from '../../support/cxml';
import { getPage } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?sap-client=100';
const RETURN = 'https://acme.coupahost.com/punchout/checkout/4';
/** U+1F600, two UTF-16 code units: a cut right before its second one leaves a lone surrogate. */
const EMOJI = '\u{1F600}';

/**
 * Values the entries cut for the audit record (or for storage) are cut on code-point boundaries: a
 * value whose limit falls inside a surrogate pair is recorded without the split character, never
 * answered with a 500 (PostgreSQL's jsonb refuses a lone surrogate).
 */
describe('punchout entries: values cut for the record keep whole characters', () => {
  let t: TestApp;
  let clients: ClientsService;

  beforeAll(async () => {
    t = await startTestApp({ env: { TOKEN_RATE_LIMIT_FAILURES: '50' } });
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
  const lastPayload = async (organizationId: string, type: string) => {
    const [event] = await t.prisma.auditEvent.findMany({
      where: { organizationId, type },
      orderBy: { sequence: 'desc' },
      take: 1,
    });
    return event?.payload as Record<string, unknown> | undefined;
  };

  describe('OCI call-up', () => {
    // Each parameter at its recorded limit minus one, then a two-unit character; what the call answers.
    const cases: Array<{
      name: string;
      field: string;
      limit: number;
      extra?: Record<string, string>;
      status: number;
    }> = [
      { name: 'SEARCHSTRING', field: 'searchString', limit: 500, status: 303 },
      { name: 'EMAIL', field: 'email', limit: 320, status: 401 },
      { name: 'PRODUCTID', field: 'productId', limit: 100, status: 303 },
      {
        name: 'QUANTITY',
        field: 'quantity',
        limit: 100,
        extra: { FUNCTION: 'VALIDATE', PRODUCTID: 'pen-1' },
        status: 400,
      },
      { name: '~OkCode', field: 'okCode', limit: 100, status: 303 },
      { name: 'FUNCTION', field: 'function', limit: 500, status: 400 },
      { name: 'HOOK_URL', field: 'hookUrl', limit: 2048, status: 400 },
    ];
    it.each(cases)(
      '$name of $limit characters ending in a split pair is recorded cut before the pair',
      async (c) => {
        const sap = await customer(['https://srm.example.com']);
        const cut = `${c.name === 'HOOK_URL' ? HOOK : ''}${'a'.repeat(c.limit)}`.slice(0, c.limit - 1);
        const params = new URLSearchParams({
          USERNAME: sap.clientId,
          PASSWORD: sap.secret,
          EMAIL: sap.email,
          HOOK_URL: HOOK,
          ...c.extra,
          [c.name]: `${cut}${EMOJI}`,
        });
        const answer = await getPage(`${t.baseUrl}/punchout/oci?${params.toString()}`);
        expect(answer.status).toBe(c.status);
        const recorded =
          c.status === 303
            ? ((await lastPayload(sap.organizationId, 'punchout.created'))?.oci as Record<string, unknown>)
            : await lastPayload(sap.organizationId, 'punchout.oci_call');
        expect(recorded?.[c.field]).toBe(cut);
      },
    );
  });

  describe('cXML setup', () => {
    it('an Extrinsic of 999 characters and a two-unit character is recorded with its 999', async () => {
      const coupa = await customer(['https://acme.coupahost.com']);
      const value = 'a'.repeat(999);
      const answer = await postSetup(
        t.baseUrl,
        setupRequest({
          clientId: coupa.clientId,
          secret: coupa.secret,
          email: coupa.email,
          url: RETURN,
          extra: `<Extrinsic name="CostCenter">${value}${EMOJI}</Extrinsic>`,
        }),
      );
      expect(answer.code).toBe('200');
      const created = await lastPayload(coupa.organizationId, 'punchout.created');
      const cxml = created?.cxml as { extrinsics: Record<string, string> };
      expect(cxml.extrinsics.CostCenter).toBe(value);
    });

    it('a SupplierPartID of 249 characters and a two-unit character is recorded with its 249', async () => {
      const coupa = await customer(['https://acme.coupahost.com']);
      const value = 'p'.repeat(249);
      const answer = await postSetup(
        t.baseUrl,
        setupRequest({
          clientId: coupa.clientId,
          secret: coupa.secret,
          email: coupa.email,
          url: RETURN,
          extra: `<SelectedItem><ItemID><SupplierPartID>${value}${EMOJI}</SupplierPartID></ItemID></SelectedItem>`,
        }),
      );
      expect(answer.code).toBe('200');
      const created = await lastPayload(coupa.organizationId, 'punchout.created');
      const cxml = created?.cxml as { selectedItem: { supplierPartId: string } };
      expect(cxml.selectedItem.supplierPartId).toBe(value);
    });
  });
});
