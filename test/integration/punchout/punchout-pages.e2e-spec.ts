import { createHash } from 'node:crypto';
import { ManualClock } from '../../support/manual-clock';
import { PunchoutCartService } from '../../../src/punchout/core/punchout-cart.service';
import { PunchoutExpiryScheduler } from '../../../src/punchout/core/punchout-expiry.scheduler';
import { UserRole } from '../../../src/generated/prisma/client';
import { issueTestToken } from '../../support/auth';
import { createCatalog } from '../../factories/catalog.factory';
import { addRules } from '../../factories/guidance.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/hook?sap-client=100&~TARGET=_top';

describe('punchout pages (HTTP)', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
  let token: string;
  let organizationId: string;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(t.prisma);
    organizationId = organization.id;
    const { client } = await createClient(t.prisma, organization);
    const admin = await createUser(t.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] });
    token = await issueTestToken(t.prisma, admin, client, { expiresInSeconds: 86_400 });
    await addRules(t.baseUrl, token, [
      {
        effect: 'blocked',
        matcher: 'vendor',
        value: 'Blocked Supplies',
        note: 'Use framework contract <b>42</b>',
      },
    ]);
  });

  afterAll(() => t.close());

  /** Starts a punchout and opens it: the session page URL (relative to the app). */
  async function open(productId = 'pen-1', headers: Record<string, string> = {}): Promise<string> {
    const { body } = await startPunchout(t.baseUrl, token, productId, { callbackUrl: HOOK });
    const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl), headers);
    expect(start.status).toBe(303);
    return `${t.baseUrl}${start.location}`;
  }

  it('spends the start token once: 303 to the session, then "already used" with no shop', async () => {
    const { body } = await startPunchout(t.baseUrl, token, 'pen-1', { callbackUrl: HOOK });
    const startUrl = onTestApp(body.redirectUrl, t.baseUrl);
    const first = await getPage(startUrl, { 'user-agent': 'TestBrowser/1.0' });
    expect(first.status).toBe(303);
    expect(first.location).toMatch(/^\/punchout\/s\/psk_[A-Za-z0-9_-]{43}$/);
    const again = await getPage(startUrl);
    expect(again.status).toBe(410);
    expect(again.html).toContain('This link was already used');
    expect(again.html).not.toContain('data-offer-id');
    expect(again.html).not.toContain('name="csrf"');
    const session = await t.prisma.punchoutSession.findFirstOrThrow({
      where: { organizationId, openedAt: { not: null } },
      orderBy: { openedAt: 'desc' },
    });
    expect(session.status).toBe('OPENED');
    const opened = await t.prisma.auditEvent.findFirstOrThrow({
      where: { sessionId: session.id, type: 'punchout.opened' },
    });
    expect(opened.payload).toMatchObject({ ip: '127.0.0.1', userAgent: 'TestBrowser/1.0' });
  });

  it('does not spend the start token on HEAD (link checkers, mail scanners)', async () => {
    const { body } = await startPunchout(t.baseUrl, token, 'pen-1', { callbackUrl: HOOK });
    const startUrl = onTestApp(body.redirectUrl, t.baseUrl);
    const head = await fetch(startUrl, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(200);
    expect((await getPage(startUrl)).status).toBe(303);
  });

  it('lets the start link be used within PUNCHOUT_START_TTL_SECONDS, and not after (injected clock)', async () => {
    const first = await startPunchout(t.baseUrl, token, 'pen-1', { callbackUrl: HOOK });
    const second = await startPunchout(t.baseUrl, token, 'pen-1', { callbackUrl: HOOK });
    clock.advanceSeconds(299);
    try {
      const inTime = await getPage(onTestApp(first.body.redirectUrl, t.baseUrl));
      expect(inTime.status).toBe(303);
      clock.advanceSeconds(2);
      const late = await getPage(onTestApp(second.body.redirectUrl, t.baseUrl));
      expect(late.status).toBe(410);
      expect(late.html).toContain('This link has expired');
      // It offers to return an empty cart to the HOOK_URL.
      expect(late.html).toContain(`action="${HOOK.replace(/&/g, '&amp;')}"`);
      expect(late.html).not.toContain('NEW_ITEM-');
    } finally {
      clock.set(new Date('2026-11-23T10:00:00Z'));
    }
  });

  it('answers the same 404 page for unknown, malformed and never-existing session keys and start tokens', async () => {
    const paths = [
      '/punchout/s/psk_' + 'A'.repeat(43),
      '/punchout/s/nonsense',
      '/punchout/s/%3Cscript%3E/cart',
      '/punchout/s/psk_' + 'B'.repeat(43) + '/product/pen-1',
      '/punchout/start/pst_' + 'C'.repeat(43),
      '/punchout/start/x',
    ];
    const pages = await Promise.all(paths.map((path) => getPage(`${t.baseUrl}${path}`)));
    for (const page of pages) {
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.html).toBe(pages[0].html);
    }
  });

  it('serves the product page with security headers, offers, preferred/blocked flags and the rule note', async () => {
    const url = await open('pen-1', { 'accept-language': 'en' });
    const page = await getPage(url);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("form-action 'self' https://srm.example.com");
    expect(csp).toMatch(/frame-ancestors https:\/\/srm\.example\.com$/);
    expect(csp).toContain("script-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).toContain('data-offer-id="pen-1-a"');
    expect(page.html).toContain('data-offer-id="pen-1-b"');
    expect(page.html).toMatch(/data-offer-id="pen-1-b"[^]*Blocked by your organization's buying guidance/);
    expect(page.html).toMatch(/id="quantity-pen-1-b"[^>]* disabled/);
    expect(page.html).toContain('Use framework contract &lt;b>42&lt;/b>');
    expect(page.html).not.toContain('<b>42</b>');
  });

  it('speaks German when the browser asks for it', async () => {
    const url = await open();
    const page = await getPage(`${url}/cart`, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(page.html).toContain('<html lang="de"');
    expect(page.html).toContain('An Beschaffung übertragen');
    expect(page.html).toContain('Abbrechen');
  });

  it('adds, changes and removes cart lines; every POST needs the CSRF token', async () => {
    const url = await open();
    const csrf = csrfOf((await getPage(url)).html);
    const noToken = await postForm(`${url}/cart/add`, {
      offerId: 'pen-1-a',
      quantity: '2',
      productId: 'pen-1',
    });
    expect(noToken.status).toBe(403);
    const wrongToken = await postForm(`${url}/cart/add`, {
      csrf: csrf.slice(0, -1) + 'x',
      offerId: 'pen-1-a',
      quantity: '2',
    });
    expect(wrongToken.status).toBe(403);
    const added = await postForm(`${url}/cart/add`, {
      csrf,
      offerId: 'pen-1-a',
      quantity: '2',
      productId: 'pen-1',
    });
    expect(added.status).toBe(303);
    const cart = await getPage(`${t.baseUrl}${added.location}`);
    expect(cart.html).toContain('Added to the cart.');
    expect(cart.html).toMatch(/value="2"/);
    const updated = await postForm(`${url}/cart/update`, { csrf, offerId: 'pen-1-a', quantity: '10' });
    expect(updated.status).toBe(303);
    const repriced = await getPage(`${url}/cart`);
    expect(repriced.html).toContain('tier from 10');
    expect(repriced.html).toContain('€40.00');
    const tooMany = await postForm(`${url}/cart/update`, { csrf, offerId: 'pen-1-a', quantity: '101' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.html).toContain('at most 100');
    const removed = await postForm(`${url}/cart/remove`, { csrf, offerId: 'pen-1-a' });
    expect(removed.status).toBe(303);
    expect((await getPage(`${url}/cart`)).html).toContain('Your cart is empty.');
  });

  it('refuses a forged POST of a blocked offer, records it, and leaves the cart unchanged', async () => {
    const url = await open();
    const csrf = csrfOf((await getPage(url)).html);
    const forged = await postForm(`${url}/cart/add`, {
      csrf,
      offerId: 'pen-1-b',
      quantity: '1',
      productId: 'pen-1',
    });
    expect(forged.status).toBe(403);
    expect(forged.html).toContain('blocked');
    const key = new URL(url).pathname.split('/')[3];
    const session = await t.prisma.punchoutSession.findFirstOrThrow({
      where: { keyHash: new Uint8Array(createHash('sha256').update(key).digest()) },
    });
    expect(await t.prisma.cartItem.count({ where: { sessionId: session.id } })).toBe(0);
    expect(
      await t.prisma.auditEvent.count({ where: { sessionId: session.id, type: 'punchout.offer_refused' } }),
    ).toBe(1);
  });

  it('expires an idle session and offers to return an empty cart', async () => {
    const url = await open();
    clock.advanceSeconds(3601);
    try {
      const page = await getPage(url);
      expect(page.html).toContain('Your punchout session has expired');
      expect(page.html).toContain('Return to procurement');
      expect(page.html).not.toContain('NEW_ITEM-');
      expect(page.html).not.toContain('data-offer-id');
    } finally {
      clock.set(new Date('2026-11-23T10:00:00Z'));
    }
  });

  it('transfers once: the OCI fields are stored and audited; a second transfer sends nothing', async () => {
    const url = await open();
    const csrf = csrfOf((await getPage(url)).html);
    await postForm(`${url}/cart/add`, { csrf, offerId: 'pen-1-a', quantity: '12', productId: 'pen-1' });
    const sent = await postForm(`${url}/transfer`, { csrf });
    expect(sent.status).toBe(200);
    expect(sent.html).toContain('name="NEW_ITEM-QUANTITY[1]" value="12"');
    expect(sent.html).toContain('name="NEW_ITEM-PRICE[1]" value="4.00"');
    expect(sent.html).toContain(`action="${HOOK.replace(/&/g, '&amp;')}"`);
    expect(sent.html).toContain('target="_top"');
    expect(sent.html).toContain('src="/assets/punchout.js"');
    const again = await postForm(`${url}/transfer`, { csrf });
    expect(again.status).toBe(409);
    expect(again.html).not.toContain('NEW_ITEM-');
    const cancelAfter = await postForm(`${url}/cancel`, { csrf });
    expect(cancelAfter.html).not.toContain('<form method="post" action="https://srm');
  });

  it('re-validates every line at transfer: blocked now, quantity out of range, price changed, offer gone; nothing is sent until the buyer confirms', async () => {
    await createCatalog(t.prisma, [
      {
        id: 'reval-1',
        name: 'Stapler',
        categoryId: 'filing',
        offers: [{ id: 'reval-1-a', vendor: 'Soon Blocked', price: '10.0000' }],
      },
      {
        id: 'reval-2',
        name: 'Punch',
        categoryId: 'filing',
        offers: [{ id: 'reval-2-a', vendor: 'Max Shrinks', price: '5.0000', quantityMax: 50 }],
      },
      {
        id: 'reval-3',
        name: 'Tape',
        categoryId: 'filing',
        offers: [{ id: 'reval-3-a', vendor: 'Price Up', price: '2.0000' }],
      },
      {
        id: 'reval-4',
        name: 'Glue stick',
        categoryId: 'filing',
        offers: [{ id: 'reval-4-a', vendor: 'Going Away', price: '1.0000' }],
      },
      {
        id: 'reval-5',
        name: 'Ruler',
        categoryId: 'filing',
        offers: [{ id: 'reval-5-a', vendor: 'Steady', price: '3.0000' }],
      },
    ]);
    const url = await open('reval-1');
    const csrf = csrfOf((await getPage(url)).html);
    for (const [offerId, quantity] of [
      ['reval-1-a', '1'],
      ['reval-2-a', '20'],
      ['reval-3-a', '4'],
      ['reval-4-a', '2'],
      ['reval-5-a', '1'],
    ]) {
      expect((await postForm(`${url}/cart/add`, { csrf, offerId, quantity })).status).toBe(303);
    }
    // The catalog and the rules change while the buyer shops.
    await addRules(t.baseUrl, token, [{ effect: 'blocked', matcher: 'vendor', value: 'Soon Blocked' }]);
    await t.prisma.offer.update({ where: { id: 'reval-2-a' }, data: { quantityMax: 10 } });
    await t.prisma.offer.update({ where: { id: 'reval-3-a' }, data: { price: '2.5000' } });
    // An import dropping an offer that sits in a cart succeeds; the line stays, marked unavailable.
    await t.prisma.offer.delete({ where: { id: 'reval-4-a' } });
    expect((await getPage(`${url}/cart`)).html).toContain('No longer available');

    const review = await postForm(`${url}/transfer`, { csrf });
    expect(review.status).toBe(409);
    expect(review.html).toContain('Nothing has been sent');
    expect(review.html).toContain(
      'Stapler (Soon Blocked) was removed: it is blocked by your organization&#39;s buying guidance now.'.replace(
        '&#39;',
        "'",
      ),
    );
    expect(review.html).toContain('Punch was removed: its quantity is outside the allowed 1 to 10 now.');
    expect(review.html).toContain('The net unit price of Tape changed from €2.00 to €2.50.');
    expect(review.html).toContain('Glue stick, Going Away was removed: the offer no longer exists.');
    expect(review.html).not.toContain('NEW_ITEM-');

    const sent = await postForm(`${url}/transfer`, { csrf });
    expect(sent.status).toBe(200);
    const fields = [...sent.html.matchAll(/name="(NEW_ITEM-[^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1],
      m[2],
    ]);
    const quantities = fields.filter(([name]) => name.startsWith('NEW_ITEM-QUANTITY'));
    expect(quantities).toEqual([
      ['NEW_ITEM-QUANTITY[1]', '4'],
      ['NEW_ITEM-QUANTITY[2]', '1'],
    ]);
    expect(fields).toContainEqual(['NEW_ITEM-PRICE[1]', '2.50']);
    expect(fields).toContainEqual(['NEW_ITEM-EXT_PRODUCT_ID[2]', 'reval-5']);
    const key = new URL(url).pathname.split('/')[3];
    const session = await t.prisma.punchoutSession.findFirstOrThrow({
      where: { keyHash: new Uint8Array(createHash('sha256').update(key).digest()) },
    });
    const types = (
      await t.prisma.auditEvent.findMany({ where: { sessionId: session.id }, orderBy: { sequence: 'asc' } })
    ).map((e) => e.type);
    expect(types).toEqual([
      'punchout.created',
      'punchout.opened',
      ...Array(5).fill('punchout.cart_changed'),
      'punchout.offer_refused',
      'punchout.cart_changed',
      'punchout.cart_changed',
      'punchout.cart_changed',
      'punchout.transferred',
    ]);
  });

  it("applies the session's own organization's guidance only, never another organization's", async () => {
    const other = await createOrganization(t.prisma);
    const { client: otherClient } = await createClient(t.prisma, other);
    const otherAdmin = await createUser(t.prisma, other, { roles: [UserRole.admin, UserRole.buyer] });
    const otherToken = await issueTestToken(t.prisma, otherAdmin, otherClient, { expiresInSeconds: 86_400 });
    await addRules(t.baseUrl, otherToken, [{ effect: 'blocked', matcher: 'vendor', value: 'Office World' }]);
    const page = await getPage(await open('pen-1'));
    expect(page.html).toMatch(/data-offer-id="pen-1-a"[^>]*data-blocked="false"/);
    expect(page.html).toMatch(/data-offer-id="pen-1-b"[^>]*data-blocked="true"/);
  });

  it('two transfers racing (double click, two tabs): one sends the cart, the other sends nothing', async () => {
    const url = await open('paper-1');
    const csrf = csrfOf((await getPage(url)).html);
    await postForm(`${url}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '1' });
    const answers = await Promise.all([
      postForm(`${url}/transfer`, { csrf }),
      postForm(`${url}/transfer`, { csrf }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.filter((a) => a.html.includes('NEW_ITEM-QUANTITY[1]'))).toHaveLength(1);
  });

  it('a failing transfer ends the session FAILED, records the reason and offers the empty cart', async () => {
    const url = await open('paper-1');
    const csrf = csrfOf((await getPage(url)).html);
    await postForm(`${url}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '1' });
    const spy = jest
      .spyOn(t.app.get(PunchoutCartService), 'revalidate')
      .mockRejectedValueOnce(new Error('catalog unreachable'));
    try {
      const failed = await postForm(`${url}/transfer`, { csrf });
      expect(failed.status).toBe(500);
      expect(failed.html).toContain('Punchout failed');
      expect(failed.html).toContain(`action="${HOOK.replace(/&/g, '&amp;')}"`);
      expect(failed.html).not.toContain('NEW_ITEM-');
    } finally {
      spy.mockRestore();
    }
    const key = new URL(url).pathname.split('/')[3];
    const session = await t.prisma.punchoutSession.findFirstOrThrow({
      where: { keyHash: new Uint8Array(createHash('sha256').update(key).digest()) },
    });
    expect(session).toMatchObject({
      status: 'FAILED',
      returnedFields: [],
      closeReason: 'transfer failed: catalog unreachable',
    });
    const event = await t.prisma.auditEvent.findFirstOrThrow({
      where: { sessionId: session.id, type: 'punchout.failed' },
    });
    expect(event.payload).toMatchObject({ reason: 'transfer failed: catalog unreachable', fields: [] });
  });

  it('opens a product whose every offer is blocked, says why nothing can be added, and links to a search', async () => {
    await createCatalog(t.prisma, [
      {
        id: 'all-blocked',
        name: 'Red pen',
        categoryId: 'filing',
        offers: [{ id: 'all-blocked-a', vendor: 'Blocked Supplies', price: '1.0000' }],
      },
    ]);
    const page = await getPage(await open('all-blocked'));
    expect(page.status).toBe(200);
    expect(page.html).toContain('No offer of this product can be added');
    expect(page.html).toMatch(/href="\/punchout\/s\/psk_[^"]+\/search\?query=Red%20pen"/);
  });

  it('sends a GET of a POST-only address to the cart, and a GET of cancel to its question; neither changes anything', async () => {
    const url = await open('paper-1');
    for (const path of ['/transfer', '/cart/add']) {
      const answer = await getPage(`${url}${path}`);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`${new URL(url).pathname}/cart`);
    }
    const question = await getPage(`${url}/cancel`);
    expect(question.status).toBe(200);
    expect(question.html).toContain('Cancel this punchout?');
    expect(question.html).toMatch(/<form method="post" action="\/punchout\/s\/psk_[^"]+\/cancel">/);
    expect((await getPage(`${url}/cart`)).html).toContain('Transfer to procurement');
  });

  it('sweeps lapsed sessions nobody returns to: never-opened start links and idle sessions end EXPIRED with their audit event', async () => {
    const unopened = await startPunchout(t.baseUrl, token, 'paper-1', { callbackUrl: HOOK });
    const idleUrl = await open('paper-1');
    const key = new URL(idleUrl).pathname.split('/')[3];
    const sweeper = t.app.get(PunchoutExpiryScheduler);
    await sweeper.runOnce();
    clock.advanceSeconds(3601);
    try {
      expect(await sweeper.runOnce()).toBeGreaterThanOrEqual(2);
      const idle = await t.prisma.punchoutSession.findFirstOrThrow({
        where: { keyHash: new Uint8Array(createHash('sha256').update(key).digest()) },
      });
      expect(idle).toMatchObject({ status: 'EXPIRED', closeReason: 'idle', returnedFields: [] });
      const startToken = new URL(unopened.body.redirectUrl).pathname.split('/').pop() as string;
      const never = await t.prisma.punchoutSession.findUniqueOrThrow({
        where: { startTokenHash: new Uint8Array(createHash('sha256').update(startToken).digest()) },
      });
      expect(never).toMatchObject({ status: 'EXPIRED', closeReason: 'start link not opened in time' });
      expect(
        await t.prisma.auditEvent.count({ where: { sessionId: idle.id, type: 'punchout.expired' } }),
      ).toBe(1);
      // The buyer coming back later still gets the expired page with the empty cart.
      expect((await getPage(idleUrl)).html).toContain('Your punchout session has expired');
      expect(
        await t.prisma.auditEvent.count({ where: { sessionId: idle.id, type: 'punchout.expired' } }),
      ).toBe(1);
    } finally {
      clock.set(new Date('2026-11-23T10:00:00Z'));
    }
  });
});
