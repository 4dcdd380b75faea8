import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OAuthClient, Organization, User, UserRole } from '../../../src/generated/prisma/client';
import { ClientsService } from '../../../src/oauth/clients.service';
import { readSupplierOrder } from '../../../src/orders/delivery/supplier-order.reader';
import { createCatalog } from '../../factories/catalog.factory';
import { addRules } from '../../factories/guidance.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { transferredCart, TransferredLineSpec } from '../../factories/order.factory';
import { PUNCHOUT_CATALOG } from '../../factories/punchout.factory';
import { issueTestToken } from '../../support/auth';
import { at, readCxml } from '../../support/cxml';
import { CXML_DTD, describeWithCxmlDtd, expectValidCxml } from '../../support/cxml-dtd';
import { eventually } from '../../support/eventually';
import { startTestApp, TestApp } from '../../support/test-app';

/** The real buyers' OrderRequests (../shared/spec/cxml/samples), beside the DTD. */
const SAMPLES = join(CXML_DTD, '..', '..', 'samples');
const sample = (file: string) => readFileSync(join(SAMPLES, file), 'utf8');

interface Customer {
  organization: Organization;
  user: User;
  client: OAuthClient;
  clientId: string;
  secret: string;
}

interface LineChange {
  key?: string | null;
  quantity?: string;
  price?: string;
  currency?: string;
  unit?: string;
  adHoc?: boolean;
}

let payloads = 0;
const newPayloadId = () => `${Date.now()}.${++payloads}.${randomBytes(3).toString('hex')}@buyer.example`;

/**
 * A real sample rewritten as the buyer's system writes its own order: its client id and punchout
 * secret in Sender, its order id, a fresh payloadID, and per ItemOut the cart line key echoed in
 * SupplierPartAuxiliaryID with the quantity, price and unit of the cart (or as changed).
 */
function asBuyerWrites(
  document: string,
  c: { clientId: string; secret: string },
  order: { orderId: string; payloadId?: string; type?: string; version?: number },
  lines: LineChange[],
): string {
  let index = 0;
  return document
    .replace(/payloadID="[^"]*"/, `payloadID="${order.payloadId ?? newPayloadId()}"`)
    .replace(
      /<Sender>\s*<Credential domain="NetworkId">\s*<Identity>[^<]*<\/Identity>\s*<SharedSecret>[^<]*<\/SharedSecret>/,
      `<Sender><Credential domain="NetworkId"><Identity>${c.clientId}</Identity><SharedSecret>${c.secret}</SharedSecret>`,
    )
    .replace(
      /orderID="[^"]*"/,
      `orderID="${order.orderId}"${order.version ? ` orderVersion="${order.version}"` : ''}`,
    )
    .replace(/type="new"/, `type="${order.type ?? 'new'}"`)
    .replace(/<ItemOut\b[\s\S]*?<\/ItemOut>/g, (item) => {
      const change = lines[index++] ?? {};
      let out = item;
      if (change.quantity) out = out.replace(/quantity="[^"]*"/, `quantity="${change.quantity}"`);
      if (change.adHoc) out = out.replace('<ItemOut ', '<ItemOut isAdHoc="yes" ');
      if (change.key)
        out = out.replace(
          /<\/SupplierPartID>/,
          `</SupplierPartID><SupplierPartAuxiliaryID>${change.key}</SupplierPartAuxiliaryID>`,
        );
      if (change.price)
        out = out.replace(
          /(<UnitPrice>\s*<Money currency=")[^"]*(">)[^<]*/,
          `$1${change.currency ?? 'EUR'}$2${change.price}`,
        );
      if (change.unit) out = out.replace(/<UnitOfMeasure>[^<]*/, `<UnitOfMeasure>${change.unit}`);
      return out;
    });
}

/** Two lines as the punchout transferred them, matching cxml-php-OrderRequest.xml's quantities and prices. */
const CART: TransferredLineSpec[] = [
  { offerId: 'pen-1-a', vendor: 'Office World', quantity: 10, unitPrice: '2.10', label: 'Ballpoint pen' },
  { offerId: 'paper-1-a', vendor: 'Paper Palace', quantity: 20, unitPrice: '3.20', label: 'Copy paper A4' },
];

