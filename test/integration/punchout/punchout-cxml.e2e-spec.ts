import { UserRole } from '../../../src/generated/prisma/client';
import { ClientsService } from '../../../src/oauth/clients.service';
import { addRules } from '../../factories/guidance.factory';
import { issueTestToken } from '../../support/auth';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, PUNCHOUT_CATALOG } from '../../factories/punchout.factory';
import { all, at, postSetup, readCxml, setupRequest } from '../../support/cxml';
import { describeWithCxmlDtd, expectValidCxml } from '../../support/cxml-dtd';
import { ociFormsOf } from '../../support/oci-form';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { eventually } from '../../support/eventually';
import { startTestApp, TestApp } from '../../support/test-app';

const RETURN = 'https://acme.coupahost.com/punchout/checkout/4';

interface CxmlBuyer {
  organizationId: string;
  clientId: string;
  clientDbId: string;
  clientSecret: string;
  secret: string;
  email: string;
  userId: string;
}

describe('cXML punchout: POST /punchout/cxml and the order message', () => {
  let t: TestApp;
  let clients: ClientsService;

  beforeAll(async () => {
    t = await startTestApp({ env: { TOKEN_RATE_LIMIT_FAILURES: '50', CXML_MAX_BYTES: '8192' } });
    clients = t.app.get(ClientsService);
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
  });
  afterAll(() => t.close());

  /** An organization that connected Coupa: a client with a punchout secret and allowed origin, a buyer. */
  async function coupaCustomer(origins: string[] = ['https://acme.coupahost.com']): Promise<CxmlBuyer> {
    const organization = await createOrganization(t.prisma);
    const { client, clientId, clientSecret } = await createClient(t.prisma, organization, {
      callbackOrigins: origins,
    });
    const { punchoutSecret } = await clients.setPunchoutSecret(clientId, { label: 'test' });
    const buyer = await createUser(t.prisma, organization, { email: `jane-${clientId}@acme.example` });
    return {
      organizationId: organization.id,
      clientId,
      clientDbId: client.id,
      clientSecret,
      secret: punchoutSecret,
      email: buyer.email,
      userId: buyer.id,
    };
  }

  const request = (c: CxmlBuyer, parts: Partial<Parameters<typeof setupRequest>[0]> = {}) =>
    setupRequest({ clientId: c.clientId, secret: c.secret, email: c.email, url: RETURN, ...parts });
  const events = (organizationId: string, type: string) =>
    t.prisma.auditEvent.findMany({ where: { organizationId, type }, orderBy: { sequence: 'asc' } });

  /** Opens the StartPage as the buyer's browser does; answers the session's page path. */
  async function open(startUrl: string): Promise<string> {
    const started = await getPage(onTestApp(startUrl, t.baseUrl));
    expect(started.status).toBe(303);
    return `${t.baseUrl}${started.location}`;
  }
  const sessionBase = (page: string) => /^(.*\/punchout\/s\/psk_[A-Za-z0-9_-]{43})/.exec(page)![1];

  async function addToCart(base: string, offerId: string, quantity: number) {
    const product = await getPage(`${base}/product/pen-1`);
    const added = await postForm(`${base}/cart/add`, {
      csrf: csrfOf(product.html),
      offerId,
      quantity: String(quantity),
    });
    expect(added.status).toBe(303);
  }

  /** The order message the page's return form posts (its one field, decoded as the receiver does). */
  function orderMessageOf(html: string, action = RETURN) {
    const [form] = ociFormsOf(html);
    expect(form.action).toBe(action);
    expect(form.fields).toHaveLength(1);
    const [name, value] = form.fields[0];
    const document = name === 'cxml-base64' ? Buffer.from(value, 'base64').toString('utf8') : value;
    return { name, value, document, doc: readCxml(document) };
  }

  describe('setup create', () => {
    it('answers 200 text/xml with Status 200 and the one-time StartPage; records the session and the request without the secret', async () => {
      const c = await coupaCustomer();
      const answer = await postSetup(
        t.baseUrl,
        request(c, {
          cookie: ' a&amp;b 日本 ',
          extra: `<ShipTo><Address isoCountryCode="DE" addressID="HQ"><Name xml:lang="en">ACME HQ</Name>
            <PostalAddress><Street>Hauptstr. 1</Street><City>Berlin</City><PostalCode>10115</PostalCode>
            <Country isoCountryCode="DE">Germany</Country></PostalAddress></Address></ShipTo>`,
        }),
      );
      expect(answer.status).toBe(200);
      expect(answer.contentType).toBe('text/xml; charset=utf-8');
      expect(answer.code).toBe('200');
      expect(answer.startUrl).toMatch(/^http:\/\/gateway\.test\/punchout\/start\/pst_[A-Za-z0-9_-]{43}$/);
      expect(answer.doc.attributes.payloadID).toMatch(/^\d+\.[0-9a-f]{16}@gateway\.test$/);
      expect(answer.doc.attributes['xml:lang']).toBe('en-US');

      const [session] = await t.prisma.punchoutSession.findMany({
        where: { organizationId: c.organizationId },
      });
      expect(session).toMatchObject({
        protocol: 'cxml',
        status: 'CREATED',
        userId: c.userId,
        clientId: c.clientDbId,
        callbackUrl: RETURN,
        target: '_top',
        readOnly: false,
        shipTo: {
          addressId: 'HQ',
          street: 'Hauptstr. 1',
          city: 'Berlin',
          postalCode: '10115',
          country: 'Germany',
          countryCode: 'DE',
        },
      });
      const facts = await t.prisma.punchoutCxml.findUniqueOrThrow({ where: { sessionId: session.id } });
      expect(facts).toMatchObject({ operation: 'create', buyerCookie: ' a&b 日本 ', encoding: 'urlencoded' });

      const [created] = await events(c.organizationId, 'punchout.created');
      expect(created.payload).toMatchObject({
        protocol: 'cxml',
        cxml: {
          status: 200,
          operation: 'create',
          buyerCookie: ' a&b 日本 ',
          from: [{ domain: 'NetworkID', identity: 'AN01000000001' }],
          sender: { identity: c.clientId, userAgent: 'Coupa Procurement 1.0' },
        },
      });
      expect(JSON.stringify(created.payload)).not.toContain(c.secret);
    });

    it('the StartPage opens the shop once; transfer posts one cxml-urlencoded field with the cart to BrowserFormPost', async () => {
      const c = await coupaCustomer();
      const answer = await postSetup(t.baseUrl, request(c));
      const page = await open(answer.startUrl!);
      const base = sessionBase(page);
      // The link is one-time, as the REST redirectUrl.
      expect((await getPage(onTestApp(answer.startUrl!, t.baseUrl))).status).toBe(410);

      await addToCart(base, 'pen-1-a', 12);
      const cart = await getPage(`${base}/cart`);
      const sent = await postForm(`${base}/transfer`, { csrf: csrfOf(cart.html) });
      expect(sent.status).toBe(200);
      expect(sent.headers.get('content-security-policy')).toContain(
        "form-action 'self' https://acme.coupahost.com;",
      );
      const message = orderMessageOf(sent.html);
      expect(message.name).toBe('cxml-urlencoded');
      expectValidCxml(message.document);
      const order = at(message.doc, 'Message/PunchOutOrderMessage')!;
      expect(at(order, 'BuyerCookie')!.text).toBe('cookie-1');
      expect(at(order, 'PunchOutOrderMessageHeader')!.attributes.operationAllowed).toBe('edit');
      // 12 at the tier from 10: 4.00 net each.
      expect(at(order, 'PunchOutOrderMessageHeader/Total/Money')!.text).toBe('48.00');
      const [item] = all(order, 'ItemIn');
      expect(item.attributes.quantity).toBe('12');
      expect(at(item, 'ItemID/SupplierPartID')!.text).toBe('OW-PEN-10');
      // The line's order key (the cart line holds it), which the buyer's order echoes.
      const key = at(item, 'ItemID/SupplierPartAuxiliaryID')!.text;
      expect(key).toMatch(/^[A-Za-z0-9_-]{22}\.1$/);
      expect(await t.prisma.cartItem.findUniqueOrThrow({ where: { orderKey: key } })).toMatchObject({
        offerId: 'pen-1-a',
        quantity: 12,
      });
      expect(at(item, 'ItemDetail/UnitPrice/Money')!.text).toBe('4.00');
      expect(at(item, 'ItemDetail/UnitOfMeasure')!.text).toBe('EA');
      expect(message.document).not.toContain(c.secret);

      const session = await t.prisma.punchoutSession.findFirstOrThrow({
        where: { organizationId: c.organizationId },
      });
      expect(session.status).toBe('TRANSFERRED');
      expect(session.returnedFields).toEqual([['cxml-urlencoded', message.document]]);
      const [transferred] = await events(c.organizationId, 'punchout.transferred');
      expect(transferred.payload).toMatchObject({
        lineCount: 1,
        callbackUrl: RETURN,
        cxml: { encoding: 'urlencoded', operationAllowed: 'edit', document: message.document },
        fields: [['cxml-urlencoded', message.document]],
      });
    });

    it('cancel posts an order message without ItemIn; a base64 client gets cxml-base64', async () => {
      const c = await coupaCustomer();
      await t.prisma.oAuthClient.update({ where: { id: c.clientDbId }, data: { cxmlEncoding: 'base64' } });
      const answer = await postSetup(t.baseUrl, request(c, { cookie: 'Ж-cookie' }));
      const base = sessionBase(await open(answer.startUrl!));
      await addToCart(base, 'pen-1-a', 2);
      const cart = await getPage(`${base}/cart`);
      const cancelled = await postForm(`${base}/cancel`, { csrf: csrfOf(cart.html) });
      expect(cancelled.status).toBe(200);
      const message = orderMessageOf(cancelled.html);
      expect(message.name).toBe('cxml-base64');
      expectValidCxml(message.document);
      const order = at(message.doc, 'Message/PunchOutOrderMessage')!;
      expect(all(order, 'ItemIn')).toHaveLength(0);
      expect(at(order, 'BuyerCookie')!.text).toBe('Ж-cookie');
      expect(at(order, 'PunchOutOrderMessageHeader/Total/Money')!.text).toBe('0.00');
      const [event] = await events(c.organizationId, 'punchout.cancelled');
      expect(event.payload).toMatchObject({
        cxml: { encoding: 'base64', document: message.document },
        fields: [['cxml-base64', message.value]],
      });
    });
  });

  describe('edit and inspect: the cart handed over', () => {
    const itemOut = (quantity: number, part: string, aux: string | null, price?: string) =>
      `<ItemOut quantity="${quantity}"><ItemID><SupplierPartID>${part}</SupplierPartID>${
        aux ? `<SupplierPartAuxiliaryID>${aux}</SupplierPartAuxiliaryID>` : ''
      }</ItemID>${
        price
          ? `<ItemDetail><UnitPrice><Money currency="EUR">${price}</Money></UnitPrice><Description xml:lang="en">x</Description><UnitOfMeasure>EA</UnitOfMeasure><Classification domain="UNSPSC">1</Classification></ItemDetail>`
          : ''
      }</ItemOut>`;

    async function blockVendor(c: CxmlBuyer, vendor: string) {
      const organization = await t.prisma.organization.findUniqueOrThrow({ where: { id: c.organizationId } });
      const client = await t.prisma.oAuthClient.findUniqueOrThrow({ where: { id: c.clientDbId } });
      const admin = await createUser(t.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] });
      await addRules(t.baseUrl, await issueTestToken(t.prisma, admin, client), [
        { effect: 'blocked', matcher: 'vendor', value: vendor },
      ]);
    }

    it("edit restores the cart under today's rules and prices, tells the buyer what changed, and cancel sends it back as it came", async () => {
      const c = await coupaCustomer();
      await blockVendor(c, 'Blocked Supplies');
      const answer = await postSetup(
        t.baseUrl,
        request(c, {
          operation: 'edit',
          extra: [
            itemOut(10, 'OW-PEN-10', 'pen-1-a', '4.50'), // today 4.00 from 10
            itemOut(3, 'whatever', 'pen-1-b', '3.00'), // blocked now
            itemOut(1, 'NO-SUCH-PART', null), // gone
            itemOut(2, 'paper-1', null, '5.99'), // found by product id, same price
          ].join(''),
        }),
      );
      expect(answer.code).toBe('200');
      const cartPage = await open(answer.startUrl!);
      expect(cartPage).toMatch(/\/cart$/);
      const cart = await getPage(cartPage, { 'accept-language': 'en' });
      expect(cart.html).toContain('reopened from your procurement system');
      expect(cart.html).toContain('changed from €4.50 to €4.00');
      expect(cart.html).toMatch(/was removed: it is blocked/);
      expect(cart.html).toContain('NO-SUCH-PART was removed');
      expect(cart.html).toContain('data-offer-id="pen-1-a"');
      expect(cart.html).toContain('data-offer-id="paper-1-a"');
      expect(cart.html).not.toContain('data-offer-id="pen-1-b"');

      const session = await t.prisma.punchoutSession.findFirstOrThrow({
        where: { organizationId: c.organizationId },
      });
      expect((session.openingChanges as Array<{ code: string }>).map((change) => change.code)).toEqual([
        'repriced',
        'blocked',
        'offer_gone',
      ]);
      const refused = await events(c.organizationId, 'punchout.offer_refused');
      expect(refused[0].payload).toMatchObject({ via: 'setup', offerId: 'pen-1-b' });

      const cancelled = await postForm(`${sessionBase(cartPage)}/cancel`, { csrf: csrfOf(cart.html) });
      const message = orderMessageOf(cancelled.html);
      expectValidCxml(message.document);
      const order = at(message.doc, 'Message/PunchOutOrderMessage')!;
      expect(at(order, 'PunchOutOrderMessageHeader')!.attributes.operationAllowed).toBe('edit');
      expect(
        all(order, 'ItemIn').map((item) => [
          at(item, 'ItemID/SupplierPartAuxiliaryID')!.text,
          item.attributes.quantity,
          at(item, 'ItemDetail/UnitPrice/Money')!.text,
        ]),
      ).toEqual([
        ['pen-1-a', '10', '4.00'],
        ['paper-1-a', '2', '5.99'],
      ]);
      expect(at(order, 'PunchOutOrderMessageHeader/Total/Money')!.text).toBe('51.98');
    });

    it('edit then transfer: the changed cart goes back with operationAllowed edit', async () => {
      const c = await coupaCustomer();
      const answer = await postSetup(
        t.baseUrl,
        request(c, { operation: 'edit', extra: itemOut(2, 'OW-PEN-10', 'pen-1-a', '4.50') }),
      );
      const base = sessionBase(await open(answer.startUrl!));
      await addToCart(base, 'pen-1-a', 8); // 10 in all: the tier from 10
      const cart = await getPage(`${base}/cart`);
      const sent = await postForm(`${base}/transfer`, { csrf: csrfOf(cart.html) });
      const order = at(orderMessageOf(sent.html).doc, 'Message/PunchOutOrderMessage')!;
      const [item] = all(order, 'ItemIn');
      expect([item.attributes.quantity, at(item, 'ItemDetail/UnitPrice/Money')!.text]).toEqual([
        '10',
        '4.00',
      ]);
    });

    it('inspect shows the cart read-only: no transfer, no changes (403), Close sends it back unchanged with operationAllowed inspect', async () => {
      const c = await coupaCustomer();
      const answer = await postSetup(
        t.baseUrl,
        request(c, { operation: 'inspect', extra: itemOut(2, 'OW-PEN-10', 'pen-1-a', '4.50') }),
      );
      const cartPage = await open(answer.startUrl!);
      const base = sessionBase(cartPage);
      const cart = await getPage(cartPage, { 'accept-language': 'en' });
      expect(cart.html).toContain('data-offer-id="pen-1-a"');
      expect(cart.html).toContain('viewing only');
      expect(cart.html).not.toContain('/transfer"');
      expect(cart.html).not.toContain('/cart/update"');
      expect(cart.html).not.toContain('/cart/remove"');
      const product = await getPage(`${base}/product/pen-1`);
      expect(product.html).not.toContain('/cart/add"');

      const csrf = csrfOf(cart.html);
      for (const [path, fields] of [
        ['/transfer', {}],
        ['/cart/add', { offerId: 'pen-1-a', quantity: '1' }],
        ['/cart/update', { offerId: 'pen-1-a', quantity: '5' }],
        ['/cart/remove', { offerId: 'pen-1-a' }],
      ] as const) {
        const refused = await postForm(`${base}${path}`, { csrf, ...fields });
        expect(refused.status).toBe(403);
        expect(ociFormsOf(refused.html)).toHaveLength(0);
      }
      const session = await t.prisma.punchoutSession.findFirstOrThrow({
        where: { organizationId: c.organizationId },
      });
      expect(session).toMatchObject({ status: 'OPENED', readOnly: true });
      expect(
        await t.prisma.cartItem.findMany({
          where: { sessionId: session.id },
          select: { offerId: true, quantity: true },
        }),
      ).toEqual([{ offerId: 'pen-1-a', quantity: 2 }]);

      const closed = await postForm(`${base}/cancel`, { csrf });
      expect(closed.status).toBe(200);
      const message = orderMessageOf(closed.html);
      expectValidCxml(message.document);
      const order = at(message.doc, 'Message/PunchOutOrderMessage')!;
      expect(at(order, 'PunchOutOrderMessageHeader')!.attributes.operationAllowed).toBe('inspect');
      expect(all(order, 'ItemIn').map((item) => item.attributes.quantity)).toEqual(['2']);
      expect(await events(c.organizationId, 'punchout.transferred')).toHaveLength(0);
    });

    it("SelectedItem opens that product's page", async () => {
      const c = await coupaCustomer();
      const answer = await postSetup(
        t.baseUrl,
        request(c, {
          extra: '<SelectedItem><ItemID><SupplierPartID>OW-PEN-10</SupplierPartID></ItemID></SelectedItem>',
        }),
      );
      const page = await open(answer.startUrl!);
      expect(page).toMatch(/\/punchout\/s\/psk_[A-Za-z0-9_-]{43}$/);
      expect((await getPage(page)).html).toContain('data-offer-id="pen-1-a"');
      const session = await t.prisma.punchoutSession.findFirstOrThrow({
        where: { organizationId: c.organizationId },
      });
      expect(session.productId).toBe('pen-1');
    });
  });

  describe('refusals: a cXML Status inside HTTP 200, naming the element, opening nothing', () => {
    async function refused(
      body: string | Uint8Array<ArrayBuffer>,
      code: string,
      text: RegExp,
      contentType?: string,
    ) {
      const answer = await postSetup(t.baseUrl, body, contentType);
      expect(answer.status).toBe(200);
      expect(answer.code).toBe(code);
      expect(answer.text).toMatch(text);
      expect(answer.startUrl).toBeUndefined();
      expect(answer.body).not.toMatch(/at .*\.ts:\d+/); // never a stack trace
      return answer;
    }

    it('400 for a document that is not XML or names no BrowserFormPost, 415 for one that arrives as JSON', async () => {
      const c = await coupaCustomer();
      await refused('<cXML', '400', /not well-formed XML/);
      await refused(
        request(c).replace(/<BrowserFormPost>[\s\S]*<\/BrowserFormPost>/, ''),
        '400',
        /BrowserFormPost\/URL is missing/,
      );
      await refused(
        JSON.stringify({ text: request(c) }),
        '415',
        /text\/xml or application\/xml/,
        'application/json',
      );
      await refused(request(c, { url: 'javascript:alert(1)' }), '400', /BrowserFormPost\/URL/);
      expect(await t.prisma.punchoutSession.count({ where: { organizationId: c.organizationId } })).toBe(0);
    });

    it('400 for an XXE document and a billion-laughs document, reading no file', async () => {
      const xxe = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY x SYSTEM "file:///etc/passwd">]><cXML payloadID="p">&x;</cXML>`;
      const answer = await refused(xxe, '400', /internal subset/);
      expect(answer.body).not.toContain('root:');
      const laughs = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><cXML payloadID="p">&b;</cXML>`;
      await refused(laughs, '400', /internal subset/);
    });

    it('413 for a body over CXML_MAX_BYTES, 400 for one not UTF-8, 415 for one declaring another charset', async () => {
      const c = await coupaCustomer();
      await refused(request(c, { extra: `<!-- ${'x'.repeat(9000)} -->` }), '413', /exceeds 8192 bytes/);
      await refused(new Uint8Array([0x3c, 0xff, 0xfe]), '400', /not valid UTF-8/, 'text/xml; charset=utf-8');
      await refused(request(c), '415', /must be UTF-8/, 'application/xml; charset=iso-8859-1');
    });

    it('401 for a wrong SharedSecret, the API secret instead of the punchout secret, an unknown user; recorded without the secret', async () => {
      const c = await coupaCustomer();
      await refused(request(c, { secret: 'mpgp_wrong' }), '401', /Header\/Sender\/Credential/);
      await refused(request(c, { secret: c.clientSecret }), '401', /Header\/Sender\/Credential/);
      await refused(request(c, { email: 'nobody@acme.example' }), '401', /UserEmail/);
      // Credential refusals are recorded beside their answers, so in whatever order they land.
      const calls = await eventually(async () => {
        const found = await events(c.organizationId, 'punchout.cxml_setup');
        expect(found.map((e) => (e.payload as { outcome: string }).outcome).sort()).toEqual([
          'credentials_refused',
          'credentials_refused',
          'user_unknown',
        ]);
        return found;
      });
      expect(JSON.stringify(calls.map((e) => e.payload))).not.toContain(c.clientSecret);
      expect(await t.prisma.punchoutSession.count({ where: { organizationId: c.organizationId } })).toBe(0);
    });

    it('403 for a BrowserFormPost outside the allowed origins', async () => {
      const c = await coupaCustomer();
      await refused(
        request(c, { url: 'https://evil.example/steal' }),
        '403',
        /origin https:\/\/evil\.example/,
      );
    });

    it('406 for an unsupported operation or cXML version', async () => {
      const c = await coupaCustomer();
      await refused(request(c, { operation: 'source' }), '406', /operation "source"/);
      await refused(
        request(c).replace('xml:lang="en-US"', 'version="2.0" xml:lang="en-US"'),
        '406',
        /version "2.0"/,
      );
    });

    it('409 for a payloadID the same client sent within 24 hours: the replay opens nothing', async () => {
      const c = await coupaCustomer();
      const first = await postSetup(t.baseUrl, request(c, { payloadId: 'replayed@buyer.example' }));
      expect(first.code).toBe('200');
      await refused(request(c, { payloadId: 'replayed@buyer.example' }), '409', /already received/);
      expect(await t.prisma.punchoutSession.count({ where: { organizationId: c.organizationId } })).toBe(1);
      // Another client may use the same payloadID.
      const other = await coupaCustomer();
      expect((await postSetup(t.baseUrl, request(other, { payloadId: 'replayed@buyer.example' }))).code).toBe(
        '200',
      );
      // After 24 hours the id is free again.
      await t.prisma.cxmlPayload.updateMany({
        where: { clientId: c.clientDbId },
        data: { receivedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
      });
      expect((await postSetup(t.baseUrl, request(c, { payloadId: 'replayed@buyer.example' }))).code).toBe(
        '200',
      );
    });

    it('500 when we fail (the database refuses the write): a Status saying so, no stack trace, nothing opened', async () => {
      const c = await coupaCustomer();
      await t.prisma.$executeRawUnsafe('ALTER TABLE punchout_cxml RENAME TO punchout_cxml_away');
      try {
        const answer = await refused(
          request(c, { payloadId: 'retried@buyer.example' }),
          '500',
          /could not be processed; retry later/,
        );
        expect(answer.body).not.toMatch(/punchout_cxml|prisma|relation/i);
      } finally {
        await t.prisma.$executeRawUnsafe('ALTER TABLE punchout_cxml_away RENAME TO punchout_cxml');
      }
      expect(await t.prisma.punchoutSession.count({ where: { organizationId: c.organizationId } })).toBe(0);
      // The failed setup left its payloadID unused: the buyer's retry of the same document works.
      expect((await postSetup(t.baseUrl, request(c, { payloadId: 'retried@buyer.example' }))).code).toBe(
        '200',
      );
    });

    it('XML bodies are refused on other routes (415 in our error shape)', async () => {
      const response = await fetch(`${t.baseUrl}/api/v1/marketplace/product/pen-1/punchout`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: '<cXML/>',
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ error: 'unsupported_media_type' });
    });
  });

  describeWithCxmlDtd('every answer validates against the cXML 1.2.063 DTD', () => {
    it('setup responses and Status responses of each code', async () => {
      const c = await coupaCustomer();
      const answers = [
        await postSetup(t.baseUrl, request(c)),
        await postSetup(t.baseUrl, 'not xml'),
        await postSetup(t.baseUrl, request(c, { secret: 'wrong' })),
        await postSetup(t.baseUrl, request(c, { url: 'https://evil.example/' })),
        await postSetup(t.baseUrl, request(c, { operation: 'source' })),
        await postSetup(t.baseUrl, request(c, { payloadId: 'dup@x' })),
        await postSetup(t.baseUrl, request(c, { payloadId: 'dup@x' })),
        await postSetup(t.baseUrl, request(c, { extra: `<!-- ${'x'.repeat(9000)} -->` })),
        await postSetup(t.baseUrl, request(c), 'application/octet-stream'),
      ];
      expect(answers.map((a) => a.code)).toEqual([
        '200',
        '400',
        '401',
        '403',
        '406',
        '200',
        '409',
        '413',
        '415',
      ]);
      for (const answer of answers) expectValidCxml(answer.body);
    });
  });
});
