import { Browser, Page } from 'playwright-core';
import { ClientsService } from '../../src/oauth/clients.service';
import { createCatalog } from '../factories/catalog.factory';
import { organizationWithTokens } from '../factories/guidance.factory';
import { createClient, createUser } from '../factories/identity.factory';
import { onTestApp, PUNCHOUT_CATALOG } from '../factories/punchout.factory';
import { describeWithBrowser, launchBrowser } from '../support/browser';
import { all, at, CxmlNode, postSetup, readCxml, setupRequest } from '../support/cxml';
import { expectValidCxml } from '../support/cxml-dtd';
import { HookReceiver, startHookReceiver } from '../support/hook-receiver';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * End to end: a cXML punchout transferred in Chromium, its order message turned into an OrderRequest
 * as a buyer's system does (each ItemIn an ItemOut, the key echoed in SupplierPartAuxiliaryID),
 * posted to /cxml/orders: matched with no finding; the same payloadID again, the same orderID changed,
 * and an update with a raised price, a changed quantity and a typed-in line, each with its answer.
 * Every cXML document the gateway emits here is validated against the cXML 1.2.063 DTD.
 */
describeWithBrowser('cXML order round trip in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let hook: HookReceiver;
  let buyer: { clientId: string; secret: string; email: string };

  beforeAll(async () => {
    t = await startTestApp({ env: { ORDER_DELIVERY_POLL_MS: '600000' } });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const org = await organizationWithTokens(t.prisma);
    hook = await startHookReceiver();
    const client = await createClient(t.prisma, org.organization, { callbackOrigins: [hook.origin] });
    const { punchoutSecret } = await t.app
      .get(ClientsService)
      .setPunchoutSecret(client.clientId, { label: 't' });
    const user = await createUser(t.prisma, org.organization, { email: 'jane@coupa.example' });
    buyer = { clientId: client.clientId, secret: punchoutSecret, email: user.email };
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await hook?.close();
    await t?.close();
  });

  /** The order message's lines as a buyer's system copies them into its purchase order. */
  function orderRequest(
    message: CxmlNode,
    order: { orderId: string; payloadId: string; type?: string; version?: number },
    change: (item: { quantity: string; price: string; adHoc?: boolean }, index: number) => void = () => {},
    extra = '',
  ): string {
    const items = all(message, 'ItemIn').map((item, index) => {
      const line = {
        quantity: item.attributes.quantity,
        price: at(item, 'ItemDetail/UnitPrice/Money')!.text,
        adHoc: false,
      };
      change(line, index);
      return (
        `<ItemOut quantity="${line.quantity}" lineNumber="${index + 1}"${line.adHoc ? ' isAdHoc="yes"' : ''}>` +
        `<ItemID><SupplierPartID>${at(item, 'ItemID/SupplierPartID')!.text}</SupplierPartID>` +
        `<SupplierPartAuxiliaryID>${at(item, 'ItemID/SupplierPartAuxiliaryID')!.text}</SupplierPartAuxiliaryID></ItemID>` +
        `<ItemDetail><UnitPrice><Money currency="EUR">${line.price}</Money></UnitPrice>` +
        `<Description xml:lang="en">${at(item, 'ItemDetail/Description/ShortName')?.text ?? ''}</Description>` +
        `<UnitOfMeasure>${at(item, 'ItemDetail/UnitOfMeasure')!.text}</UnitOfMeasure>` +
        `<Classification domain="UNSPSC">44121704</Classification></ItemDetail></ItemOut>`
      );
    });
    return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">
<cXML payloadID="${order.payloadId}" timestamp="2026-11-29T12:00:00+01:00" xml:lang="en-US">
<Header><From><Credential domain="NetworkID"><Identity>AN01000000001</Identity></Credential></From>
<To><Credential domain="DUNS"><Identity>gateway</Identity></Credential></To>
<Sender><Credential domain="NetworkID"><Identity>${buyer.clientId}</Identity><SharedSecret>${buyer.secret}</SharedSecret></Credential>
<UserAgent>Coupa Procurement 1.0</UserAgent></Sender></Header>
<Request deploymentMode="production"><OrderRequest>
<OrderRequestHeader orderID="${order.orderId}" orderDate="2026-11-29T12:00:00+01:00" type="${order.type ?? 'new'}"${order.version ? ` orderVersion="${order.version}"` : ''}>
<Total><Money currency="EUR">0.00</Money></Total>
<BillTo><Address addressID="HQ"><Name xml:lang="en">ACME</Name></Address></BillTo></OrderRequestHeader>
${items.join('\n')}${extra}</OrderRequest></Request></cXML>`;
  }

  async function post(document: string): Promise<{ body: string; code: string; text: string }> {
    expectValidCxml(document);
    const response = await fetch(`${t.baseUrl}/cxml/orders`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      body: document,
    });
    const body = await response.text();
    expectValidCxml(body);
    const status = at(readCxml(body), 'Response/Status')!;
    return { body, code: status.attributes.code, text: status.text };
  }

  it('transfers a cart in Chromium, orders it as cXML echoing the keys: accepted with no finding; replay, changed resend and an update each answered', async () => {
    const setup = await postSetup(
      t.baseUrl,
      setupRequest({
        clientId: buyer.clientId,
        secret: buyer.secret,
        email: buyer.email,
        url: `${hook.origin}/coupa/checkout`,
        extra: '<SelectedItem><ItemID><SupplierPartID>pen-1</SupplierPartID></ItemID></SelectedItem>',
      }),
    );
    expectValidCxml(setup.body);
    const page: Page = await (await browser.newContext({ locale: 'en' })).newPage();
    await page.goto(onTestApp(setup.startUrl!, t.baseUrl));
    const pen = page.locator('[data-offer-id="pen-1-a"]');
    await pen.getByLabel('Quantity').fill('10');
    await Promise.all([
      page.waitForURL(/\/cart\?done=added$/),
      pen.getByRole('button', { name: 'Add to cart' }).click(),
    ]);
    await page.getByRole('button', { name: 'Transfer to procurement' }).click();
    const [name, value] = (await hook.next()).fields[0];
    const document = name === 'cxml-base64' ? Buffer.from(value, 'base64').toString('utf8') : value;
    expectValidCxml(document);
    const message = at(readCxml(document), 'Message/PunchOutOrderMessage')!;
    expect(all(message, 'ItemIn')).toHaveLength(1);

    const first = orderRequest(message, { orderId: 'PO-E2E', payloadId: 'e2e-1@coupa.example' });
    const accepted = await post(first);
    expect(accepted).toMatchObject({
      code: '200',
      text: 'Order PO-E2E accepted (version 1); findings: none.',
    });

    // A replay (the same payloadID): the first answer again, no second order.
    expect((await post(first)).body).toBe(accepted.body);
    // A changed resend under the same orderID: 409.
    const changed = await post(
      orderRequest(message, { orderId: 'PO-E2E', payloadId: 'e2e-2@coupa.example' }, (line) => {
        line.quantity = '11';
      }),
    );
    expect(changed.code).toBe('409');

    // An update: the price raised and the quantity changed on the punchout line, and a line typed in.
    const typedIn =
      '<ItemOut quantity="1" lineNumber="2" isAdHoc="yes"><ItemID><SupplierPartID>HAND-1</SupplierPartID></ItemID>' +
      '<ItemDetail><UnitPrice><Money currency="EUR">9.99</Money></UnitPrice><Description xml:lang="en">Typed in</Description>' +
      '<UnitOfMeasure>EA</UnitOfMeasure><Classification domain="UNSPSC">44121704</Classification></ItemDetail></ItemOut>';
    const updated = await post(
      orderRequest(
        message,
        { orderId: 'PO-E2E', payloadId: 'e2e-3@coupa.example', type: 'update', version: 2 },
        (line) => {
          line.price = '4.40';
          line.quantity = '12';
        },
        typedIn,
      ),
    );
    expect(updated).toMatchObject({
      code: '200',
      text: 'Order PO-E2E updated (version 2); findings: not_from_punchout, price_changed, quantity_changed.',
    });
    const orders = await t.prisma.purchaseOrder.findMany({
      where: { buyerOrderId: 'PO-E2E' },
      include: { lines: { orderBy: { lineNumber: 'asc' } } },
      orderBy: { version: 'asc' },
    });
    expect(orders.map((o) => [o.version, o.findings])).toEqual([
      [1, []],
      [2, ['not_from_punchout', 'price_changed', 'quantity_changed']],
    ]);
    expect(orders[0].lines[0].cartItemId).not.toBeNull();
  });
});