interface Answer {
  body: string;
  code: string;
  text: string;
}

describeWithCxmlDtd('POST /cxml/orders (cXML OrderRequest)', () => {
  let t: TestApp;
  let acme: Customer;
  let globex: Customer;

  /** Posts as the buyer's system does; every answer must be valid cXML 1.2.063 in an HTTP 200. */
  async function post(document: string, contentType = 'text/xml; charset=utf-8'): Promise<Answer> {
    const response = await fetch(`${t.baseUrl}/cxml/orders`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: document,
    });
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
    expectValidCxml(body);
    const status = at(readCxml(body), 'Response/Status');
    return { body, code: status?.attributes.code ?? '', text: status?.text ?? '' };
  }

  async function customer(): Promise<Customer> {
    const organization = await createOrganization(t.prisma);
    const { client, clientId } = await createClient(t.prisma, organization);
    const { punchoutSecret } = await t.app.get(ClientsService).setPunchoutSecret(clientId, { label: 'test' });
    const user = await createUser(t.prisma, organization, { roles: [UserRole.buyer, UserRole.admin] });
    return { organization, user, client, clientId, secret: punchoutSecret };
  }

  const ordersOf = (c: Customer, orderId: string) =>
    t.prisma.purchaseOrder.findMany({
      where: { organizationId: c.organization.id, buyerOrderId: orderId },
      include: { lines: { orderBy: { lineNumber: 'asc' } }, deliveries: true },
      orderBy: { version: 'asc' },
    });
  /** The unit a cXML cart sends for the offer (the catalog's piece unit PCE as CXML_DEFAULT_UNIT, EA). */
  const unitOf = async (offerId: string) => {
    const unit = (await t.prisma.offer.findUniqueOrThrow({ where: { id: offerId } })).unit ?? 'EA';
    return unit === 'PCE' ? 'EA' : unit;
  };

  /** The sample's two lines echoing a fresh cart's keys, units as the cart's offers have them. */
  async function matchingLines(c: Customer): Promise<{ keys: string[]; lines: LineChange[] }> {
    const cart = await transferredCart(t.prisma, c, CART);
    const units = [await unitOf('pen-1-a'), await unitOf('paper-1-a')];
    return { keys: cart.keys, lines: cart.keys.map((key, i) => ({ key, unit: units[i] })) };
  }

  beforeAll(async () => {
    t = await startTestApp({ env: { ORDER_DELIVERY_POLL_MS: '600000', TOKEN_RATE_LIMIT_FAILURES: '50' } });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    acme = await customer();
    globex = await customer();
    const admin = await issueTestToken(t.prisma, acme.user, acme.client);
    await addRules(t.baseUrl, admin, [{ effect: 'blocked', matcher: 'vendor', value: 'Blocked Supplies' }]);
  });
  afterAll(() => t.close());

  it("accepts the real sample cxml-php-OrderRequest.xml echoing the cart's keys: Status 200, matched with no finding, stored with its exact document before the answer", async () => {
    const { keys, lines } = await matchingLines(acme);
    const document = asBuyerWrites(sample('cxml-php-OrderRequest.xml'), acme, { orderId: 'DO-1' }, lines);
    const answer = await post(document);
    expect(answer.code).toBe('200');
    expect(answer.text).toBe('Order DO-1 accepted (version 1); findings: none.');

    const [order] = await ordersOf(acme, 'DO-1');
    expect(order).toMatchObject({
      channel: 'cxml',
      version: 1,
      operation: 'new',
      findings: [],
      mediaType: 'text/xml',
    });
    expect(order.document).toBe(document);
    expect(Buffer.from(order.documentSha256).toString('hex')).toBe(
      createHash('sha256').update(document, 'utf8').digest('hex'),
    );
    expect(order.answer).toBe(answer.body);
    expect(
      order.lines.map((line) => [line.lineNumber, line.cartLineKey, line.offerId, line.findings]),
    ).toEqual([
      [1, keys[0], 'pen-1-a', []],
      [2, keys[1], 'paper-1-a', []],
    ]);
    expect(
      order.lines.map((line) => [line.supplierPartId, line.description, line.quantity.toFixed()]),
    ).toEqual([
      ['1233244', 'hello from item 1', '10'],
      ['1233245', 'hello from item 2', '20'],
    ]);
    expect(order.totalNet?.toFixed(2)).toBe('85.00');
    expect(order.deliveries.map((d) => d.supplier).sort()).toEqual(['Office World', 'Paper Palace']);
    const event = await t.prisma.auditEvent.findFirstOrThrow({
      where: { organizationId: acme.organization.id, type: 'order.received' },
      orderBy: { sequence: 'desc' },
    });
    expect(event.actorClientId).toBe(acme.client.id);
    expect(event.payload).toMatchObject({ channel: 'cxml', buyerOrderId: 'DO-1', findings: [] });
  });

  it('accepts the real sample cxml-php-handling-order_request.xml (USD, one line) with its key', async () => {
    const cart = await transferredCart(t.prisma, acme, [
      { offerId: 'pen-1-a', vendor: 'Office World', quantity: 1, unitPrice: '10.00', currency: 'USD' },
    ]);
    const document = asBuyerWrites(
      sample('cxml-php-handling-order_request.xml'),
      acme,
      { orderId: 'acme-1-1' },
      [{ key: cart.keys[0], unit: await unitOf('pen-1-a') }],
    );
    const answer = await post(document);
    expect(answer).toMatchObject({
      code: '200',
      text: 'Order acme-1-1 accepted (version 1); findings: none.',
    });
    const [order] = await ordersOf(acme, 'acme-1-1');
    expect(order.lines[0]).toMatchObject({ cartItemId: cart.cartItemIds[0], currency: 'USD' });
  });

  it('the same payloadID again gets the first answer again, byte for byte, and no second order', async () => {
    const { lines } = await matchingLines(acme);
    const document = asBuyerWrites(
      sample('cxml-php-OrderRequest.xml'),
      acme,
      { orderId: 'DO-REPLAY' },
      lines,
    );
    const first = await post(document);
    const again = await post(document);
    expect(again.body).toBe(first.body);
    expect(await ordersOf(acme, 'DO-REPLAY')).toHaveLength(1);
  });

  it('the same order under a new payloadID: Status 200 saying it was received before, nothing stored twice', async () => {
    const { lines } = await matchingLines(acme);
    const order = { orderId: 'DO-RESEND' };
    await post(asBuyerWrites(sample('cxml-php-OrderRequest.xml'), acme, order, lines));
    const resent = await post(asBuyerWrites(sample('cxml-php-OrderRequest.xml'), acme, order, lines));
    expect(resent.code).toBe('200');
    expect(resent.text).toMatch(/received before/);
    expect(await ordersOf(acme, 'DO-RESEND')).toHaveLength(1);
  });

  it('the same orderID with different content: Status 409, the first order kept, the refusal recorded', async () => {
    const { lines } = await matchingLines(acme);
    await post(asBuyerWrites(sample('cxml-php-OrderRequest.xml'), acme, { orderId: 'DO-409' }, lines));
    const changed = lines.map((line, i) => (i === 0 ? { ...line, quantity: '11' } : line));
    const answer = await post(
      asBuyerWrites(sample('cxml-php-OrderRequest.xml'), acme, { orderId: 'DO-409' }, changed),
    );
    expect(answer.code).toBe('409');
    expect(answer.text).toMatch(/DO-409 was received before with different content/);
    expect(await ordersOf(acme, 'DO-409')).toHaveLength(1);
    const refusal = await t.prisma.orderRefusal.findFirstOrThrow({ where: { buyerOrderId: 'DO-409' } });
    expect(refusal).toMatchObject({ organizationId: acme.organization.id, channel: 'cxml', status: 409 });
  });

  it('finds a raised price, a changed quantity and a typed-in line, each on its line, and accepts the order', async () => {
    const { lines } = await matchingLines(acme);
    const document = asBuyerWrites(sample('cxml-php-OrderRequest.xml'), acme, { orderId: 'DO-FIND' }, [
      { ...lines[0], price: '2.50', quantity: '12' },
      { ...lines[1], adHoc: true },
    ]);
    const answer = await post(document);
    expect(answer.code).toBe('200');
    expect(answer.text).toBe(
      'Order DO-FIND accepted (version 1); findings: not_from_punchout, price_changed, quantity_changed.',
    );
    const [order] = await ordersOf(acme, 'DO-FIND');
    expect(order.lines.map((line) => line.findings)).toEqual([
      ['price_changed', 'quantity_changed'],
      ['not_from_punchout'],
    ]);
    expect(order.lines[1].adHoc).toBe(true);
  });

  it("another organization's cart line keys are unknown keys to the sender (not_from_punchout), revealing nothing", async () => {
    const { lines } = await matchingLines(acme);
    const answer = await post(
      asBuyerWrites(sample('cxml-php-OrderRequest.xml'), globex, { orderId: 'DO-X' }, lines),
    );
    expect(answer.code).toBe('200');
    const [order] = await ordersOf(globex, 'DO-X');
    expect(order.lines.map((line) => [line.cartItemId, line.findings])).toEqual([
      [null, ['not_from_punchout']],
      [null, ['not_from_punchout']],
    ]);
    const finding = await t.prisma.orderFinding.findFirstOrThrow({ where: { orderId: order.id } });
    expect(finding.detail).toEqual({ why: 'unknown_key' });
    expect(await ordersOf(acme, 'DO-X')).toHaveLength(0);
  });

  it('a blocked offer: Status 403 naming the supplier (ORDER_BLOCKED=refuse), no order, the refusal recorded', async () => {
    const cart = await transferredCart(t.prisma, acme, [
      { offerId: 'pen-1-b', vendor: 'Blocked Supplies', quantity: 10, unitPrice: '2.10' },
      CART[1],
    ]);
    const document = asBuyerWrites(sample('cxml-php-OrderRequest.xml'), acme, { orderId: 'DO-BLOCK' }, [
      { key: cart.keys[0] },
      { key: cart.keys[1], unit: await unitOf('paper-1-a') },
    ]);
    const answer = await post(document);
    expect(answer.code).toBe('403');
    expect(answer.text).toMatch(/blocked for your organization \(Blocked Supplies\)/);
    expect(await ordersOf(acme, 'DO-BLOCK')).toHaveLength(0);
    expect(await t.prisma.orderRefusal.count({ where: { buyerOrderId: 'DO-BLOCK', status: 403 } })).toBe(1);
  });

  it('an update replaces the lines as version 2 with findings recomputed; a delete cancels as version 3; nothing changes after that', async () => {
    const { lines } = await matchingLines(acme);
    const base = sample('cxml-php-OrderRequest.xml');
    await post(asBuyerWrites(base, acme, { orderId: 'DO-V' }, lines));
    const updated = await post(
      asBuyerWrites(base, acme, { orderId: 'DO-V', type: 'update', version: 2 }, [
        { ...lines[0], quantity: '15' },
        lines[1],
      ]),
    );
    expect(updated.text).toBe('Order DO-V updated (version 2); findings: quantity_changed.');
    const deleted = await post(
      asBuyerWrites(base, acme, { orderId: 'DO-V', type: 'delete', version: 3 }, lines),
    );
    expect(deleted.text).toBe('Order DO-V cancelled (version 3); findings: none.');

    const versions = await ordersOf(acme, 'DO-V');
    expect(versions.map((v) => [v.version, v.operation, v.findings])).toEqual([
      [1, 'new', []],
      [2, 'update', ['quantity_changed']],
      [3, 'delete', []],
    ]);
    // The cancellation carries the cancelled version's lines, and tells each of their suppliers.
    expect(versions[2].lines.map((line) => line.quantity.toFixed())).toEqual(['15', '20']);
    expect(versions[2].deliveries.map((d) => d.supplier).sort()).toEqual(['Office World', 'Paper Palace']);

    const late = await post(
      asBuyerWrites(base, acme, { orderId: 'DO-V', type: 'update', version: 4 }, lines),
    );
    expect(late.code).toBe('409');
    expect(late.text).toMatch(/was cancelled/);
  });

  it('an update that drops a supplier still reaches it (its lines are cancelled); an update of an unknown order is 400', async () => {
    const { lines } = await matchingLines(acme);
    const two = sample('cxml-php-OrderRequest.xml');
    await post(asBuyerWrites(two, acme, { orderId: 'DO-DROP' }, lines));
    // The single-line sample as the update: only the pens remain.
    const one = asBuyerWrites(
      sample('cxml-php-handling-order_request.xml'),
      acme,
      { orderId: 'DO-DROP', type: 'update', version: 2 },
      [{ ...lines[0], price: '2.10', currency: 'EUR', quantity: '10' }],
    );
    expect((await post(one)).code).toBe('200');
    const [v1, v2] = await ordersOf(acme, 'DO-DROP');
    expect(v2.lines.map((line) => line.supplier)).toEqual(['Office World']);
    expect(v2.deliveries.map((d) => d.supplier).sort()).toEqual(['Office World', 'Paper Palace']);
    // What Paper Palace is sent for version 2: a cancellation of its version 1 lines.
    const dropped = await readSupplierOrder(
      t.prisma,
      v2.deliveries.find((d) => d.supplier === 'Paper Palace')!,
    );
    expect(dropped?.operation).toBe('delete');
    expect(dropped?.version).toBe(2);
    const paperLinesOfV1 = v1.lines.filter((line) => line.supplier === 'Paper Palace');
    expect(paperLinesOfV1.length).toBeGreaterThan(0);
    expect(dropped?.lines.map((line) => [line.lineNumber, line.quantity])).toEqual(
      paperLinesOfV1.map((line) => [line.lineNumber, line.quantity.toFixed()]),
    );

    const unknown = await post(
      asBuyerWrites(two, acme, { orderId: 'DO-NEVER', type: 'update', version: 2 }, lines),
    );
    expect(unknown.code).toBe('400');
    expect(unknown.text).toMatch(/never received/);
  });

  it('a wrong SharedSecret or an unknown client id: Status 401, recorded as a bounded summary without the secret', async () => {
    const { lines } = await matchingLines(acme);
    const wrong = asBuyerWrites(
      sample('cxml-php-OrderRequest.xml'),
      { clientId: acme.clientId, secret: 'pps_wrong-secret' },
      { orderId: 'DO-401' },
      lines,
    );
    const answer = await post(wrong);
    expect(answer.code).toBe('401');
    expect(answer.text).toMatch(/wrong SharedSecret/);
    const unknown = await post(
      asBuyerWrites(
        sample('cxml-php-OrderRequest.xml'),
        { clientId: 'mpgc_nobody', secret: 'x' },
        { orderId: 'DO-401' },
        lines,
      ),
    );
    expect(unknown.code).toBe('401');
    expect(await ordersOf(acme, 'DO-401')).toHaveLength(0);
    const [event] = await eventually(async () => {
      const found = await t.prisma.auditEvent.findMany({
        where: { organizationId: acme.organization.id, type: 'order.refused' },
      });
      const mine = found.filter((e) => JSON.stringify(e.payload).includes('credentials_refused'));
      expect(mine).toHaveLength(1);
      return mine;
    });
    const recorded = JSON.stringify(event.payload);
    expect(recorded).not.toContain('pps_wrong-secret');
    expect(recorded).not.toContain('hello from item');
    expect(recorded.length).toBeLessThan(2_000);
    expect(event.payload).toMatchObject({
      status: 401,
      document: { items: 2 },
      sender: { identity: acme.clientId },
    });
  });

  it.each([
    ['not XML at all', 'this is not xml', /not well-formed XML/],
    [
      'a DOCTYPE declaring entities',
      '<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY x "y">]><cXML/>',
      /internal subset/,
    ],
    [
      'an OrderRequest without orderID',
      () =>
        asBuyerWrites(sample('cxml-php-OrderRequest.xml'), acme, { orderId: 'X' }, []).replace(
          /orderID="X"/,
          '',
        ),
      /OrderRequestHeader has no orderID/,
    ],
    [
      'a quantity that is no number',
      () => asBuyerWrites(sample('cxml-php-OrderRequest.xml'), acme, { orderId: 'X' }, [{ quantity: 'ten' }]),
      /ItemOut\[1\]: quantity "ten"/,
    ],
  ] as const)('a malformed document (%s): Status 400 saying what is wrong', async (_, document, text) => {
    const answer = await post(typeof document === 'function' ? document() : document);
    expect(answer.code).toBe('400');
    expect(answer.text).toMatch(text);
  });

  it('a JSON body is a cXML Status 415, not an error page', async () => {
    const answer = await post('{"orderId":"x"}', 'application/json');
    expect(answer.code).toBe('415');
  });
});
