import { UserRole } from '../../../src/generated/prisma/client';
import { ClientsService } from '../../../src/oauth/clients.service';
import { createCatalog } from '../../factories/catalog.factory';
import { addRules } from '../../factories/guidance.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { PUNCHOUT_CATALOG } from '../../factories/punchout.factory';
import { issueTestToken } from '../../support/auth';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?sap-client=100';

/**
 * A forged add (an offer id posted without the product it belongs to) in a session that started
 * without a product (an OCI call-up's start page): refused with its status and the reason on the
 * page, as an add from the product page is; never the start page with a 200 and no word.
 */
describe('punchout pages: a forged add without productId', () => {
  let t: TestApp;
  let base: string;
  let csrf: string;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(t.prisma);
    const { client, clientId } = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://srm.example.com'],
    });
    const { punchoutSecret } = await t.app.get(ClientsService).setPunchoutSecret(clientId, { label: 'test' });
    const buyer = await createUser(t.prisma, organization, { email: `buyer-${clientId}@sap.example` });
    const admin = await createUser(t.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] });
    await addRules(t.baseUrl, await issueTestToken(t.prisma, admin, client), [
      { effect: 'blocked', matcher: 'vendor', value: 'Blocked Supplies' },
    ]);
    const callup = await getPage(
      `${t.baseUrl}/punchout/oci?${new URLSearchParams({
        USERNAME: clientId,
        PASSWORD: punchoutSecret,
        EMAIL: buyer.email,
        HOOK_URL: HOOK,
      }).toString()}`,
    );
    expect(callup.status).toBe(303);
    base = `${t.baseUrl}${callup.location}`;
    csrf = csrfOf((await getPage(`${base}/cart`)).html);
  });
  afterAll(() => t.close());

  it('a blocked offer: 403 with the reason, on its product page', async () => {
    const forged = await postForm(`${base}/cart/add`, { csrf, offerId: 'pen-1-b', quantity: '1' });
    expect(forged.status).toBe(403);
    expect(forged.html).toContain('blocked');
    expect(forged.html).toContain('data-product-id="pen-1"');
  });

  it('an unknown offer: 404 with the reason', async () => {
    const forged = await postForm(`${base}/cart/add`, { csrf, offerId: 'no-such-offer', quantity: '1' });
    expect(forged.status).toBe(404);
    expect(forged.html).toMatch(/punchout-notices/);
  });
});
