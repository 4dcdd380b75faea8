import { ClientsService } from '../../../src/oauth/clients.service';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { PUNCHOUT_CATALOG } from '../../factories/punchout.factory';
import { getPage } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?sap-client=100';

/**
 * SAP systems that are not Unicode send their call-ups in Latin-1: a POST labelled
 * `charset=ISO-8859-1` or windows-1252, a GET with `%FC` for "ü". One rule for both: the declared
 * charset, else UTF-8 where the bytes are UTF-8 and Latin-1 where they are not.
 */
describe('OCI call-up: Latin-1 call-ups', () => {
  let t: TestApp;
  let sap: { organizationId: string; clientId: string; secret: string; email: string };

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(t.prisma);
    const { clientId } = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://srm.example.com'],
    });
    const { punchoutSecret } = await t.app.get(ClientsService).setPunchoutSecret(clientId, { label: 'test' });
    const buyer = await createUser(t.prisma, organization, { email: `buyer-${clientId}@sap.example` });
    sap = { organizationId: organization.id, clientId, secret: punchoutSecret, email: buyer.email };
  });
  afterAll(() => t.close());

  /** The credentials and HOOK_URL, percent-encoded as ASCII (the same in either charset). */
  const fixed = () =>
    new URLSearchParams({
      USERNAME: sap.clientId,
      PASSWORD: sap.secret,
      EMAIL: sap.email,
      HOOK_URL: HOOK,
    }).toString();
  const lastSearchString = async () => {
    const [event] = await t.prisma.auditEvent.findMany({
      where: { organizationId: sap.organizationId, type: 'punchout.created' },
      orderBy: { sequence: 'desc' },
      take: 1,
    });
    return ((event.payload as { oci: Record<string, string> }).oci ?? {}).searchString;
  };
  const post = (body: string, contentType: string) =>
    fetch(`${t.baseUrl}/punchout/oci`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': contentType },
      body,
    });

  it.each(['ISO-8859-1', 'iso-8859-1', 'windows-1252', '"latin1"'])(
    'a POST labelled charset=%s opens the session, and %%FC is "ü"',
    async (charset) => {
      const response = await post(
        `${fixed()}&SEARCHSTRING=K%FCchenrolle`,
        `application/x-www-form-urlencoded; charset=${charset}`,
      );
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toContain('query=K%C3%BCchenrolle');
      expect(await lastSearchString()).toBe('Küchenrolle');
    },
  );

  it('a POST labelled Latin-1 reads UTF-8 looking bytes as Latin-1 all the same', async () => {
    const response = await post(
      `${fixed()}&SEARCHSTRING=%C3%BC`,
      'application/x-www-form-urlencoded; charset=ISO-8859-1',
    );
    expect(response.status).toBe(303);
    expect(await lastSearchString()).toBe('Ã¼');
  });

  it('a GET with %FC (not UTF-8) reads it as Latin-1, one with %C3%BC as UTF-8', async () => {
    const latin = await getPage(`${t.baseUrl}/punchout/oci?${fixed()}&SEARCHSTRING=K%FCchenrolle`);
    expect(latin.status).toBe(303);
    expect(await lastSearchString()).toBe('Küchenrolle');
    const utf8 = await getPage(`${t.baseUrl}/punchout/oci?${fixed()}&SEARCHSTRING=K%C3%BCchenrolle`);
    expect(utf8.status).toBe(303);
    expect(await lastSearchString()).toBe('Küchenrolle');
  });

  it('an unlabelled POST follows the GET rule', async () => {
    const response = await post(`${fixed()}&SEARCHSTRING=K%FCchenrolle`, 'application/x-www-form-urlencoded');
    expect(response.status).toBe(303);
    expect(await lastSearchString()).toBe('Küchenrolle');
  });

  it('another charset is still a 415 page', async () => {
    const response = await post(fixed(), 'application/x-www-form-urlencoded; charset=utf-16');
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
