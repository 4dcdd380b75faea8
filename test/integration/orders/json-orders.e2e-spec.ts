import Decimal from 'decimal.js';
import { verifyExportLines } from '../../../src/audit/audit-file-verifier';
import { createHash } from 'node:crypto';
import { OAuthClient, Organization, User, UserRole } from '../../../src/generated/prisma/client';
import { createCatalog } from '../../factories/catalog.factory';
import { addRules } from '../../factories/guidance.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { transferredCart } from '../../factories/order.factory';
import { PUNCHOUT_CATALOG } from '../../factories/punchout.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { Json } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

const DAY_MS = 86_400_000;

interface Buyer {
  organization: Organization;
  user: User;
  client: OAuthClient;
  buyer: string;
  auditor: string;
  admin: string;
}

async function buyerOrganization(t: TestApp): Promise<Buyer> {
  const organization = await createOrganization(t.prisma);
  const { client } = await createClient(t.prisma, organization);
  const user = await createUser(t.prisma, organization, { roles: [UserRole.buyer] });
  const auditorUser = await createUser(t.prisma, organization, { roles: [UserRole.auditor] });
  const adminUser = await createUser(t.prisma, organization, { roles: [UserRole.admin, UserRole.buyer] });
  return {
    organization,
    user,
    client,
    buyer: await issueTestToken(t.prisma, user, client),
    auditor: await issueTestToken(t.prisma, auditorUser, client),
    admin: await issueTestToken(t.prisma, adminUser, client),
  };
}

/** Two lines as the punchout transferred them: 10 pens at the 10+ tier, 3 reams of paper. */
const CART = [
  {
    offerId: 'pen-1-a',
    vendor: 'Office World',
    quantity: 10,
    unitPrice: '4.00',
    label: 'Ballpoint pen, Office World',
  },
  {
    offerId: 'paper-1-a',
    vendor: 'Paper Palace',
    quantity: 3,
    unitPrice: '5.99',
    label: 'Copy paper A4, Paper Palace',
  },
];

function orderBody(orderId: string, keys: string[], change: (lines: Json[]) => void = () => {}): Json {
  const lines: Json[] = [
    { cartLineKey: keys[0], quantity: '10', unitPrice: '4.00', currency: 'EUR', unit: 'PCE' },
    { cartLineKey: keys[1], quantity: 3, unitPrice: 5.99, currency: 'EUR' },
  ];
  change(lines);
  return { orderId, orderDate: '2026-11-29T09:00:00Z', lines };
}

