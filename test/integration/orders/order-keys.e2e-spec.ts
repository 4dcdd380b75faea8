import { parseCartLineKey } from '../../../src/common/cart-line-key';
import { UserRole } from '../../../src/generated/prisma/client';
import { ClientsService } from '../../../src/oauth/clients.service';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { all, at, CxmlNode, postSetup, readCxml, setupRequest } from '../../support/cxml';
import { expectValidCxml } from '../../support/cxml-dtd';
import { Json } from '../../support/http';
import { ociFormOf, ociFormsOf, ociItemsOf, OciItem } from '../../support/oci-form';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?sap-client=100';
const RETURN = 'https://acme.coupahost.com/punchout/checkout/4';

interface Buyer {
  organizationId: string;
  clientId: string;
  punchoutSecret: string;
  email: string;
  token: string;
  auditor: string;
}

/**
 * The cart line key end to end: every protocol's transfer gives each line a key in the field that
 * protocol keeps through to the purchase order (OCI EXT_QUOTE_ID/EXT_QUOTE_ITEM, cXML
 * SupplierPartAuxiliaryID); an order naming it is matched to the line with no finding; a cXML edit
 * refills the cart from it and the line keeps it.
 */
describe('cart line keys: from the transfer to the order', () => {
  let t: TestApp;
  let clients: ClientsService;

  beforeAll(async () => {
    t = await startTestApp({ env: { ORDER_DELIVERY_POLL_MS: '600000' } });
    clients = t.app.get(ClientsService);
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    // Booting the app on a busy machine can take longer than jest's default.
  }, 120_000);
  afterAll(() => t.close());

  async function buyer(): Promise<Buyer> {
    const organization = await createOrganization(t.prisma);
    const { client, clientId } = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://srm.example.com', 'https://acme.coupahost.com'],
    });
    const { punchoutSecret } = await clients.setPunchoutSecret(clientId, { label: 'test' });
    const user = await createUser(t.prisma, organization, {
      email: `buyer-${clientId}@acme.example`,
      roles: [UserRole.buyer],
    });
    return {
      organizationId: organization.id,
      clientId,
      punchoutSecret,
      email: user.email,
      token: await issueTestToken(t.prisma, user, client),
      auditor: await issueTestToken(
        t.prisma,
        await createUser(t.prisma, organization, { roles: [UserRole.auditor] }),
        client,
      ),
    };
  }

  /** Adds lines on the shop of a session (its page path) and transfers; answers the transfer page's html. */
  async function shopAndTransfer(page: string, lines: Array<[offerId: string, quantity: number]>) {
    const base = /^(.*\/punchout\/s\/psk_[A-Za-z0-9_-]{43})/.exec(page)![1];
    const csrf = csrfOf((await getPage(`${base}/cart`)).html);
    for (const [offerId, quantity] of lines) {
      const added = await postForm(`${base}/cart/add`, { csrf, offerId, quantity: String(quantity) });
      expect(added.status).toBe(303);
    }
    const sent = await postForm(`${base}/transfer`, { csrf });
    expect(sent.status).toBe(200);
    return sent.html;
  }

  async function restTransfer(b: Buyer, lines: Array<[string, number]>): Promise<OciItem[]> {
    const started = await startPunchout(t.baseUrl, b.token, 'pen-1', { callbackUrl: HOOK });
    expect(started.status).toBe(201);
    const opened = await getPage(onTestApp(started.body.redirectUrl as string, t.baseUrl));
    return ociItemsOf(ociFormOf(await shopAndTransfer(`${t.baseUrl}${opened.location}`, lines)).fields);
  }

  async function ociCallupTransfer(b: Buyer, lines: Array<[string, number]>): Promise<OciItem[]> {
    const params = new URLSearchParams({
      USERNAME: b.clientId,
      PASSWORD: b.punchoutSecret,
      EMAIL: b.email,
      HOOK_URL: HOOK,
      '~OkCode': 'ADDI',
      '~TARGET': '_top',
      '~CALLER': 'CTLG',
    });
    const callup = await getPage(`${t.baseUrl}/punchout/oci?${params.toString()}`);
    expect(callup.status).toBe(303);
    return ociItemsOf(ociFormOf(await shopAndTransfer(`${t.baseUrl}${callup.location}`, lines)).fields);
  }

  /** A cXML setup (create, or edit with ItemOut lines), opened in the "browser"; answers the shop page. */
  async function cxmlSession(b: Buyer, operation = 'create', items = ''): Promise<string> {
    const answer = await postSetup(
      t.baseUrl,
      setupRequest({
        clientId: b.clientId,
        secret: b.punchoutSecret,
        email: b.email,
        url: RETURN,
        operation,
        extra: items,
      }),
    );
    expect(answer.code).toBe('200');
    const started = await getPage(onTestApp(answer.startUrl!, t.baseUrl));
    expect(started.status).toBe(303);
    return `${t.baseUrl}${started.location}`;
  }

  /** The order message a cXML session's page posts back (validated against the DTD), its ItemIn lines. */
  function orderMessageOf(html: string): { document: string; items: CxmlNode[] } {
    const [form] = ociFormsOf(html);
    const document = form.fields[0][1];
    expectValidCxml(document);
    return { document, items: all(at(readCxml(document), 'Message/PunchOutOrderMessage'), 'ItemIn') };
  }
  const auxOf = (item: CxmlNode) => at(item, 'ItemID/SupplierPartAuxiliaryID')!.text;

  /** An ItemOut as a buyer's system echoes a line of our order message. */
  const itemOut = (quantity: number, part: string, aux: string, price: string) =>
    `<ItemOut quantity="${quantity}"><ItemID><SupplierPartID>${part}</SupplierPartID>` +
    `<SupplierPartAuxiliaryID>${aux}</SupplierPartAuxiliaryID></ItemID>` +
    `<ItemDetail><UnitPrice><Money currency="EUR">${price}</Money></UnitPrice><Description xml:lang="en">x</Description>` +
    `<UnitOfMeasure>EA</UnitOfMeasure><Classification domain="UNSPSC">1</Classification></ItemDetail></ItemOut>`;

  async function postOrder(b: Buyer, orderId: string, lines: Json[]): Promise<Json> {
    const response = await fetch(`${t.baseUrl}/api/v1/orders`, {
      method: 'POST',
      headers: { ...bearer(b.token), 'content-type': 'application/json' },
      body: JSON.stringify({ orderId, lines }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Json;
  }
  const findingsOf = (order: Json) => order.lines.map((line: Json) => line.findings.map((f: Json) => f.code));

  it('REST entry: each line carries its key as EXT_QUOTE_ID (whole) and EXT_QUOTE_ITEM; an order naming it matches with no finding', async () => {
    const b = await buyer();
    const items = await restTransfer(b, [
      ['pen-1-a', 12],
      ['paper-1-a', 2],
    ]);
    expect(items.map((item) => item.EXT_QUOTE_ITEM)).toEqual(['1', '2']);
    const keys = items.map((item) => item.EXT_QUOTE_ID);
    for (const [i, key] of keys.entries()) {
      expect(key.length).toBeLessThanOrEqual(35);
      expect(parseCartLineKey(key)?.line).toBe(i + 1);
    }
    // Both lines of one cart share its random part; the keys are what the database holds, per line.
    expect(parseCartLineKey(keys[0])!.cart).toBe(parseCartLineKey(keys[1])!.cart);
    const stored = await t.prisma.cartItem.findMany({
      where: { orderKey: { in: keys } },
      select: { offerId: true, orderKey: true, session: { select: { organizationId: true, status: true } } },
    });
    expect(stored.map((row) => [row.orderKey, row.offerId]).sort()).toEqual(
      [
        [keys[0], 'pen-1-a'],
        [keys[1], 'paper-1-a'],
      ].sort(),
    );
    expect(stored.every((row) => row.session.organizationId === b.organizationId)).toBe(true);

    const order = await postOrder(b, 'PO-REST-1', [
      { cartLineKey: keys[0], quantity: items[0].QUANTITY, unitPrice: items[0].PRICE, currency: 'EUR' },
      { cartLineKey: keys[1], quantity: items[1].QUANTITY, unitPrice: items[1].PRICE, currency: 'EUR' },
    ]);
    expect(order.findings).toEqual([]);
    expect(findingsOf(order)).toEqual([[], []]);
    expect(order.lines.map((line: Json) => [line.cartLineKey, line.cartLine?.offerId])).toEqual([
      [keys[0], 'pen-1-a'],
      [keys[1], 'paper-1-a'],
    ]);
  });

  it("OCI call-up: SAP's quote id and item (the item zero-padded as NUMC) name the line as well as the key alone", async () => {
    const b = await buyer();
    const items = await ociCallupTransfer(b, [
      ['paper-1-a', 3],
      ['pen-1-a', 10],
    ]);
    const [paper, pen] = items;
    const cartPart = parseCartLineKey(pen.EXT_QUOTE_ID)!.cart;
    const order = await postOrder(b, 'PO-SAP-1', [
      // EXT_QUOTE_ID as SAP kept it, and EXT_QUOTE_ITEM padded to its 10 digits.
      {
        cartLineKey: paper.EXT_QUOTE_ID,
        quoteItem: '0000000001',
        quantity: '3',
        unitPrice: paper.PRICE,
        currency: 'EUR',
      },
      // Only the key's cart part with the item beside it.
      {
        cartLineKey: cartPart,
        quoteItem: pen.EXT_QUOTE_ITEM,
        quantity: '10',
        unitPrice: pen.PRICE,
        currency: 'EUR',
      },
    ]);
    expect(findingsOf(order)).toEqual([[], []]);
    expect(order.lines.map((line: Json) => [line.cartLineKey, line.cartLine?.offerId])).toEqual([
      [paper.EXT_QUOTE_ID, 'paper-1-a'],
      [pen.EXT_QUOTE_ID, 'pen-1-a'],
    ]);
  });

  it("cXML: SupplierPartAuxiliaryID is the line's key; an order echoing it matches, another organization's order naming it reads unknown", async () => {
    const b = await buyer();
    const { items } = orderMessageOf(
      await shopAndTransfer(await cxmlSession(b), [
        ['pen-1-a', 12],
        ['paper-1-a', 1],
      ]),
    );
    const keys = items.map(auxOf);
    expect(keys.map((key) => parseCartLineKey(key)?.line)).toEqual([1, 2]);
    const lines = items.map((item) => ({
      cartLineKey: auxOf(item),
      quantity: item.attributes.quantity,
      unitPrice: at(item, 'ItemDetail/UnitPrice/Money')!.text,
      currency: 'EUR',
    }));
    expect(findingsOf(await postOrder(b, 'PO-CXML-1', lines))).toEqual([[], []]);

    // The same keys from another organization name nothing there.
    const other = await buyer();
    const foreign = await postOrder(other, 'PO-CXML-1', lines);
    expect(findingsOf(foreign)).toEqual([['not_from_punchout'], ['not_from_punchout']]);
    expect(foreign.lines[0].findings[0].detail).toEqual({ why: 'unknown_key' });
    expect(foreign.lines.map((line: Json) => line.cartLine)).toEqual([null, null]);
  });

  it('cXML edit: the key refills its line, cancel sends it back, and a transfer keeps it (the order then matches the latest transfer)', async () => {
    const b = await buyer();
    const first = orderMessageOf(await shopAndTransfer(await cxmlSession(b), [['pen-1-a', 12]]));
    const key = auxOf(first.items[0]);
    const ordered = await postOrder(b, 'PO-EDIT-0', [
      { cartLineKey: key, quantity: '12', unitPrice: '4.00', currency: 'EUR' },
    ]);
    // The buyer's system hands the requisition back with the key; its SupplierPartID names nothing.
    const edit = itemOut(12, 'NOT-A-SKU', key, '4.00');

    const cancelled = await cxmlSession(b, 'edit', edit);
    const cartPage = await getPage(cancelled);
    expect(cartPage.html).toContain('data-offer-id="pen-1-a"');
    const base = /^(.*\/punchout\/s\/psk_[A-Za-z0-9_-]{43})/.exec(cancelled)![1];
    const back = orderMessageOf((await postForm(`${base}/cancel`, { csrf: csrfOf(cartPage.html) })).html);
    expect(back.items.map((item) => [auxOf(item), item.attributes.quantity])).toEqual([[key, '12']]);

    // Edit again: 20 instead of 12, and a new line; the transfer keeps the key, the new line gets its own.
    const edited = await cxmlSession(b, 'edit', edit);
    const second = orderMessageOf(
      await shopAndTransfer(edited, [
        ['pen-1-a', 8],
        ['paper-1-a', 1],
      ]),
    );
    const [pen, paper] = second.items;
    expect(auxOf(pen)).toBe(key);
    expect(pen.attributes.quantity).toBe('20');
    expect(auxOf(paper)).not.toBe(key);
    expect(parseCartLineKey(auxOf(paper))!.cart).not.toBe(parseCartLineKey(key)!.cart);
    const holders = await t.prisma.cartItem.findMany({
      where: { offerId: 'pen-1-a', session: { organizationId: b.organizationId } },
      select: {
        orderKey: true,
        carriedOrderKey: true,
        quantity: true,
        session: { select: { status: true } },
      },
      orderBy: { createdAt: 'asc' },
    });
    // The first transfer's line gave the key up; the cancelled edit never held it; the latest holds it.
    expect(holders.map((h) => [h.orderKey, h.carriedOrderKey, h.quantity, h.session.status])).toEqual([
      [null, null, 12, 'TRANSFERRED'],
      [null, key, 12, 'CANCELLED'],
      [key, key, 20, 'TRANSFERRED'],
    ]);

    // An order naming the key (as the first message gave it) is checked against the latest transfer.
    const order = await postOrder(b, 'PO-EDIT-1', [
      { cartLineKey: key, quantity: '20', unitPrice: '4.00', currency: 'EUR' },
    ]);
    // The line was ordered under PO-EDIT-0 already (by its key, across the edit); nothing else differs.
    expect(findingsOf(order)).toEqual([['already_ordered']]);
    expect(order.lines[0].cartLine).toMatchObject({ quantity: 20, offerId: 'pen-1-a' });
    // Each order still shows the line it was checked against: the first one the first transfer's.
    const detail = async (id: string) =>
      (await (
        await fetch(`${t.baseUrl}/api/v1/orders/${id}`, { headers: bearer(b.auditor) })
      ).json()) as Json;
    expect((await detail(ordered.id)).lines[0].cartLine).toMatchObject({ quantity: 12, offerId: 'pen-1-a' });
    expect((await detail(order.id)).lines[0].cartLine).toMatchObject({ quantity: 20, offerId: 'pen-1-a' });
  });

  it("cXML edit: another organization's key refills nothing by itself, and an old-style offer id still does", async () => {
    const owner = await buyer();
    const message = orderMessageOf(await shopAndTransfer(await cxmlSession(owner), [['pen-1-a', 12]]));
    const key = auxOf(message.items[0]);

    const stranger = await buyer();
    const foreignEdit = await cxmlSession(stranger, 'edit', itemOut(12, 'NOT-A-SKU', key, '4.00'));
    const foreignCart = await getPage(foreignEdit);
    expect(foreignCart.html).not.toContain('data-offer-id="pen-1-a"');
    expect(await t.prisma.cartItem.count({ where: { carriedOrderKey: key } })).toBe(0);

    // A cart sent before keys named the offer by its id: still refilled, and given a new key at transfer.
    const oldStyle = await cxmlSession(stranger, 'edit', itemOut(12, 'NOT-A-SKU', 'pen-1-a', '4.00'));
    const sent = orderMessageOf(await shopAndTransfer(oldStyle, []));
    expect(sent.items.map((item) => item.attributes.quantity)).toEqual(['12']);
    const newKey = auxOf(sent.items[0]);
    expect(parseCartLineKey(newKey)).toBeDefined();
    expect(newKey).not.toBe(key);
    // The owner's line still holds its key.
    expect(await t.prisma.cartItem.count({ where: { orderKey: key } })).toBe(1);
  });
});
