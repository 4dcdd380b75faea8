import { ClientsService } from '../../../src/oauth/clients.service';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, startPunchout } from '../../factories/punchout.factory';
import { issueTestToken } from '../../support/auth';
import { all, at, postSetup, readCxml, setupRequest } from '../../support/cxml';
import { expectValidCxml } from '../../support/cxml-dtd';
import { ociFormsOf } from '../../support/oci-form';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const RETURN = 'https://acme.coupahost.com/punchout/checkout/4';

/**
 * A cart is one currency (one cXML Total, one sum a buyer reads). Before, a cXML cart in EUR and USD
 * failed its transfer (500, an empty cart sent back); now the second currency is refused when it is
 * added, with the reason in the buyer's language, and a line that would make a second one (an edit
 * setup naming offers in two currencies, an offer that changed its currency) is left out and said so.
 */
describe('punchout cart: one currency per cart', () => {
  let t: TestApp;
  let organizationId: string;
  let cxml: { clientId: string; secret: string; email: string };
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, [
      {
        id: 'cur-pen',
        name: 'Currency pen',
        categoryId: 'writing',
        offers: [{ id: 'cur-pen-a', vendor: 'Euro Office', price: '2.00', vatRate: '19' }],
      },
      {
        id: 'cur-ink',
        name: 'Currency ink',
        categoryId: 'writing',
        offers: [{ id: 'cur-ink-a', vendor: 'Euro Office', price: '3.00', vatRate: '19' }],
      },
      {
        id: 'cur-cable',
        name: 'Currency cable',
        categoryId: 'cables',
        offers: [{ id: 'cur-cable-a', vendor: 'Dollar Depot', price: '5.00', currency: 'USD' }],
      },
    ]);
    const organization = await createOrganization(t.prisma);
    organizationId = organization.id;
    const { client, clientId } = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://acme.coupahost.com'],
    });
    const { punchoutSecret } = await t.app.get(ClientsService).setPunchoutSecret(clientId, { label: 'test' });
    const buyer = await createUser(t.prisma, organization, { email: 'jane@acme.example' });
    cxml = { clientId, secret: punchoutSecret, email: buyer.email };
    token = await issueTestToken(t.prisma, buyer, client, { expiresInSeconds: 3_600 });
  });
  afterAll(() => t?.close());

  async function cxmlSession(extra = '', operation = 'create'): Promise<string> {
    const answer = await postSetup(t.baseUrl, setupRequest({ ...cxml, url: RETURN, operation, extra }));
    expect(answer.code).toBe('200');
    const started = await getPage(onTestApp(answer.startUrl!, t.baseUrl));
    expect(started.status).toBe(303);
    return /^(.*\/punchout\/s\/psk_[A-Za-z0-9_-]{43})/.exec(`${t.baseUrl}${started.location}`)![1];
  }

  async function add(base: string, productId: string, offerId: string, language = 'en') {
    const headers = { 'accept-language': language };
    const product = await getPage(`${base}/product/${productId}`, headers);
    // As the product page's form posts it.
    return postForm(
      `${base}/cart/add`,
      { csrf: csrfOf(product.html), offerId, productId, quantity: '2' },
      headers,
    );
  }

  const cartLines = async (base: string) => {
    const publicId = /PO-[A-Za-z0-9_-]+/.exec((await getPage(`${base}/cart`)).html)![0];
    const lines = await t.prisma.cartItem.findMany({
      where: { session: { publicId } },
      orderBy: { createdAt: 'asc' },
    });
    return lines.map((line) => [line.offerId, line.currency]);
  };

  it('refuses a second currency when it is added, with the reason in the buyer language, and transfers the cart', async () => {
    const base = await cxmlSession();
    expect((await add(base, 'cur-pen', 'cur-pen-a')).status).toBe(303);

    const refused = await add(base, 'cur-cable', 'cur-cable-a');
    expect(refused.status).toBe(409);
    expect(refused.html).toContain(
      'The offer from Dollar Depot is priced in USD and was not added: this cart is in EUR, and a cart holds one currency.',
    );
    const german = await add(base, 'cur-cable', 'cur-cable-a', 'de');
    expect(german.status).toBe(409);
    expect(german.html).toContain(
      'Das Angebot von Dollar Depot ist in USD ausgepreist und wurde nicht hinzugefügt: Dieser Warenkorb ist in EUR',
    );
    expect(await cartLines(base)).toEqual([['cur-pen-a', 'EUR']]);

    // The transfer sends the one-currency cart (before: 500 and an empty cart).
    const cart = await getPage(`${base}/cart`);
    const sent = await postForm(`${base}/transfer`, { csrf: csrfOf(cart.html) });
    expect(sent.status).toBe(200);
    const [form] = ociFormsOf(sent.html);
    const document = form.fields[0][1];
    expectValidCxml(document);
    const order = at(readCxml(document), 'Message/PunchOutOrderMessage')!;
    expect(at(order, 'PunchOutOrderMessageHeader/Total/Money')?.attributes.currency).toBe('EUR');
    const keys = all(order, 'ItemIn').map((item) => at(item, 'ItemID/SupplierPartAuxiliaryID')?.text);
    expect(keys).toHaveLength(1);
    expect(await t.prisma.cartItem.findUniqueOrThrow({ where: { orderKey: keys[0] } })).toMatchObject({
      offerId: 'cur-pen-a',
    });
  });

  it('refuses it in an OCI cart too: a cart is one currency whatever the protocol', async () => {
    const started = await startPunchout(t.baseUrl, token, 'cur-cable', { callbackUrl: RETURN });
    expect(started.status).toBe(201);
    const opened = await getPage(onTestApp(started.body.redirectUrl, t.baseUrl));
    const base = /^(.*\/punchout\/s\/psk_[A-Za-z0-9_-]{43})/.exec(`${t.baseUrl}${opened.location}`)![1];
    expect((await add(base, 'cur-cable', 'cur-cable-a')).status).toBe(303);
    const refused = await add(base, 'cur-pen', 'cur-pen-a');
    expect(refused.status).toBe(409);
    expect(refused.html).toContain('this cart is in USD');
    expect(await cartLines(base)).toEqual([['cur-cable-a', 'USD']]);
  });

  it('leaves out the lines of an edit setup in another currency than the first, and says so', async () => {
    const item = (offerId: string, part: string, currency: string, price: string) => `
      <ItemOut quantity="2"><ItemID><SupplierPartID>${part}</SupplierPartID>
        <SupplierPartAuxiliaryID>${offerId}</SupplierPartAuxiliaryID></ItemID>
        <ItemDetail><UnitPrice><Money currency="${currency}">${price}</Money></UnitPrice>
        <Description xml:lang="en">x</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail></ItemOut>`;
    const base = await cxmlSession(
      item('cur-pen-a', 'CODE-cur-pen', 'EUR', '2.00') + item('cur-cable-a', 'CODE-cur-cable', 'USD', '5.00'),
      'edit',
    );
    const cart = await getPage(`${base}/cart`);
    expect(cart.html).toContain(
      'Currency cable was removed: it is priced in USD now, and this cart is in EUR.',
    );
    expect(await cartLines(base)).toEqual([['cur-pen-a', 'EUR']]);
  });

  it('takes out at transfer a line whose offer changed to another currency, and sends nothing until the buyer confirms', async () => {
    const base = await cxmlSession();
    expect((await add(base, 'cur-pen', 'cur-pen-a')).status).toBe(303);
    expect((await add(base, 'cur-ink', 'cur-ink-a')).status).toBe(303);
    // The vendor now prices the ink in dollars.
    await t.prisma.offer.update({ where: { id: 'cur-ink-a' }, data: { currency: 'USD' } });
    const cart = await getPage(`${base}/cart`);
    const review = await postForm(`${base}/transfer`, { csrf: csrfOf(cart.html) });
    expect(review.status).toBe(409);
    expect(review.html).toContain(
      'Currency ink was removed: it is priced in USD now, and this cart is in EUR.',
    );
    expect(ociFormsOf(review.html)).toEqual([]);
    expect(await cartLines(base)).toEqual([['cur-pen-a', 'EUR']]);
    const removal = await t.prisma.auditEvent.findFirst({
      where: {
        organizationId,
        type: 'punchout.cart_changed',
        payload: { path: ['reason'], equals: 'other_currency' },
      },
    });
    expect(removal?.payload).toMatchObject({ action: 'remove', offerId: 'cur-ink-a', currency: 'USD' });
  });
});
