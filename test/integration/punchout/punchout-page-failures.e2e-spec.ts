import { createHash } from 'node:crypto';
import { ManualClock } from '../../support/manual-clock';
import { UserRole } from '../../../src/generated/prisma/client';
import { PunchoutCatalogReader } from '../../../src/punchout/core/punchout-catalog.reader';
import { issueTestToken } from '../../support/auth';
import { createCatalog } from '../../factories/catalog.factory';
import { addRules } from '../../factories/guidance.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/hook?sap-client=100&~TARGET=_top';
const HOOK_ATTR = HOOK.replace(/&/g, '&amp;');

describe('punchout pages: failures and odd input (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    await createCatalog(t.prisma, [
      ...PUNCHOUT_CATALOG,
      {
        id: 'emoji-blocked',
        // The search link takes the first 60 characters of the name: the 60th is half of the emoji.
        name: `${'a'.repeat(59)}😀 Kabel`,
        categoryId: 'filing',
        offers: [{ id: 'emoji-blocked-a', vendor: 'Blocked Supplies', price: '1.0000' }],
      },
    ]);
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const admin = await createUser(t.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] });
    token = await issueTestToken(t.prisma, admin, client, { expiresInSeconds: 86_400 });
    await addRules(t.baseUrl, token, [{ effect: 'blocked', matcher: 'vendor', value: 'Blocked Supplies' }]);
  });

  afterAll(() => t.close());

  async function open(productId: string): Promise<{ url: string; sessionId: string }> {
    const { body } = await startPunchout(t.baseUrl, token, productId, { callbackUrl: HOOK });
    const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl));
    expect(start.status).toBe(303);
    const url = `${t.baseUrl}${start.location}`;
    const key = new URL(url).pathname.split('/')[3];
    const session = await t.prisma.punchoutSession.findFirstOrThrow({
      where: { keyHash: new Uint8Array(createHash('sha256').update(key).digest()) },
    });
    return { url, sessionId: session.id };
  }

  it('shows a product whose name has an emoji at the 60th character (search link cut between characters)', async () => {
    const { url } = await open('emoji-blocked');
    const page = await getPage(url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('No offer of this product can be added');
    expect(page.html).toContain(`/search?query=${'a'.repeat(59)}"`);
  });

  it('a 500 on a page of an open session ends it FAILED (audited, with the request id) and sends the empty cart back', async () => {
    const { url, sessionId } = await open('paper-1');
    const csrf = csrfOf((await getPage(url)).html);
    await postForm(`${url}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '1' });
    const spy = jest
      .spyOn(t.app.get(PunchoutCatalogReader), 'findProduct')
      .mockRejectedValueOnce(new Error('catalog exploded'));
    let failed;
    try {
      failed = await getPage(`${url}/product/paper-1`);
    } finally {
      spy.mockRestore();
    }
    expect(failed.status).toBe(500);
    expect(failed.html).toContain('Punchout failed');
    // The auto-submitting return form with no items, allowed by the page's CSP.
    expect(failed.html).toContain(`action="${HOOK_ATTR}"`);
    expect(failed.html).toContain('data-auto-submit="true"');
    expect(failed.html).not.toContain('NEW_ITEM-');
    expect(failed.headers.get('content-security-policy')).toContain(
      "form-action 'self' https://srm.example.com",
    );
    expect(failed.html).not.toContain('catalog exploded');

    const session = await t.prisma.punchoutSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(session.status).toBe('FAILED');
    expect(session.returnedFields).toEqual([]);
    expect(session.closeReason).toMatch(/^internal error, request id \S+$/);
    const event = await t.prisma.auditEvent.findFirstOrThrow({
      where: { sessionId, type: 'punchout.failed' },
    });
    expect(event.payload).toMatchObject({ reason: session.closeReason, fields: [] });

    // The session is over: its pages show the outcome, nothing can change the cart.
    const after = await getPage(url);
    expect(after.html).toContain('Punchout failed');
    expect((await postForm(`${url}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '1' })).status).toBe(
      409,
    );
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'nope'])(
    'shows no confirmation for ?done=%s',
    async (done) => {
      const { url } = await open('paper-1');
      const page = await getPage(`${url}/cart?done=${done}`);
      expect(page.status).toBe(200);
      expect(page.html).not.toContain('notice ok');
    },
  );

  it('shows the confirmation for ?done=added', async () => {
    const { url } = await open('paper-1');
    const page = await getPage(`${url}/cart?done=added`);
    expect(page.html).toContain('notice ok');
  });
});