describe('POST /api/v1/orders (JSON purchase orders)', () => {
  let t: TestApp;
  let acme: Buyer;

  const post = (token: string, body: unknown) =>
    fetch(`${t.baseUrl}/api/v1/orders`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const get = (token: string, path: string) => fetch(`${t.baseUrl}${path}`, { headers: bearer(token) });
  const codesOf = (order: Json) => order.lines.map((line: Json) => line.findings.map((f: Json) => f.code));

  beforeAll(async () => {
    t = await startTestApp({ env: { ORDER_DELIVERY_POLL_MS: '600000' } });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    acme = await buyerOrganization(t);
    await addRules(t.baseUrl, acme.admin, [
      { effect: 'blocked', matcher: 'vendor', value: 'Blocked Supplies' },
    ]);
  });
  afterAll(() => t.close());

  it('matches every line to its transferred cart line, finds nothing, and stores the order with its document, outbox and audit event', async () => {
    const cart = await transferredCart(t.prisma, acme, CART);
    const body = orderBody('PO-1', cart.keys);
    const response = await post(acme.buyer, body);
    expect(response.status).toBe(201);
    const order = await response.json();
    expect(order).toMatchObject({
      orderId: 'PO-1',
      version: 1,
      operation: 'new',
      channel: 'json',
      status: 'accepted',
      buyer: acme.user.email,
      findings: [],
      suppliers: ['Office World', 'Paper Palace'],
      totalNet: '57.97',
      currency: 'EUR',
    });
    expect(codesOf(order)).toEqual([[], []]);
    expect(order.lines[0]).toMatchObject({
      lineNumber: 1,
      cartLineKey: cart.keys[0],
      offerId: 'pen-1-a',
      supplier: 'Office World',
      description: 'Ballpoint pen, Office World',
      quantity: '10',
      unitPrice: '4.00',
      lineNet: '40.00',
      cartLine: { sessionId: cart.sessionId, sessionPublicId: cart.publicId, quantity: 10, unitPrice: '4' },
    });
    // No supplier has an order endpoint yet: both deliveries wait, the buyer's answer did not.
    expect(order.deliveries.map((d: Json) => [d.supplier, d.status])).toEqual([
      ['Office World', 'pending'],
      ['Paper Palace', 'pending'],
    ]);

    const stored = await t.prisma.purchaseOrder.findUniqueOrThrow({
      where: { id: order.id },
      include: { lines: true },
    });
    expect(JSON.parse(stored.document)).toEqual(body);
    const digest = createHash('sha256').update(stored.document, 'utf8').digest('hex');
    expect(Buffer.from(stored.documentSha256).toString('hex')).toBe(digest);
    expect(stored.lines.map((line) => line.cartItemId).sort()).toEqual([...cart.cartItemIds].sort());
    // The total a person reads is the stored lines added up.
    const recomputed = stored.lines.reduce((sum, line) => sum.plus(line.lineNet.toFixed()), new Decimal(0));
    expect(recomputed.toFixed(2)).toBe(order.totalNet);

    const event = await t.prisma.auditEvent.findFirstOrThrow({
      where: { organizationId: acme.organization.id, type: 'order.received' },
      orderBy: { sequence: 'desc' },
    });
    expect(event.sessionId).toBe(cart.sessionId);
    expect(event.actorUserId).toBe(acme.user.id);
    expect(event.payload).toMatchObject({
      orderId: order.id,
      buyerOrderId: 'PO-1',
      documentSha256: digest,
      findings: [],
    });
  });

  it('answers the same order sent again with the first one (200), and refuses changed content under its id (409)', async () => {
    const cart = await transferredCart(t.prisma, acme, CART);
    const first = await post(acme.buyer, orderBody('PO-2', cart.keys));
    expect(first.status).toBe(201);
    const created = await first.json();
    // The same content spelled otherwise (field order, 3 as "3.00") is the same order.
    const again = orderBody('PO-2', cart.keys, (lines) => {
      lines[1] = { currency: 'EUR', unitPrice: '5.990', quantity: '3.00', cartLineKey: cart.keys[1] };
    });
    const repeat = await post(acme.buyer, again);
    expect(repeat.status).toBe(200);
    expect((await repeat.json()).id).toBe(created.id);

    const changed = await post(
      acme.buyer,
      orderBody('PO-2', cart.keys, (lines) => (lines[0].quantity = '11')),
    );
    expect(changed.status).toBe(409);
    expect(await changed.json()).toEqual({
      error: 'conflict',
      error_description: 'Order PO-2 was received before with different content.',
    });
    expect(await t.prisma.purchaseOrder.count({ where: { buyerOrderId: 'PO-2' } })).toBe(1);
  });

  it('stores one order when the same order arrives twice at once', async () => {
    const cart = await transferredCart(t.prisma, acme, CART);
    const answers = await Promise.all([1, 2, 3].map(() => post(acme.buyer, orderBody('PO-RACE', cart.keys))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (answer) => (await answer.json()).id)));
    expect(ids.size).toBe(1);
    expect(await t.prisma.purchaseOrder.count({ where: { buyerOrderId: 'PO-RACE' } })).toBe(1);
  });

  it('marks a raised price, a changed quantity and unit per line, with what was compared', async () => {
    const cart = await transferredCart(t.prisma, acme, CART);
    const response = await post(
      acme.buyer,
      orderBody('PO-3', cart.keys, (lines) => {
        lines[0].unitPrice = '4.20';
        lines[1].quantity = '5';
        lines[1].unit = 'BX';
      }),
    );
    expect(response.status).toBe(201);
    const order = await response.json();
    expect(order.findings).toEqual(['price_changed', 'quantity_changed', 'unit_changed']);
    expect(order.lines[0].findings).toEqual([
      {
        code: 'price_changed',
        detail: {
          transferred: '4',
          transferredPriceUnit: 1,
          ordered: '4.2',
          orderedPriceUnit: 1,
          currency: 'EUR',
          changePercent: '5',
        },
      },
    ]);
    expect(codesOf(order)).toEqual([['price_changed'], ['quantity_changed', 'unit_changed']]);
    expect(order.totalNet).toBe('71.95');
    expect(await (await get(acme.auditor, `/api/v1/orders/${order.id}`)).json()).toEqual(order);
  });

  it("marks a typed-in line, an unknown key and another organization's key as not from a punchout, revealing nothing", async () => {
    const other = await buyerOrganization(t);
    const theirs = await transferredCart(t.prisma, other, CART);
    const response = await post(acme.buyer, {
      orderId: 'PO-4',
      lines: [
        { offerId: 'paper-1-a', quantity: '1', unitPrice: '5.99', currency: 'EUR' },
        { cartLineKey: 'AAAAAAAAAAAAAAAAAAAAAA.1', quantity: '1', unitPrice: '1.00', currency: 'EUR' },
        { cartLineKey: theirs.keys[0], quantity: '10', unitPrice: '4.00', currency: 'EUR' },
      ],
    });
    expect(response.status).toBe(201);
    const order = await response.json();
    expect(order.lines.map((line: Json) => line.findings)).toEqual([
      [{ code: 'not_from_punchout', detail: { why: 'no_key' } }],
      [{ code: 'not_from_punchout', detail: { why: 'unknown_key' } }],
      [{ code: 'not_from_punchout', detail: { why: 'unknown_key' } }],
    ]);
    expect(order.lines[0]).toMatchObject({ supplier: 'Paper Palace', cartLine: null });
    // Nothing of the other organization's cart line shows: no supplier, no description, no cart line.
    expect(order.lines[2]).toMatchObject({ supplier: '', description: '', cartLine: null, offerId: null });
    expect(await (await get(acme.auditor, `/api/v1/orders/${order.id}`)).json()).toEqual(order);
  });

  it('marks a cart ordered more than ORDER_CART_MAX_AGE_DAYS after its transfer, and a cart line ordered before', async () => {
    const old = await transferredCart(t.prisma, acme, CART, new Date(Date.now() - 8 * DAY_MS));
    const stale = await (await post(acme.buyer, orderBody('PO-5', old.keys))).json();
    expect(stale.findings).toEqual(['stale_cart']);
    expect(stale.lines[0].findings[0]).toMatchObject({
      code: 'stale_cart',
      detail: { ageDays: 8, maxAgeDays: 7 },
    });

    const again = await (await post(acme.buyer, orderBody('PO-6', old.keys))).json();
    expect(again.findings).toEqual(['stale_cart', 'already_ordered']);
  });

  it('refuses an order with a blocked offer (403 offer_blocked), recording a bounded refusal and its audit event', async () => {
    const response = await post(acme.buyer, {
      orderId: 'PO-7',
      lines: [{ offerId: 'pen-1-b', quantity: '1', unitPrice: '3.00', currency: 'EUR' }],
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: 'offer_blocked',
      error_description: 'The order contains offers blocked for your organization (Blocked Supplies).',
    });
    expect(await t.prisma.purchaseOrder.count({ where: { buyerOrderId: 'PO-7' } })).toBe(0);
    const refusal = await t.prisma.orderRefusal.findFirstOrThrow({ where: { buyerOrderId: 'PO-7' } });
    expect(refusal).toMatchObject({ organizationId: acme.organization.id, status: 403, channel: 'json' });
    expect(refusal.summary).toEqual({ lines: 1, blockedLines: [1] });
    const event = await t.prisma.auditEvent.findFirstOrThrow({
      where: { organizationId: acme.organization.id, type: 'order.refused' },
    });
    expect(event.payload).toMatchObject({ buyerOrderId: 'PO-7', status: 403, blockedLines: [1] });
  });

  it('answers malformed orders 400 in the error shape, naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ orderId: 'X', lines: [] }, 'lines must have at least one line'],
      [
        { lines: [{ offerId: 'a', quantity: 1, unitPrice: '1', currency: 'EUR' }] },
        "orderId is required: the buyer's own order id",
      ],
      [
        { orderId: 'X', lines: [{ quantity: 1, unitPrice: '1', currency: 'EUR' }] },
        'each line needs a cartLineKey (a line from a punchout cart) or an offerId (a line typed in)',
      ],
      [
        { orderId: 'X', lines: [{ offerId: 'a', quantity: '1', unitPrice: '1.00001', currency: 'EUR' }] },
        'lines[].unitPrice must be a non-negative decimal with at most 4 decimals, such as 4.00',
      ],
      [
        { orderId: 'X', lines: [{ offerId: 'a', quantity: '0', unitPrice: '1', currency: 'EUR' }] },
        'lines[].quantity must be greater than 0',
      ],
      [
        { orderId: 'X', lines: [{ offerId: 'a', quantity: '1', unitPrice: '1', currency: 'euro' }] },
        'lines[].currency must be an ISO 4217 code such as EUR',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await post(acme.buyer, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalid_request', error_description: message });
    }
    const auditorTries = await post(acme.auditor, orderBody('PO-X', ['a']));
    expect(auditorTries.status).toBe(403);
  });

  it("keeps the order events in the organization's chain, which the offline verifier accepts", async () => {
    const response = await get(acme.auditor, '/api/v1/audit/export?format=jsonl');
    expect(response.status).toBe(200);
    const lines = (await response.text()).trimEnd().split('\n');
    const types = lines.map((line) => JSON.parse(line).type);
    expect(types).toEqual(expect.arrayContaining(['order.received', 'order.refused']));
    expect(await verifyExportLines(lines)).toMatchObject({ status: 'intact', checked: lines.length });
  });

  describe('GET /api/v1/orders', () => {
    it('lists the organization’s orders for auditors, newest first, with filters and a cursor', async () => {
      const cart = await transferredCart(t.prisma, acme, CART);
      await post(
        acme.buyer,
        orderBody('PO-L1', cart.keys, (lines) => (lines[0].unitPrice = '9.00')),
      );
      const all: Json[] = [];
      let next: string | null = null;
      do {
        const response: Response = await get(
          acme.auditor,
          `/api/v1/orders?limit=2${next ? `&cursor=${next}` : ''}`,
        );
        expect(response.status).toBe(200);
        const page: Json = await response.json();
        all.push(...page.data);
        next = page.next;
      } while (next);
      const stored = await t.prisma.purchaseOrder.findMany({
        where: { organizationId: acme.organization.id },
        orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }],
      });
      expect(all.map((order) => order.id)).toEqual(stored.map((order) => order.id));

      const priced = await (await get(acme.auditor, '/api/v1/orders?finding=price_changed')).json();
      expect(priced.data.map((order: Json) => order.orderId).sort()).toEqual(['PO-3', 'PO-L1']);
      const bySupplier = await (
        await get(acme.admin, '/api/v1/orders?supplier=Paper%20Palace&delivery=pending')
      ).json();
      const paperPending = await t.prisma.purchaseOrder.count({
        where: {
          organizationId: acme.organization.id,
          lines: { some: { supplier: 'Paper Palace' } },
          deliveries: { some: { status: 'pending' } },
        },
      });
      expect(paperPending).toBeGreaterThan(0);
      expect(bySupplier.data.length).toBe(paperPending);
      expect(bySupplier.data.every((order: Json) => order.suppliers.includes('Paper Palace'))).toBe(true);
      const byBuyer = await (
        await get(acme.auditor, `/api/v1/orders?buyer=${encodeURIComponent(acme.user.email)}`)
      ).json();
      expect(byBuyer.data.length).toBeGreaterThan(0);
      expect(byBuyer.data.every((order: Json) => order.buyer === acme.user.email)).toBe(true);
      const future = await (await get(acme.auditor, '/api/v1/orders?from=2999-01-01')).json();
      expect(future).toEqual({ data: [], next: null });

      expect((await get(acme.auditor, '/api/v1/orders?finding=nonsense')).status).toBe(400);
      expect((await get(acme.auditor, '/api/v1/orders?cursor=bm9wZQ')).status).toBe(400);
      expect((await get(acme.buyer, '/api/v1/orders')).status).toBe(403);
    });

    it('gives one order with its document on request, and nothing of another organization', async () => {
      const cart = await transferredCart(t.prisma, acme, CART);
      const created = await (await post(acme.buyer, orderBody('PO-D', cart.keys))).json();
      const plain = await (await get(acme.auditor, `/api/v1/orders/${created.id}`)).json();
      expect(plain.document).toBeNull();
      const withDocument = await (
        await get(acme.auditor, `/api/v1/orders/${created.id}?document=true`)
      ).json();
      expect(JSON.parse(withDocument.document)).toEqual(orderBody('PO-D', cart.keys));
      expect(withDocument.documentSha256).toBe(
        createHash('sha256').update(withDocument.document, 'utf8').digest('hex'),
      );
      const other = await buyerOrganization(t);
      const foreign = await get(other.auditor, `/api/v1/orders/${created.id}`);
      expect(foreign.status).toBe(404);
      const otherList = await (await get(other.auditor, '/api/v1/orders')).json();
      expect(otherList.data).toEqual([]);
    });
  });
});

