// The cXML setup beside the REST punchout creation, in one run: POST /punchout/cxml with a
// PunchOutSetupRequest (XML parsed and checked, client and punchout secret, user, BrowserFormPost
// origin, payloadID remembered, session with its start link, cXML facts and audit event written,
// PunchOutSetupResponse built) and POST /api/v1/marketplace/product/{id}/punchout (bearer token, JSON,
// one statement). Every cXML request carries its own payloadID (a replay would be refused), and the
// answers are checked to be Status 200: cXML refusals are HTTP 200 too, so non-2xx alone proves
// nothing. Short on purpose (a shared 2-core machine): 500 demo products, 8 connections, 5 s per row.
// Usage: `npm run bench -- cxml-setup [products]`.
'use strict';
/* global fetch */
const { join } = require('node:path');
const { startBenchDatabase, startBenchApp, benchToken, measure, report } = require('./support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));
const RETURN = 'https://acme.coupahost.com/punchout/checkout/4';
const MARKER = '@@PAYLOAD@@';

function setupRequest(clientId, secret) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${MARKER}@bench.example" timestamp="2026-11-27T10:00:00+01:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>AN01000000001</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>gateway</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>${clientId}</Identity><SharedSecret>${secret}</SharedSecret></Credential>
      <UserAgent>Coupa Procurement 1.0</UserAgent></Sender>
  </Header>
  <Request deploymentMode="production">
    <PunchOutSetupRequest operation="create">
      <BuyerCookie>bench-cookie</BuyerCookie>
      <Extrinsic name="UserEmail">bench@example.com</Extrinsic>
      <Contact role="endUser"><Name xml:lang="en">Bench</Name><Email>bench@example.com</Email></Contact>
      <BrowserFormPost><URL>${RETURN}</URL></BrowserFormPost>
    </PunchOutSetupRequest>
  </Request>
</cXML>`;
}

async function main(args) {
  const products = args.length > 0 ? Number(args[0]) : 500;
  if (!Number.isInteger(products) || products < 100 || products > 1_000_000)
    throw new Error(`bad size ${args[0]}`);
  const database = await startBenchDatabase();
  const gateway = await startBenchApp(database.url, {
    DATABASE_POOL_MAX: '10',
    // Production limits are not what is measured here: the routes themselves are.
    API_RATE_LIMIT_PER_USER: '0',
    API_RATE_LIMIT_PER_CLIENT: '0',
    PUNCHOUT_PAGES_RATE_LIMIT_PER_ADDRESS: '0',
  });
  try {
    const { CatalogService } = dist('catalog/catalog.service');
    const { ClientsService } = dist('oauth/clients.service');
    await gateway.app.get(CatalogService).generateDemo({ products, seed: 1 });
    const { organization, token } = await benchToken(gateway.prisma);
    const { punchoutSecret } = await gateway.app
      .get(ClientsService)
      .setPunchoutSecret('bench-client', { label: 'bench' });
    const [{ id: productId }] = await gateway.prisma.$queryRawUnsafe(
      'SELECT id FROM product ORDER BY offer_count DESC, id LIMIT 1',
    );
    const template = setupRequest('bench-client', punchoutSecret);
    const probe = await (
      await fetch(`${gateway.baseUrl}/punchout/cxml`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: template.split(MARKER).join('probe'),
      })
    ).text();
    if (!probe.includes('<Status code="200"')) throw new Error(`cXML setup probe: ${probe}`);

    const rest = {
      url: `${gateway.baseUrl}/api/v1/marketplace/product/${productId}/punchout`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ callbackUrl: RETURN, name: 'Bench Buyer' }),
    };
    const cxml = {
      url: `${gateway.baseUrl}/punchout/cxml`,
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      rotateBody: { template, marker: MARKER },
    };
    const run = { connections: 8, duration: 5 };
    await measure('warm-up', { ...rest, connections: 4, duration: 1 });
    await measure('warm-up', { ...cxml, connections: 4, duration: 1 });
    const before = await gateway.prisma.punchoutSession.count({ where: { protocol: 'cxml' } });
    const restRow = await measure('REST: create a punchout session (201, start link)', { ...rest, ...run });
    const cxmlRow = await measure('cXML: PunchOutSetupRequest -> PunchOutSetupResponse (Status 200)', {
      ...cxml,
      ...run,
    });
    // Every measured cXML request must have opened a session: a refusal (also HTTP 200) would not.
    // (Requests still in flight when the measurement stops, at most one per connection, open one too.)
    const opened = (await gateway.prisma.punchoutSession.count({ where: { protocol: 'cxml' } })) - before;
    if (opened < cxmlRow.requests || opened > cxmlRow.requests + run.connections)
      throw new Error(`cXML: ${cxmlRow.requests} requests measured but ${opened} sessions created`);
    const ratio = Math.round((100 * cxmlRow['req/s']) / restRow['req/s']);
    report(
      `cXML setup beside REST punchout creation, ${products} demo products, ${run.connections} connections, ` +
        `${run.duration} s each (cXML sessions created: ${opened}, all Status 200; cXML at ${ratio}% of REST; ` +
        `organization ${organization.slug})`,
      [restRow, cxmlRow],
    );
  } finally {
    await gateway.close();
    await database.drop();
  }
}

module.exports = { main };
