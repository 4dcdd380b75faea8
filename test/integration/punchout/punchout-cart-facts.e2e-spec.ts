import { UserRole } from '../../../src/generated/prisma/client';
import { issueTestToken } from '../../support/auth';
import { createCatalog } from '../../factories/catalog.factory';
import { addRules } from '../../factories/guidance.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, startPunchout } from '../../factories/punchout.factory';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/hook';

/** What a cart line records for the compliance console's figures: its vendor and the guidance verdict. */
describe('punchout cart: the facts a line keeps for the figures', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, [
      {
        id: 'facts-pen',
        name: 'Ballpoint pen',
        categoryId: 'writing',
        offers: [
          { price: '1.50', vendor: 'Framework Stationery' },
          { price: '1.40', vendor: 'Open Market' },
        ],
      },
    ]);
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const admin = await createUser(t.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] });
    token = await issueTestToken(t.prisma, admin, client, { expiresInSeconds: 3_600 });
    await addRules(t.baseUrl, token, [
      { effect: 'preferred', matcher: 'vendor', value: 'Framework Stationery' },
    ]);
  });
  afterAll(() => t?.close());

  it('records the vendor and whether guidance preferred the offer, and the verdict it was transferred under', async () => {
    const { body } = await startPunchout(t.baseUrl, token, 'facts-pen', { callbackUrl: HOOK });
    const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl));
    const url = `${t.baseUrl}${start.location}`;
    const csrf = csrfOf((await getPage(url)).html);
    for (const offerId of ['facts-pen-o1', 'facts-pen-o2']) {
      expect((await postForm(`${url}/cart/add`, { csrf, offerId, quantity: '3' })).status).toBe(303);
    }
    const lines = async () =>
      (await t.prisma.cartItem.findMany({ orderBy: { offerId: 'asc' } })).map((line) => [
        line.offerId,
        line.vendor,
        line.preferred,
      ]);
    expect(await lines()).toEqual([
      ['facts-pen-o1', 'Framework Stationery', true],
      ['facts-pen-o2', 'Open Market', false],
    ]);

    // The rule ends before the transfer: the lines are transferred as not preferred.
    const [rule] = await t.prisma.guidanceRule.findMany();
    const removed = await fetch(`${t.baseUrl}/api/v1/guidance/rules/${rule.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.status).toBe(200);
    const transferred = await postForm(`${url}/transfer`, { csrf });
    expect(transferred.status).toBe(200);
    expect(await lines()).toEqual([
      ['facts-pen-o1', 'Framework Stationery', false],
      ['facts-pen-o2', 'Open Market', false],
    ]);
  });
});
