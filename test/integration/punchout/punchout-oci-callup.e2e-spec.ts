import { createHash } from 'node:crypto';
import { UserRole } from '../../../src/generated/prisma/client';
import { ClientsService } from '../../../src/oauth/clients.service';
import { createCatalog } from '../../factories/catalog.factory';
import { addRules } from '../../factories/guidance.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { issueTestToken } from '../../support/auth';
import { ociFormOf, ociFormsOf, ociItemsOf, withoutLineKeys } from '../../support/oci-form';
import { csrfOf, getPage, PageResponse, postForm } from '../../support/punchout-pages';
import { eventually } from '../../support/eventually';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?sap-client=100';

interface SapCustomer {
  organizationId: string;
  clientId: string;
  clientDbId: string;
  clientSecret: string;
  punchoutSecret: string;
  email: string;
  userId: string;
  admin: string;
  buyerToken: string;
}

describe('OCI call-up: GET|POST /punchout/oci', () => {
  let t: TestApp;
  let clients: ClientsService;

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: 'true', TOKEN_RATE_LIMIT_FAILURES: '4' } });
    clients = t.app.get(ClientsService);
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
  });
  afterAll(() => t.close());

  /** An organization that connected SAP: a client with a punchout secret, a buyer, an admin, a rule. */
  async function sapCustomer(origins: string[] = ['https://srm.example.com']): Promise<SapCustomer> {
    const organization = await createOrganization(t.prisma);
    const { client, clientId, clientSecret } = await createClient(t.prisma, organization, {
      callbackOrigins: origins,
    });
    const { punchoutSecret } = await clients.setPunchoutSecret(clientId, { label: 'test' });
    const buyer = await createUser(t.prisma, organization, { email: `buyer-${clientId}@sap.example` });
    const admin = await issueTestToken(
      t.prisma,
      await createUser(t.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] }),
      client,
    );
    await addRules(t.baseUrl, admin, [{ effect: 'blocked', matcher: 'vendor', value: 'Blocked Supplies' }]);
    return {
      organizationId: organization.id,
      clientId,
      clientDbId: client.id,
      clientSecret,
      punchoutSecret,
      email: buyer.email,
      userId: buyer.id,
      admin,
      buyerToken: await issueTestToken(t.prisma, buyer, client),
    };
  }

  /** The call-up URL as SAP builds it: fixed parameters, the user's EMAIL, HOOK_URL and the classics. */
  function callUrl(c: SapCustomer, extra: Record<string, string> = {}, omit: string[] = []): string {
    const params = new URLSearchParams({
      USERNAME: c.clientId,
      PASSWORD: c.punchoutSecret,
      EMAIL: c.email,
      HOOK_URL: HOOK,
      '~OkCode': 'ADDI',
      '~TARGET': '_top',
      '~CALLER': 'CTLG',
      ...extra,
    });
    for (const name of omit) params.delete(name);
    return `${t.baseUrl}/punchout/oci?${params.toString()}`;
  }

  const events = (organizationId: string, type: string) =>
    t.prisma.auditEvent.findMany({ where: { organizationId, type }, orderBy: { sequence: 'asc' } });
  const lastCall = async (organizationId: string) => {
    const calls = await events(organizationId, 'punchout.oci_call');
    return calls[calls.length - 1];
  };
  const sessionsOf = (organizationId: string) =>
    t.prisma.punchoutSession.findMany({ where: { organizationId }, orderBy: { createdAt: 'asc' } });
  const keyOf = (location: string | null) =>
    /\/punchout\/s\/(psk_[A-Za-z0-9_-]{43})/.exec(location ?? '')?.[1];

  describe('no FUNCTION: the buyer shops', () => {
    it("opens a session at once (protocol oci-callup, OPENED, only the key's hash stored) and sends the browser to PRODUCTID's page", async () => {
      const c = await sapCustomer();
      const answer = await getPage(
        callUrl(c, { PRODUCTID: 'pen-1', OCI_VERSION: '5.0', 'sap-language': 'DE' }),
      );
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(/^\/punchout\/s\/psk_[A-Za-z0-9_-]{43}\/product\/pen-1$/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const key = keyOf(answer.location) as string;

      const [session] = await sessionsOf(c.organizationId);
      expect(session).toMatchObject({
        protocol: 'oci-callup',
        status: 'OPENED',
        userId: c.userId,
        clientId: c.clientDbId,
        productId: 'pen-1',
        callbackUrl: HOOK,
        target: '_top',
        startTokenHash: null,
      });
      expect(Buffer.from(session.keyHash ?? [])).toEqual(createHash('sha256').update(key).digest());
      expect(session.openedAt).not.toBeNull();

      const created = await events(c.organizationId, 'punchout.created');
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({
        actorUserId: c.userId,
        actorClientId: c.clientDbId,
        sessionId: session.id,
      });
      expect(created[0].payload).toMatchObject({
        publicId: session.publicId,
        protocol: 'oci-callup',
        productId: 'pen-1',
        callbackUrl: HOOK,
        target: '_top',
        oci: { okCode: 'ADDI', caller: 'CTLG', ociVersion: '5.0', username: c.clientId, email: c.email },
      });
      expect(await events(c.organizationId, 'punchout.opened')).toHaveLength(1);
      expect(
        JSON.stringify(
          (await t.prisma.auditEvent.findMany({ where: { organizationId: c.organizationId } })).map(
            (e) => e.payload,
          ),
        ),
      ).not.toContain(c.punchoutSecret);

      const shop = await getPage(`${t.baseUrl}${answer.location}`);
      expect(shop.status).toBe(200);
      expect(shop.html).toContain('data-product-id="pen-1"');
      expect(shop.html).toContain('/cart/add');
    });

    it('sends the browser to the search results for SEARCHSTRING (before PRODUCTID)', async () => {
      const c = await sapCustomer();
      const answer = await getPage(callUrl(c, { SEARCHSTRING: 'copy paper', PRODUCTID: 'pen-1' }));
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(/^\/punchout\/s\/psk_[A-Za-z0-9_-]{43}\/search\?query=copy\+paper$/);
      const results = await getPage(`${t.baseUrl}${answer.location}`);
      expect(results.status).toBe(200);
      expect(results.html).toContain('data-product-id="paper-1"');
    });

    it("otherwise to a start page with the search box and the organization's preferred products", async () => {
      const c = await sapCustomer();
      await addRules(t.baseUrl, c.admin, [{ effect: 'preferred', matcher: 'product', value: 'paper-1' }]);
      const answer = await getPage(callUrl(c, { PRODUCTID: 'no-such-product' }));
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(/^\/punchout\/s\/psk_[A-Za-z0-9_-]{43}$/);
      expect((await sessionsOf(c.organizationId))[0].productId).toBeNull();
      const start = await getPage(`${t.baseUrl}${answer.location}`, { 'accept-language': 'de' });
      expect(start.status).toBe(200);
      expect(start.html).toContain('Was brauchen Sie?');
      expect(start.html).toMatch(/<input id="punchout-start-query" type="search" name="query"/);
      expect(start.html).toMatch(/class="punchout-preferred"|punchout-preferred/);
      expect(start.html).toContain(`href="${answer.location}/product/paper-1"`);
      expect(start.html).not.toContain('data-product-id="pen-1"');
    });

    it('takes the parameters from a form body (POST), honours returntarget, ignores unknown parameters', async () => {
      const c = await sapCustomer();
      const answer = await postForm(`${t.baseUrl}/punchout/oci?sap-client=100`, {
        USERNAME: c.clientId,
        PASSWORD: c.punchoutSecret,
        EMAIL: c.email.toUpperCase(),
        HOOK_URL: HOOK,
        returntarget: 'catalogFrame',
        PRODUCTID: 'paper-1',
        'sap-language': 'EN',
        SOMETHING_ELSE: 'x',
      });
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(/\/product\/paper-1$/);
      expect((await sessionsOf(c.organizationId))[0]).toMatchObject({
        target: 'catalogFrame',
        productId: 'paper-1',
      });
    });

    it('the shop and the transfer work as for a REST session: the HOOK_URL gets the same fields', async () => {
      const c = await sapCustomer();
      const transferOf = async (shopUrl: string) => {
        const page = await getPage(shopUrl);
        const csrf = csrfOf(page.html);
        const base = shopUrl.replace(/\/product\/.*$/, '');
        expect(
          (await postForm(`${base}/cart/add`, { csrf, offerId: 'pen-1-a', quantity: '12' })).status,
        ).toBe(303);
        expect(
          (await postForm(`${base}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '2' })).status,
        ).toBe(303);
        const sent = await postForm(`${base}/transfer`, { csrf });
        expect(sent.status).toBe(200);
        return ociFormOf(sent.html);
      };
      const callup = await getPage(callUrl(c, { PRODUCTID: 'pen-1' }));
      const viaCallup = await transferOf(`${t.baseUrl}${callup.location}`);

      const rest = await startPunchout(t.baseUrl, c.buyerToken, 'pen-1', { callbackUrl: HOOK });
      const start = await getPage(onTestApp(rest.body.redirectUrl as string, t.baseUrl));
      const viaRest = await transferOf(`${t.baseUrl}${start.location}/product/pen-1`);

      expect(viaCallup.fields.length).toBeGreaterThan(20);
      // The same fields but the line keys, which each transfer draws anew.
      expect({ ...viaCallup, fields: withoutLineKeys(viaCallup.fields) }).toEqual({
        ...viaRest,
        fields: withoutLineKeys(viaRest.fields),
      });
      expect(ociItemsOf(viaCallup.fields)[0].EXT_QUOTE_ID).not.toBe(
        ociItemsOf(viaRest.fields)[0].EXT_QUOTE_ID,
      );
      expect(viaCallup).toMatchObject({ action: HOOK, target: '_top', autoSubmit: true });
      const sessions = await sessionsOf(c.organizationId);
      expect(sessions.map((s) => [s.protocol, s.status])).toEqual([
        ['oci-callup', 'TRANSFERRED'],
        ['rest', 'TRANSFERRED'],
      ]);
    });

    it('answers HEAD without signing in, opening a session or recording anything', async () => {
      const c = await sapCustomer();
      const before = await t.prisma.auditEvent.count({ where: { organizationId: c.organizationId } });
      const head = await fetch(callUrl(c), { method: 'HEAD', redirect: 'manual' });
      expect(head.status).toBe(200);
      expect(await sessionsOf(c.organizationId)).toHaveLength(0);
      expect(await t.prisma.auditEvent.count({ where: { organizationId: c.organizationId } })).toBe(before);
    });
  });

  describe('FUNCTION=DETAIL', () => {
    it('shows the product in display mode: offers and guidance, no cart, no search, no session', async () => {
      const c = await sapCustomer();
      const detail = await getPage(callUrl(c, { FUNCTION: 'DETAIL', PRODUCTID: 'pen-1' }));
      expect(detail.status).toBe(200);
      expect(detail.html).toContain('data-product-id="pen-1"');
      expect(detail.html).toMatch(/data-offer-id="pen-1-b"[^>]*data-blocked="true"/);
      expect(detail.html).toContain('data-offer-id="pen-1-a"');
      expect(detail.html).not.toContain('/cart');
      expect(detail.html).not.toContain('name="csrf"');
      expect(detail.html).not.toContain('type="search"');
      expect(ociFormsOf(detail.html)).toHaveLength(0);
      expect(await sessionsOf(c.organizationId)).toHaveLength(0);
      expect((await lastCall(c.organizationId)).payload).toMatchObject({
        function: 'DETAIL',
        outcome: 'ok',
        productId: 'pen-1',
      });
    });

    it('answers an unknown product with the 404 page, and no PRODUCTID with a 400 page', async () => {
      const c = await sapCustomer();
      expect((await getPage(callUrl(c, { FUNCTION: 'DETAIL', PRODUCTID: 'nope' }))).status).toBe(404);
      expect((await lastCall(c.organizationId)).payload).toMatchObject({ outcome: 'product_unknown' });
      const missing = await getPage(callUrl(c, { FUNCTION: 'DETAIL' }));
      expect(missing.status).toBe(400);
      expect(missing.html).toContain('PRODUCTID');
    });
  });

  describe('FUNCTION=VALIDATE', () => {
    it('answers inline (200) the one item at its current tier price, with the fields a transfer sends, auto-submitted to HOOK_URL', async () => {
      const c = await sapCustomer();
      const answer = await getPage(
        callUrl(c, { FUNCTION: 'VALIDATE', PRODUCTID: 'pen-1', QUANTITY: '12.000' }),
      );
      expect(answer.status).toBe(200);
      expect(answer.location).toBeNull();
      expect(answer.headers.get('content-security-policy')).toContain('form-action');
      expect(answer.headers.get('content-security-policy')).toContain(
        "form-action 'self' https://srm.example.com",
      );
      // The caller's procurement system may frame the answer, as it frames its session's pages.
      expect(answer.headers.get('content-security-policy')).toContain(
        'frame-ancestors https://srm.example.com',
      );
      const form = ociFormOf(answer.html);
      expect(form).toMatchObject({ action: HOOK, target: '_top', autoSubmit: true });
      const [item, ...more] = ociItemsOf(form.fields);
      expect(more).toHaveLength(0);
      expect(item).toMatchObject({
        DESCRIPTION: 'Ballpoint pen, blue, box of 10, with an',
        QUANTITY: '12',
        PRICE: '4.00',
        CURRENCY: 'EUR',
        PRICEUNIT: '1',
        VENDORMAT: 'OW-PEN-10',
        MANUFACTMAT: 'SN-K15',
        EXT_PRODUCT_ID: 'pen-1',
        EXT_SCHEMA_TYPE: 'UNSPSC',
        EXT_CATEGORY_ID: '44121704',
        CUST_FIELD5: 'pen-1-a',
        LEADTIME: '2',
      });
      expect(item.LONGTEXT).toContain('Vendor: Office World');

      // The same fields, in the same order, as a REST session's transfer of 12 of this offer.
      const rest = await startPunchout(t.baseUrl, c.buyerToken, 'pen-1', { callbackUrl: HOOK });
      const start = await getPage(onTestApp(rest.body.redirectUrl as string, t.baseUrl));
      const url = `${t.baseUrl}${start.location}`;
      const csrf = csrfOf((await getPage(url)).html);
      await postForm(`${url}/cart/add`, { csrf, offerId: 'pen-1-a', quantity: '12' });
      const sent = await postForm(`${url}/transfer`, { csrf });
      expect(withoutLineKeys(form.fields)).toEqual(withoutLineKeys(ociFormOf(sent.html).fields));

      expect(
        await sessionsOf(c.organizationId).then((s) => s.filter((x) => x.protocol === 'oci-callup')),
      ).toHaveLength(0);
      expect((await lastCall(c.organizationId)).payload).toMatchObject({
        function: 'VALIDATE',
        outcome: 'ok',
        productId: 'pen-1',
        quantity: '12.000',
        lineCount: 1,
      });
    });

    it('takes QUANTITY 1 by default, and answers an unknown or blocked product with the empty form', async () => {
      const c = await sapCustomer();
      const one = ociItemsOf(
        ociFormOf((await getPage(callUrl(c, { FUNCTION: 'VALIDATE', PRODUCTID: 'paper-1' }))).html).fields,
      );
      expect(one).toHaveLength(1);
      expect(one[0]).toMatchObject({ QUANTITY: '1', PRICE: '5.99', UNIT: 'RM' });

      const unknown = await getPage(callUrl(c, { FUNCTION: 'VALIDATE', PRODUCTID: 'gone-1' }));
      expect(unknown.status).toBe(200);
      expect(ociFormOf(unknown.html)).toMatchObject({ action: HOOK, fields: [], autoSubmit: true });

      await addRules(t.baseUrl, c.admin, [{ effect: 'blocked', matcher: 'product', value: 'paper-1' }]);
      const blocked = await getPage(callUrl(c, { FUNCTION: 'VALIDATE', PRODUCTID: 'paper-1' }));
      expect(ociFormOf(blocked.html).fields).toEqual([]);
      expect((await lastCall(c.organizationId)).payload).toMatchObject({
        outcome: 'ok',
        lineCount: 0,
        fields: [],
      });

      // Quantities outside the offer's bounds have no offer to price: the empty form.
      const tooMany = await getPage(
        callUrl(c, { FUNCTION: 'VALIDATE', PRODUCTID: 'pen-1', QUANTITY: '500' }),
      );
      expect(ociFormOf(tooMany.html).fields).toEqual([]);
    });

    it.each(['0', '-1', '1.5', 'ten', '5,000'])(
      'refuses QUANTITY %j with a 400 page that posts nothing',
      async (quantity) => {
        const c = await sapCustomer();
        const answer = await getPage(
          callUrl(c, { FUNCTION: 'VALIDATE', PRODUCTID: 'pen-1', QUANTITY: quantity }),
        );
        expect(answer.status).toBe(400);
        expect(answer.html).toContain('QUANTITY');
        expect(ociFormsOf(answer.html)).toHaveLength(0);
        expect((await lastCall(c.organizationId)).payload).toMatchObject({ outcome: 'quantity_invalid' });
      },
    );
  });

  describe('FUNCTION=BACKGROUND_SEARCH', () => {
    it('answers inline a form of the hits (quantity 1, blocked offers left out), not auto-submitted', async () => {
      const c = await sapCustomer();
      const answer = await getPage(callUrl(c, { FUNCTION: 'BACKGROUND_SEARCH', SEARCHSTRING: 'pen' }));
      expect(answer.status).toBe(200);
      const form = ociFormOf(answer.html);
      expect(form).toMatchObject({ action: HOOK, autoSubmit: false });
      expect(answer.html).not.toContain('data-auto-submit');
      const items = ociItemsOf(form.fields);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        EXT_PRODUCT_ID: 'pen-1',
        QUANTITY: '1',
        PRICE: '4.50',
        CUST_FIELD5: 'pen-1-a',
      });
      expect((await lastCall(c.organizationId)).payload).toMatchObject({
        function: 'BACKGROUND_SEARCH',
        outcome: 'ok',
        searchString: 'pen',
        lineCount: 1,
      });
    });

    it('answers no hits, and an empty SEARCHSTRING, with a form without lines', async () => {
      const c = await sapCustomer();
      for (const searchString of ['zebra giraffe', '']) {
        const answer = await getPage(
          callUrl(c, { FUNCTION: 'BACKGROUND_SEARCH', SEARCHSTRING: searchString }),
        );
        expect(answer.status).toBe(200);
        expect(ociFormOf(answer.html)).toMatchObject({ action: HOOK, fields: [] });
      }
    });
  });

  describe("refusals: an HTML page in the buyer's language that posts nothing, and an audit event", () => {
    async function expectRefused(
      answer: PageResponse,
      status: number,
      text: RegExp,
      c: SapCustomer | null,
      outcome?: string,
    ) {
      expect(answer.status).toBe(status);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.html).toMatch(text);
      expect(ociFormsOf(answer.html)).toHaveLength(0);
      expect(answer.html).not.toContain('srm.example.com/sap');
      expect(answer.headers.get('content-security-policy')).not.toContain('srm.example.com');
      if (c) {
        expect(await sessionsOf(c.organizationId)).toHaveLength(0);
        if (outcome) {
          // A credential refusal is recorded beside its answer (the same time for a real and an unknown client id).
          const event = await eventually(async () => {
            const last = await lastCall(c.organizationId);
            expect(last?.payload).toMatchObject({ outcome, username: expect.any(String) });
            return last;
          });
          expect(JSON.stringify(event.payload)).not.toContain(c.punchoutSecret);
        }
      }
    }
    const de = { 'accept-language': 'de-DE,de;q=0.9', 'x-forwarded-for': '198.51.100.7' };

    it('a wrong PASSWORD, the API secret as PASSWORD, or no PASSWORD: 401', async () => {
      const c = await sapCustomer();
      await expectRefused(
        await getPage(callUrl(c, { PASSWORD: `${c.punchoutSecret}x` }), de),
        401,
        /Anmeldung am Katalog fehlgeschlagen/,
        c,
        'credentials_refused',
      );
      const event = await lastCall(c.organizationId);
      expect(event.actorClientId).toBeNull();
      expect(JSON.stringify(event.payload)).not.toContain(`${c.punchoutSecret}x`);
      await expectRefused(
        await getPage(callUrl(c, { PASSWORD: c.clientSecret }), { 'x-forwarded-for': '198.51.100.8' }),
        401,
        /Catalog sign-in failed/,
        c,
        'credentials_refused',
      );
      await expectRefused(
        await getPage(callUrl(c, {}, ['PASSWORD']), { 'x-forwarded-for': '198.51.100.9' }),
        401,
        /USERNAME or PASSWORD/,
        c,
      );
    });

    it('an unknown USERNAME: 401, logged (no organization to record it in)', async () => {
      const c = await sapCustomer();
      await expectRefused(
        await getPage(callUrl(c, { USERNAME: 'mpgc_nobody' })),
        401,
        /USERNAME or PASSWORD/,
        c,
      );
    });

    it('a revoked client: 403', async () => {
      const c = await sapCustomer();
      await clients.revoke(c.clientId, { label: 'test' });
      await expectRefused(
        await getPage(callUrl(c), de),
        403,
        /Katalogzugang widerrufen/,
        c,
        'client_revoked',
      );
    });

    it('an unknown EMAIL (or none): 401; a disabled user: 403', async () => {
      const c = await sapCustomer();
      await expectRefused(
        await getPage(callUrl(c, { EMAIL: 'stranger@sap.example' })),
        401,
        /not registered with this catalog/,
        c,
        'user_unknown',
      );
      await expectRefused(await getPage(callUrl(c, {}, ['EMAIL'])), 401, /EMAIL/, c, 'user_unknown');
      await t.prisma.user.update({ where: { id: c.userId }, data: { disabledAt: new Date() } });
      await expectRefused(await getPage(callUrl(c), de), 403, /Katalogzugang gesperrt/, c, 'user_disabled');
    });

    it('a HOOK_URL missing (400), malformed (400) or outside the allowed origins (403), for every function', async () => {
      const c = await sapCustomer();
      await expectRefused(
        await getPage(callUrl(c, {}, ['HOOK_URL'])),
        400,
        /HOOK_URL/,
        c,
        'hook_url_missing',
      );
      for (const hook of [
        'javascript:alert(1)',
        'https://user:pw@srm.example.com/hook',
        'srm.example.com/hook',
      ]) {
        await expectRefused(
          await getPage(callUrl(c, { HOOK_URL: hook })),
          400,
          /HOOK_URL/,
          c,
          'hook_url_invalid',
        );
      }
      for (const fn of ['', 'DETAIL', 'VALIDATE', 'BACKGROUND_SEARCH']) {
        const answer = await getPage(
          callUrl(c, {
            HOOK_URL: 'https://evil.example/hook',
            FUNCTION: fn,
            PRODUCTID: 'pen-1',
            SEARCHSTRING: 'pen',
          }),
          de,
        );
        await expectRefused(answer, 403, /Rücksprungadresse nicht erlaubt/, c, 'hook_url_origin');
        expect(answer.html).toContain('https://evil.example');
      }
      await expectRefused(
        await getPage(callUrl(c, { '~TARGET': 'x y' })),
        400,
        /~TARGET/,
        c,
        'hook_url_invalid',
      );
    });

    it('an unknown FUNCTION: 400', async () => {
      const c = await sapCustomer();
      await expectRefused(
        await getPage(callUrl(c, { FUNCTION: 'ORDER' })),
        400,
        /FUNCTION &quot;ORDER&quot;|FUNCTION "ORDER"/,
        c,
        'function_unknown',
      );
    });

    it('limits credential failures per client id and address like the token endpoint (429 page with Retry-After); others are not locked out', async () => {
      const c = await sapCustomer();
      const from = { 'x-forwarded-for': '203.0.113.77' };
      for (let i = 0; i < 4; i++) {
        expect((await getPage(callUrl(c, { PASSWORD: 'mpgp_wrong' }), from)).status).toBe(401);
      }
      const limited = await getPage(callUrl(c), from);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(limited.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await sessionsOf(c.organizationId)).toHaveLength(0);
      // The owner, calling from its own address, still gets in.
      expect((await getPage(callUrl(c), { 'x-forwarded-for': '203.0.113.78' })).status).toBe(303);
    });
  });
});
