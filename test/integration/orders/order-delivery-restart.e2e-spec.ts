import { OrderEndpointsService } from '../../../src/orders/order-endpoints.service';
import { UserRole } from '../../../src/generated/prisma/client';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { transferredCart } from '../../factories/order.factory';
import { PUNCHOUT_CATALOG } from '../../factories/punchout.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { GatewayProcess, gatewayEnv, startGateway, stopAll } from '../../support/gateway-process';
import { OrderReceiver, startOrderReceiver } from '../../support/order-receiver';
import { createTestDatabase, TestDatabase } from '../../support/test-database';
import { startTestApp, TestApp } from '../../support/test-app';

jest.setTimeout(180_000);

/**
 * Drill: the gateway process is killed while it delivers an order (after the order was stored and
 * answered, before the supplier answered). The claim dies with the process's connection; a new
 * process delivers the order, under the same idempotency key.
 */
describe('order delivery across a killed gateway process', () => {
  let database: TestDatabase;
  let fixtures: TestApp;
  let receiver: OrderReceiver;
  const replicas: GatewayProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Writes the test data only: its own delivery task waits ten minutes, so it never delivers here.
    fixtures = await startTestApp({ database, env: { ORDER_DELIVERY_POLL_MS: '600000' } });
    await createCatalog(fixtures.prisma, PUNCHOUT_CATALOG);
    // The first delivery never gets an answer (the process dies waiting); later ones are accepted.
    receiver = await startOrderReceiver((n) => (n === 1 ? 'hang' : { status: 200 }));
    await fixtures.app.get(OrderEndpointsService).set('Paper Palace', receiver.url, 'json');
  });
  afterAll(async () => {
    await stopAll(replicas);
    await receiver.close();
    await fixtures.close();
    await database.drop();
  });

  it('delivers after a restart an order whose process was killed mid-delivery, with the same key', async () => {
    const organization = await createOrganization(fixtures.prisma);
    const { client } = await createClient(fixtures.prisma, organization);
    const user = await createUser(fixtures.prisma, organization, { roles: [UserRole.buyer] });
    const token = await issueTestToken(fixtures.prisma, user, client, { expiresInSeconds: 3_600 });
    const cart = await transferredCart(fixtures.prisma, { user, client }, [
      { offerId: 'paper-1-a', vendor: 'Paper Palace', quantity: 3, unitPrice: '5.99' },
    ]);
    const env = gatewayEnv(database.url, {
      ORDER_DELIVERY_POLL_MS: '200',
      ORDER_DELIVERY_TIMEOUT_MS: '120000',
      MIGRATE_ON_START: 'false',
    });

    const first = await startGateway(env);
    replicas.push(first);
    const response = await fetch(`${first.baseUrl}/api/v1/orders`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({
        orderId: 'PO-KILLED',
        lines: [{ cartLineKey: cart.keys[0], quantity: '3', unitPrice: '5.99', currency: 'EUR' }],
      }),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await receiver.waitForRequests(1);
    expect(await first.stop('SIGKILL')).toBeNull();

    // Nothing was recorded of the try the process did not finish: the order still waits for delivery.
    const waiting = await fixtures.prisma.orderDelivery.findFirstOrThrow({ where: { orderId: id } });
    expect(waiting).toMatchObject({ status: 'queued', attempts: 0, deliveredAt: null });

    const second = await startGateway(env);
    replicas.push(second);
    await receiver.waitForRequests(2, 60_000);
    const deadline = Date.now() + 30_000;
    let delivered = waiting;
    while (delivered.status !== 'delivered' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      delivered = await fixtures.prisma.orderDelivery.findFirstOrThrow({ where: { orderId: id } });
    }
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(receiver.deliveries.map((d) => d.headers['idempotency-key'])).toEqual([
      waiting.idempotencyKey,
      waiting.idempotencyKey,
    ]);
    expect(receiver.accepted.get(waiting.idempotencyKey)).toBe(1);
    const events = await fixtures.prisma.auditEvent.count({
      where: { type: 'order.delivered', payload: { path: ['orderId'], equals: id } },
    });
    expect(events).toBe(1);
  });
});
