import { OrderEndpointsService } from '../../../src/orders/order-endpoints.service';
import { verifyWebhookSignature } from '../../../src/orders/delivery/webhook-signature';
import { OAuthClient, User, UserRole } from '../../../src/generated/prisma/client';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { transferredCart } from '../../factories/order.factory';
import { PUNCHOUT_CATALOG } from '../../factories/punchout.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { expectValidCxml } from '../../support/cxml-dtd';
import { Json } from '../../support/http';
import { OrderReceiver, ReceiverAnswer, startOrderReceiver } from '../../support/order-receiver';
import { startTestApp, TestApp } from '../../support/test-app';

/** Fast retries so the drills take seconds: 50 ms, 100 ms, 200 ms, ... (with jitter). */
const FAST = {
  ORDER_DELIVERY_FIRST_RETRY_MS: '50',
  ORDER_DELIVERY_POLL_MS: '100',
  ORDER_DELIVERY_TIMEOUT_MS: '2000',
};

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('order delivery through the outbox', () => {
  let t: TestApp;
  let owner: { user: User; client: OAuthClient };
  let token: string;
  const receivers: OrderReceiver[] = [];

  const receiver = async (answer?: (n: number, key: string) => ReceiverAnswer) => {
    const started = await startOrderReceiver(answer);
    receivers.push(started);
    return started;
  };
  const endpoints = () => t.app.get(OrderEndpointsService);
  const order = async (orderId: string, app: TestApp = t): Promise<Json> => {
    const cart = await transferredCart(app.prisma, owner, [
      { offerId: 'pen-1-a', vendor: 'Office World', quantity: 10, unitPrice: '4.00' },
      { offerId: 'paper-1-a', vendor: 'Paper Palace', quantity: 3, unitPrice: '5.99' },
    ]);
    const response = await fetch(`${app.baseUrl}/api/v1/orders`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({
        orderId,
        lines: [
          { cartLineKey: cart.keys[0], quantity: '10', unitPrice: '4.00', currency: 'EUR' },
          { cartLineKey: cart.keys[1], quantity: '3', unitPrice: '5.99', currency: 'EUR' },
        ],
      }),
    });
    expect(response.status).toBe(201);
    return { ...(await response.json()), keys: cart.keys };
  };
  const delivery = (orderId: string, supplier: string) =>
    t.prisma.orderDelivery.findFirstOrThrow({
      where: { orderId, supplier },
      include: { deliveryTries: { orderBy: { id: 'asc' } } },
    });

  beforeAll(async () => {
    t = await startTestApp({ env: FAST });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const user = await createUser(t.prisma, organization, { roles: [UserRole.buyer] });
    owner = { user, client };
    token = await issueTestToken(t.prisma, user, client, { expiresInSeconds: 3_600 });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  it('keeps orders pending while a supplier has no endpoint, and delivers them once one is set', async () => {
    const placed = await order('PO-PENDING');
    expect((await delivery(placed.id, 'Paper Palace')).status).toBe('pending');
    const paper = await receiver();
    const set = await endpoints().set('Paper Palace', paper.url, 'json');
    expect(set.released).toBeGreaterThanOrEqual(1);
    await until(
      'the pending order delivered',
      async () => (await delivery(placed.id, 'Paper Palace')).status === 'delivered',
    );
    expect(paper.deliveries).toHaveLength(1);
    const body = JSON.parse(paper.deliveries[0].body);
    expect(body).toMatchObject({
      type: 'order',
      order: {
        id: placed.id,
        orderId: 'PO-PENDING',
        supplier: 'Paper Palace',
        currency: 'EUR',
        totalNet: '17.97',
      },
    });
    // Only the supplier's own lines.
    expect(body.order.lines).toEqual([
      expect.objectContaining({
        lineNumber: 2,
        cartLineKey: placed.keys[1],
        quantity: '3',
        unitPrice: '5.99',
        lineNet: '17.97',
      }),
    ]);
  });

  it('delivers a pending order whose supplier got its endpoint while the order was being stored', async () => {
    const paper = await receiver();
    await endpoints().set('Paper Palace', paper.url, 'json');
    const placed = await order('PO-RACED');
    await until(
      'the first delivery',
      async () => (await delivery(placed.id, 'Paper Palace')).status === 'delivered',
    );
    // As if the order's transaction had not seen the endpoint: pending although the supplier has one.
    const raced = await order('PO-RACED-2');
    await until(
      'the second delivery',
      async () => (await delivery(raced.id, 'Paper Palace')).status === 'delivered',
    );
    await t.prisma.orderDelivery.updateMany({
      where: { orderId: raced.id, supplier: 'Paper Palace' },
      data: { status: 'pending', deliveredAt: null },
    });
    await until(
      'the pending delivery sent by a periodic run',
      async () => (await delivery(raced.id, 'Paper Palace')).status === 'delivered',
    );
    expect(paper.deliveries.filter((d) => d.headers['idempotency-key'] === `${raced.id}.2`)).toHaveLength(2);
  });

  it('signs a JSON delivery with HMAC-SHA256 over the timestamp and the body, as documented', async () => {
    const paper = await receiver();
    const { signingSecret } = await endpoints().set('Paper Palace', paper.url, 'json');
    const placed = await order('PO-SIGNED');
    await paper.waitForRequests(1);
    const [received] = paper.deliveries;
    const headers = {
      timestamp: String(received.headers['x-gateway-timestamp']),
      signature: String(received.headers['x-gateway-signature']),
    };
    const now = Math.floor(Date.now() / 1000);
    expect(headers.signature).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(signingSecret, headers, received.body, now)).toBe(true);
    expect(verifyWebhookSignature(signingSecret, headers, received.body.replace('5.99', '0.01'), now)).toBe(
      false,
    );
    expect(verifyWebhookSignature('whsec_other', headers, received.body, now)).toBe(false);
    expect(received.headers['idempotency-key']).toBe(
      (await delivery(placed.id, 'Paper Palace')).idempotencyKey,
    );
  });

  it('drill: the receiver fails three times, then accepts: four tries, one key, backing off, one order.delivered', async () => {
    const office = await receiver((n) => (n <= 3 ? { status: 503 } : { status: 200 }));
    await endpoints().set('Office World', office.url, 'cxml');
    const placed = await order('PO-RETRY');
    const done = await until('the delivery after three failures', async () => {
      const row = await delivery(placed.id, 'Office World');
      return row.status === 'delivered' && row;
    });
    expect(done.attempts).toBe(4);
    expect(done.deliveryTries.map((a) => [a.outcome, a.httpStatus])).toEqual([
      ['failed', 503],
      ['failed', 503],
      ['failed', 503],
      ['delivered', 200],
    ]);
    expect(done.deliveryTries[0].error).toBe('HTTP 503: supplier system busy');
    const tries = office.deliveries.filter((d) => d.headers['idempotency-key'] === done.idempotencyKey);
    expect(tries).toHaveLength(4);
    // Each pause at least half of 50 ms doubled per try (equal jitter): 25, 50, 100 ms.
    const gaps = tries.slice(1).map((d, i) => d.receivedAt - tries[i].receivedAt);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(25 * 2 ** i - 5));

    // The cXML OrderRequest: DTD-valid, the supplier's line with its cart line key echoed.
    const document = tries[3].body;
    expect(tries[3].headers['content-type']).toBe('text/xml; charset=utf-8');
    expectValidCxml(document);
    expect(document).toContain('<OrderRequestHeader orderID="PO-RETRY"');
    expect(document).toContain(`<SupplierPartAuxiliaryID>${placed.keys[0]}</SupplierPartAuxiliaryID>`);
    expect(document).toContain(`payloadID="${done.idempotencyKey}@gateway.test"`);
    expect(document).not.toContain('Copy paper');

    const events = await t.prisma.auditEvent.findMany({ where: { type: 'order.delivered' } });
    const mine = events.filter((event) => (event.payload as Json).idempotencyKey === done.idempotencyKey);
    expect(mine).toHaveLength(1);
    expect(mine[0].payload).toMatchObject({
      supplier: 'Office World',
      attempts: 4,
      format: 'cxml',
      httpStatus: 200,
    });
  });

  it('gives up after the horizon (failed, order.delivery_failed), and `redeliver` sends it again', async () => {
    const local = await startTestApp({
      env: { ...FAST, ORDER_DELIVERY_HORIZON_SECONDS: '3' },
      database: t.database,
    });
    try {
      let accept = false;
      const office = await receiver(() => (accept ? { status: 200 } : { status: 500 }));
      await local.app.get(OrderEndpointsService).set('Office World', office.url, 'json');
      const placed = await order('PO-GIVEUP', local);
      const failed = await until('the delivery to give up', async () => {
        const row = await delivery(placed.id, 'Office World');
        return row.status === 'failed' && row;
      });
      // It gave up because the next try would have come after the horizon (on a loaded machine the
      // first try may already be late, so the number of tries is not fixed).
      expect(failed.attempts).toBeGreaterThanOrEqual(1);
      expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(failed.retryUntil.getTime());
      expect(failed.lastError).toBe('HTTP 500: supplier system busy');
      const event = await until(
        'order.delivery_failed',
        async () =>
          (await t.prisma.auditEvent.findFirst({
            where: { type: 'order.delivery_failed', payload: { path: ['orderId'], equals: placed.id } },
          })) ?? undefined,
      );
      expect(event.payload).toMatchObject({ supplier: 'Office World', httpStatus: 500 });

      accept = true;
      expect(await local.app.get(OrderEndpointsService).redeliver(placed.id)).toBe(1);
      await until(
        'the redelivery',
        async () => (await delivery(placed.id, 'Office World')).status === 'delivered',
      );
      // Only this order's tries: the receiver stands in for Office World, whose other orders (earlier
      // tests, the other worker on this database) may arrive too.
      const mine = office.deliveries.filter((d) =>
        String(d.headers['idempotency-key']).startsWith(`${placed.id}.`),
      );
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(new Set(mine.map((d) => d.headers['idempotency-key'])).size).toBe(1);
    } finally {
      await local.close();
    }
  });

  it('drill: two workers on one outbox never send one delivery twice at the same time', async () => {
    const second = await startTestApp({ env: FAST, database: t.database });
    try {
      // Slow answers, every first try refused: both workers keep claiming while others are in flight.
      const both = await receiver((n) => ({ status: n === 1 ? 502 : 200, delayMs: 40 }));
      await endpoints().set('Office World', both.url, 'json');
      await endpoints().set('Paper Palace', both.url, 'json');
      const placed: Json[] = [];
      for (let i = 0; i < 12; i++) placed.push(await order(`PO-PAIR-${i}`, i % 2 === 0 ? t : second));
      const ids = placed.map((p) => p.id);
      await until(
        'every delivery of the pair',
        async () =>
          (await t.prisma.orderDelivery.count({ where: { orderId: { in: ids }, status: 'delivered' } })) ===
          24,
        60_000,
      );
      expect(both.maxInFlightPerKey()).toBe(1);
      const keys = (await t.prisma.orderDelivery.findMany({ where: { orderId: { in: ids } } })).map(
        (d) => d.idempotencyKey,
      );
      expect(keys.map((key) => both.accepted.get(key))).toEqual(keys.map(() => 1));
    } finally {
      await second.close();
    }
  });
});
