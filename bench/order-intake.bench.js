// Purchase order intake: POST /api/v1/orders with 10-line orders, each naming the lines of its own
// transferred cart by their keys (match, findings, the order, its lines, findings, outbox rows and
// the order.received audit event in one transaction), at 8 connections, beside punchout session
// creation (POST .../punchout) at 8 connections and /readyz in the same run. The outbox is delivered
// to a local receiver while the orders come in; after the load the time until the backlog (queued
// deliveries) is back to 0 is measured. Usage: `npm run bench -- order-intake [seconds]` (default 10).
'use strict';
/* global fetch */
const { randomBytes, randomUUID } = require('node:crypto');
const { setTimeout } = require('node:timers/promises');
const { createServer } = require('node:http');
const { mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { startBenchDatabase, startBenchApp, benchToken, measure, report } = require('./support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));
const CONNECTIONS = 8;
const LINES = 10;

async function main(args) {
  const duration = args.length > 0 ? Number(args[0]) : 10;
  const database = await startBenchDatabase();
  const gateway = await startBenchApp(database.url, {
    DATABASE_POOL_MAX: '10',
    API_RATE_LIMIT_PER_USER: '0',
    API_RATE_LIMIT_PER_CLIENT: '0',
    ORDER_DELIVERY_POLL_MS: '200',
  });
  const received = { count: 0 };
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.count += 1;
      response.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const { CatalogService } = dist('catalog/catalog.service');
    const { OrderEndpointsService } = dist('orders/order-endpoints.service');
    const { cartLineKey, newCartKey } = dist('common/cart-line-key');
    await gateway.app.get(CatalogService).generateDemo({ products: 500, seed: 1 });
    const { organization, token } = await benchToken(gateway.prisma);
    const user = await gateway.prisma.user.findFirstOrThrow({ where: { organizationId: organization.id } });
    const client = await gateway.prisma.oAuthClient.findFirstOrThrow({
      where: { organizationId: organization.id },
    });
    // Ten offers of five vendors, none blocked (the bench organization has no rules).
    const offers = await gateway.prisma.$queryRawUnsafe(
      `SELECT id, vendor, price::text AS price, currency FROM offer WHERE currency = 'EUR' ORDER BY id LIMIT ${LINES}`,
    );
    const url = `http://127.0.0.1:${receiver.address().port}/orders`;
    // BENCH_ORDER_DELIVERY=off: the suppliers get no endpoint (orders wait as pending): intake alone.
    const delivering = process.env.BENCH_ORDER_DELIVERY !== 'off';
    for (const vendor of delivering ? new Set(offers.map((offer) => offer.vendor)) : []) {
      await gateway.app.get(OrderEndpointsService).set(vendor, url, 'json');
    }

    // Transferred carts, one per order to send (more than the run can send).
    const carts = Number(process.env.BENCH_ORDER_CARTS ?? 200 * duration);
    const bodies = [];
    const now = new Date();
    for (let start = 0; start < carts; start += 500) {
      const sessions = [];
      const items = [];
      for (let c = start; c < Math.min(carts, start + 500); c++) {
        const id = randomUUID();
        const cart = newCartKey();
        sessions.push({
          id,
          publicId: `po_${randomBytes(6).toString('hex')}`,
          csrfToken: 'x',
          organizationId: organization.id,
          userId: user.id,
          clientId: client.id,
          callbackUrl: 'https://srm.example.com/hook',
          status: 'TRANSFERRED',
          closedAt: now,
          expiresAt: now,
        });
        const lines = offers.map((offer, i) => {
          items.push({
            sessionId: id,
            offerId: offer.id,
            label: offer.id,
            quantity: 2,
            unitPrice: offer.price,
            currency: 'EUR',
            lineNet: String(Number(offer.price) * 2),
            vendor: offer.vendor,
            orderKey: cartLineKey(cart, i + 1),
          });
          return {
            cartLineKey: cartLineKey(cart, i + 1),
            quantity: '2',
            unitPrice: offer.price,
            currency: 'EUR',
          };
        });
        bodies.push(JSON.stringify({ orderId: `PO-${c}`, lines }));
      }
      await gateway.prisma.punchoutSession.createMany({ data: sessions });
      await gateway.prisma.cartItem.createMany({ data: items });
    }
    const bodiesFile = join(mkdtempSync(join(tmpdir(), 'order-bench-')), 'bodies.json');
    // The first bodies go to the warm-up and the probe; the measured run starts after them.
    writeFileSync(bodiesFile, JSON.stringify(bodies.slice(20)));

    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const probe = await fetch(`${gateway.baseUrl}/api/v1/orders`, {
      method: 'POST',
      headers,
      body: bodies[0],
    });
    const probed = await probe.json();
    if (probe.status !== 201 || probed.findings.length !== 0)
      throw new Error(`probe: ${probe.status} ${JSON.stringify(probed).slice(0, 300)}`);

    const [{ id: productId }] = await gateway.prisma.$queryRawUnsafe(
      'SELECT id FROM product ORDER BY id LIMIT 1',
    );
    const punchout = {
      url: `${gateway.baseUrl}/api/v1/marketplace/product/${productId}/punchout`,
      method: 'POST',
      headers,
      body: JSON.stringify({
        callbackUrl: 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?~OkCode=ADDI',
      }),
    };
    await measure('warm-up', { ...punchout, connections: 4, duration: 2 });
    const run = { connections: CONNECTIONS, duration };
    const created = await measure('create punchout session (+ audit event)', { ...punchout, ...run });
    const orders = await measure(`JSON order of ${LINES} lines, each matching its transferred cart`, {
      url: `${gateway.baseUrl}/api/v1/orders`,
      method: 'POST',
      headers,
      bodiesFile,
      ...run,
    });
    const loadEnded = Date.now();
    let backlog = Infinity;
    while (backlog > 0 && Date.now() - loadEnded < 60_000) {
      backlog = await gateway.prisma.orderDelivery.count({ where: { status: 'queued' } });
      if (backlog > 0) await setTimeout(100);
    }
    const drainSeconds = (Date.now() - loadEnded) / 1000;
    const readyz = await measure('/readyz (baseline, same process)', {
      url: `${gateway.baseUrl}/readyz`,
      ...run,
    });
    const stored = await gateway.prisma.purchaseOrder.count();
    const delivered = await gateway.prisma.orderDelivery.count({ where: { status: 'delivered' } });
    report(
      `Order intake, ${LINES}-line orders at ${CONNECTIONS} connections, ${duration} s each: orders at ` +
        `${Math.round((100 * orders['req/s']) / created['req/s'])}% of the punchout creation rate; ` +
        `outbox backlog 0 after ${drainSeconds.toFixed(1)} s (${stored} orders stored, ${delivered} deliveries ` +
        `delivered, ${received.count} received)`,
      [created, orders, readyz],
    );
  } finally {
    receiver.close();
    await gateway.close();
    await database.drop();
  }
}

module.exports = { main };
