import { createHash } from 'node:crypto';
import { ManualClock } from '../../support/manual-clock';
import { UserRole } from '../../../src/generated/prisma/client';
import { issueTestToken } from '../../support/auth';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/hook?sap-client=100&~TARGET=_top';

describe('punchout cart under concurrency (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const buyer = await createUser(t.prisma, organization, { roles: [UserRole.buyer] });
    token = await issueTestToken(t.prisma, buyer, client, { expiresInSeconds: 86_400 });
  });

  afterAll(() => t.close());

  async function open(productId: string): Promise<{ url: string; csrf: string; sessionId: string }> {
    const { body } = await startPunchout(t.baseUrl, token, productId, { callbackUrl: HOOK });
    const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl));
    expect(start.status).toBe(303);
    const url = `${t.baseUrl}${start.location}`;
    const csrf = csrfOf((await getPage(url)).html);
    const key = new URL(url).pathname.split('/')[3];
    const session = await t.prisma.punchoutSession.findFirstOrThrow({
      where: { keyHash: new Uint8Array(createHash('sha256').update(key).digest()) },
    });
    return { url, csrf, sessionId: session.id };
  }

  it('adds racing a transfer: nothing changes the cart after the transfer, the posted fields are the cart at transfer', async () => {
    const { url, csrf, sessionId } = await open('paper-1');
    expect((await postForm(`${url}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '1' })).status).toBe(
      303,
    );
    const adds = Array.from({ length: 15 }, () =>
      postForm(`${url}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '1' }),
    );
    const transfer = postForm(`${url}/transfer`, { csrf });
    const [sent, ...added] = await Promise.all([transfer, ...adds]);
    expect(sent.status).toBe(200);

    const events = await t.prisma.auditEvent.findMany({
      where: { sessionId },
      orderBy: { sequence: 'asc' },
    });
    const types = events.map((e) => e.type);
    const transferredAt = types.indexOf('punchout.transferred');
    expect(transferredAt).toBeGreaterThan(0);
    expect(types.slice(transferredAt + 1)).not.toContain('punchout.cart_changed');

    // Every add answered as a success was in the cart that was sent; the others were refused (409).
    const successes = added.filter((a) => a.status === 303).length;
    for (const a of added) expect([303, 409]).toContain(a.status);
    const session = await t.prisma.punchoutSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(session.status).toBe('TRANSFERRED');
    const fields = session.returnedFields as Array<[string, string]>;
    const quantity = fields.find(([name]) => name === 'NEW_ITEM-QUANTITY[1]')?.[1];
    expect(quantity).toBe(String(1 + successes));
    const lastChange = events.filter((e) => e.type === 'punchout.cart_changed').pop();
    expect(lastChange?.payload).toMatchObject({ quantity: 1 + successes });
    const rows = await t.prisma.cartItem.findMany({ where: { sessionId } });
    expect(rows.reduce((sum, row) => sum + row.quantity, 0)).toBe(1 + successes);

    // After the transfer, add, update and remove show the outcome page and change nothing.
    for (const path of ['/cart/add', '/cart/update', '/cart/remove']) {
      const late = await postForm(`${url}${path}`, { csrf, offerId: 'paper-1-a', quantity: '2' });
      expect(late.status).toBe(409);
    }
    expect(await t.prisma.cartItem.count({ where: { sessionId } })).toBe(rows.length);
  });

  it('a cart change that waited for the session lock while the session ended is refused (service level)', async () => {
    const { url, csrf, sessionId } = await open('paper-1');
    await postForm(`${url}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '1' });
    // The session ends between the page resolving it and the cart change: the change sees it closed.
    const { PunchoutCartService } = await import('../../../src/punchout/core/punchout-cart.service');
    const cart = t.app.get(PunchoutCartService);
    const opened = await t.prisma.punchoutSession.findUniqueOrThrow({ where: { id: sessionId } });
    await t.prisma.punchoutSession.update({ where: { id: sessionId }, data: { status: 'CANCELLED' } });
    expect(await cart.add(opened, 'paper-1-a', 1)).toMatchObject({ closed: true });
    expect(await cart.update(opened, 'paper-1-a', 3)).toMatchObject({ closed: true });
    expect(await cart.remove(opened, 'paper-1-a')).toMatchObject({ closed: true });
    const rows = await t.prisma.cartItem.findMany({ where: { sessionId } });
    expect(rows.map((r) => r.quantity)).toEqual([1]);
  });

  it('8 parallel adds of 1 end at quantity 8', async () => {
    const { url, csrf, sessionId } = await open('paper-1');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        postForm(`${url}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '1' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(303));
    const row = await t.prisma.cartItem.findFirstOrThrow({ where: { sessionId } });
    expect(row.quantity).toBe(8);
  });

  it('parallel adds never go beyond the offer maximum', async () => {
    const { url, csrf, sessionId } = await open('pen-1');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        postForm(`${url}/cart/add`, { csrf, offerId: 'pen-1-a', quantity: '30', productId: 'pen-1' }),
      ),
    );
    expect(answers.filter((a) => a.status === 303)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(3);
    const row = await t.prisma.cartItem.findFirstOrThrow({ where: { sessionId } });
    expect(row.quantity).toBe(90);
  });

  it('refuses quantity 0 on add (also to a line already in the cart) and update (400), records nothing', async () => {
    const { url, csrf, sessionId } = await open('paper-1');
    const zero = await postForm(`${url}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '0' });
    expect(zero.status).toBe(400);
    expect(await t.prisma.cartItem.count({ where: { sessionId } })).toBe(0);
    await postForm(`${url}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '2' });
    const zeroMore = await postForm(`${url}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '0' });
    expect(zeroMore.status).toBe(400);
    const zeroUpdate = await postForm(`${url}/cart/update`, { csrf, offerId: 'paper-1-a', quantity: '0' });
    expect(zeroUpdate.status).toBe(400);
    const changes = await t.prisma.auditEvent.findMany({
      where: { sessionId, type: 'punchout.cart_changed' },
    });
    expect(changes.map((e) => (e.payload as { quantity: number }).quantity)).toEqual([2]);
  });
});