describe('ORDER_BLOCKED=flag', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { ORDER_BLOCKED: 'flag', ORDER_DELIVERY_POLL_MS: '600000' } });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
  });
  afterAll(() => t.close());

  it('accepts an order with a blocked offer and records the finding blocked', async () => {
    const acme = await buyerOrganization(t);
    await addRules(t.baseUrl, acme.admin, [
      { effect: 'blocked', matcher: 'vendor', value: 'Blocked Supplies' },
    ]);
    const cart = await transferredCart(t.prisma, acme, [
      { offerId: 'pen-1-b', vendor: 'Blocked Supplies', quantity: 2, unitPrice: '3.00' },
    ]);
    const response = await fetch(`${t.baseUrl}/api/v1/orders`, {
      method: 'POST',
      headers: { ...bearer(acme.buyer), 'content-type': 'application/json' },
      body: JSON.stringify({
        orderId: 'PO-FLAG',
        lines: [{ cartLineKey: cart.keys[0], quantity: '2', unitPrice: '3.00', currency: 'EUR' }],
      }),
    });
    expect(response.status).toBe(201);
    const order = await response.json();
    expect(order.findings).toEqual(['blocked']);
    expect(order.lines[0].findings).toEqual([{ code: 'blocked', detail: {} }]);
    expect(await t.prisma.orderRefusal.count()).toBe(0);
  });
});
