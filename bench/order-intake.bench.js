// Purchase order intake: POST /api/v1/orders (JSON) and POST /cxml/orders (cXML OrderRequest) with
// 10-line orders, each naming the lines of its own transferred cart by their keys (match, findings, the order, its lines, findings, outbox rows and
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
    PUNCHOUT_ENTRY_RATE_LIMIT_PER_CLIENT: '0',
    PUNCHOUT_PAGES_RATE_LIMIT_PER_ADDRESS: '0',
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
    const { ClientsService } = dist('oauth/clients.service');
    await gateway.app.get(CatalogService).generateDemo({ products: 500, seed: 1 });
    const { organization, token } = await benchToken(gateway.prisma);
    const user = await gateway.prisma.user.findFirstOrThrow({ where: { organizationId: organization.id } });
    const client = await gateway.prisma.oAuthClient.findFirstOrThrow({
      where: { organizationId: organization.id },
    });
    // Ten offers of five vendors, none blocked (the bench organization has no rules).
    const offers = await gateway.prisma.$queryRawUnsafe(
      `SELECT id, vendor, price::text AS price, currency, unit FROM offer WHERE currency = 'EUR' ORDER BY id LIMIT ${LINES}`,
    );
    const url = `http://127.0.0.1:${receiver.address().port}/orders`;
    // BENCH_ORDER_DELIVERY=off: the suppliers get no endpoint (orders wait as pending): intake alone.
    const delivering = process.env.BENCH_ORDER_DELIVERY !== 'off';
    for (const vendor of delivering ? new Set(offers.map((offer) => offer.vendor)) : []) {
      await gateway.app.get(OrderEndpointsService).set(vendor, url, 'json');
    }

    const { punchoutSecret } = await gateway.app
      .get(ClientsService)
      .setPunchoutSecret(client.clientId, { label: 'bench' });

    // Transferred carts, one per order to send (more than the run can send), for each door.
    const carts = Number(process.env.BENCH_ORDER_CARTS ?? 200 * duration);
    const bodies = [];
    const cxmlBodies = [];
    const now = new Date();
    for (let start = 0; start < 2 * carts; start += 500) {
      const sessions = [];
      const items = [];
      for (let c = start; c < Math.min(2 * carts, start + 500); c++) {
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
        // The first half of the carts is ordered as JSON, the second as cXML.
        if (c < carts) bodies.push(JSON.stringify({ orderId: `PO-${c}`, lines }));
        else cxmlBodies.push(orderRequest(client.clientId, punchoutSecret, `CX-${c}`, lines, offers));
      }
      await gateway.prisma.punchoutSession.createMany({ data: sessions });
      await gateway.prisma.cartItem.createMany({ data: items });
    }
    const bodiesFile = join(mkdtempSync(join(tmpdir(), 'order-bench-')), 'bodies.json');
    // The first bodies go to the warm-up and the probe; the measured run starts after them.
    writeFileSync(bodiesFile, JSON.stringify(bodies.slice(20)));
    const cxmlBodiesFile = join(mkdtempSync(join(tmpdir(), 'order-bench-')), 'cxml-bodies.json');
    writeFileSync(cxmlBodiesFile, JSON.stringify(cxmlBodies.slice(1)));

    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const probe = await fetch(`${gateway.baseUrl}/api/v1/orders`, {
      method: 'POST',
      headers,
      body: bodies[0],
    });
    const probed = await probe.json();
    if (probe.status !== 201 || probed.findings.length !== 0)
      throw new Error(`probe: ${probe.status} ${JSON.stringify(probed).slice(0, 300)}`);

    const cxmlProbe = await (
      await fetch(`${gateway.baseUrl}/cxml/orders`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: cxmlBodies[0],
      })
    ).text();
    if (!cxmlProbe.includes('findings: none.')) throw new Error(`cXML probe: ${cxmlProbe.slice(0, 400)}`);

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
    const cxmlBefore = await gateway.prisma.purchaseOrder.count({ where: { channel: 'cxml' } });
    const cxmlOrders = await measure(
      `cXML OrderRequest of ${LINES} lines, each matching its transferred cart`,
      {
        url: `${gateway.baseUrl}/cxml/orders`,
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8' },
        bodiesFile: cxmlBodiesFile,
        ...run,
      },
    );
    // Every cXML answer is an HTTP 200 (refusals too): what was stored says whether they were accepted.
    const cxmlStored =
      (await gateway.prisma.purchaseOrder.count({ where: { channel: 'cxml' } })) - cxmlBefore;
    const [cxmlAll, cxmlClean] = await Promise.all([
      gateway.prisma.purchaseOrder.count({ where: { channel: 'cxml' } }),
      gateway.prisma.purchaseOrder.count({ where: { channel: 'cxml', findings: { isEmpty: true } } }),
    ]);
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
        `${Math.round((100 * orders['req/s']) / created['req/s'])}% (JSON) and ` +
        `${Math.round((100 * cxmlOrders['req/s']) / created['req/s'])}% (cXML) of the punchout creation rate; ` +
        `${cxmlStored} cXML orders stored for ${cxmlOrders.requests} answered requests (${cxmlClean} of ${cxmlAll} ` +
        `with the probe without findings); ` +
        `outbox backlog 0 after ${drainSeconds.toFixed(1)} s (${stored} orders stored, ${delivered} deliveries ` +
        `delivered, ${received.count} received)`,
      [created, orders, cxmlOrders, readyz],
    );
  } finally {
    receiver.close();
    await gateway.close();
    await database.drop();
  }
}

/** A cXML OrderRequest as a buyer's system sends it, each line echoing its cart line key. */
function orderRequest(clientId, secret, orderId, lines, offers) {
  const items = lines
    .map(
      (line, i) =>
        `<ItemOut quantity="${line.quantity}" lineNumber="${i + 1}"><ItemID><SupplierPartID>P-${i}</SupplierPartID>` +
        `<SupplierPartAuxiliaryID>${line.cartLineKey}</SupplierPartAuxiliaryID></ItemID><ItemDetail><UnitPrice>` +
        `<Money currency="${line.currency}">${line.unitPrice}</Money></UnitPrice><Description xml:lang="en">Line ${i + 1}</Description>` +
        `<UnitOfMeasure>${offers[i].unit ?? 'EA'}</UnitOfMeasure><Classification domain="UNSPSC">44121701</Classification></ItemDetail></ItemOut>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">
<cXML payloadID="${orderId}.${randomBytes(6).toString('hex')}@buyer.example" timestamp="2026-11-29T10:00:00+00:00" xml:lang="en">
<Header><From><Credential domain="NetworkID"><Identity>AN01</Identity></Credential></From>
<To><Credential domain="NetworkID"><Identity>gateway</Identity></Credential></To>
<Sender><Credential domain="NetworkID"><Identity>${clientId}</Identity><SharedSecret>${secret}</SharedSecret></Credential>
<UserAgent>Bench Procurement</UserAgent></Sender></Header>
<Request deploymentMode="production"><OrderRequest><OrderRequestHeader orderID="${orderId}" orderDate="2026-11-29T10:00:00+00:00" type="new">
<Total><Money currency="EUR">0</Money></Total><BillTo><Address addressID="HQ"><Name xml:lang="en">Bench</Name></Address></BillTo>
</OrderRequestHeader>${items}</OrderRequest></Request></cXML>`;
}

module.exports = { main };
