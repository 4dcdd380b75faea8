// One client floods the cXML setup (unique payloadIDs, 24 source addresses) while another
// organization searches: that organization's search alone, then beside the flood, with the protocol
// entries' per-client limit off (PUNCHOUT_ENTRY_RATE_LIMIT_PER_CLIENT=0, as before it existed) and at
// its default (600 a minute). Short on purpose (a shared 2-core machine): 500 demo products, the
// search alone 5 s, beside the flood 20 s. Usage: `npm run bench -- entry-flood`.
'use strict';
const { join } = require('node:path');
const { startBenchDatabase, startBenchApp, benchToken, measure, report } = require('./support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));
const MARKER = '@@PAYLOAD@@';
const HOOK = 'https://srm.example.com/cxml/return';

const setup = (clientId, secret) => `<?xml version="1.0" encoding="UTF-8"?>
<cXML payloadID="${MARKER}@flood" timestamp="2026-11-29T10:00:00+01:00" xml:lang="en">
  <Header><From><Credential domain="NetworkID"><Identity>AN01</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>gateway</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>${clientId}</Identity><SharedSecret>${secret}</SharedSecret></Credential>
      <UserAgent>Flood</UserAgent></Sender></Header>
  <Request><PunchOutSetupRequest operation="create"><BuyerCookie>c</BuyerCookie>
    <Extrinsic name="UserEmail">buyer@flood.example</Extrinsic>
    <BrowserFormPost><URL>${HOOK}</URL></BrowserFormPost></PunchOutSetupRequest></Request>
</cXML>`;

async function run(limit, rows) {
  const database = await startBenchDatabase();
  const gateway = await startBenchApp(database.url, {
    DATABASE_POOL_MAX: '10',
    TRUST_PROXY: 'true',
    API_RATE_LIMIT_PER_USER: '0',
    API_RATE_LIMIT_PER_CLIENT: '0',
    SEARCH_CACHE_MAX_ENTRIES: '0',
    PUNCHOUT_ENTRY_RATE_LIMIT_PER_CLIENT: limit,
  });
  try {
    const { CatalogService } = dist('catalog/catalog.service');
    const { ClientsService } = dist('oauth/clients.service');
    await gateway.app.get(CatalogService).generateDemo({ products: 500, seed: 1 });
    const { token } = await benchToken(gateway.prisma);
    await benchToken(gateway.prisma, 'flood', 'buyer@flood.example');
    const { punchoutSecret } = await gateway.app
      .get(ClientsService)
      .setPunchoutSecret('flood-client', { label: 'bench' });
    const search = {
      url: `${gateway.baseUrl}/api/v1/marketplace/search?query=kabel`,
      headers: { authorization: `Bearer ${token}` },
      connections: 4,
      duration: 5,
    };
    const flood = {
      url: `${gateway.baseUrl}/punchout/cxml`,
      method: 'POST',
      connections: 16,
      duration: 5,
      rotateBody: { template: setup('flood-client', punchoutSecret), marker: MARKER },
      rotateHeaders: Array.from({ length: 24 }, (_, i) => ({
        'content-type': 'text/xml',
        'x-forwarded-for': `198.51.100.${i + 1}`,
      })),
    };
    const label = limit === '0' ? 'limit off' : `limit ${limit}/min`;
    await measure('warm-up', { ...search, duration: 1 });
    rows.push(await measure(`${label}: other organization's search, alone`, search));
    // 20 s beside the flood: the limit counts per minute, so a flood spends it in its first seconds.
    const [searched, flooded] = await Promise.all([
      measure(`${label}: other organization's search, beside the flood`, { ...search, duration: 20 }),
      measure(`${label}: the flood (cXML setups of one client, 24 addresses)`, { ...flood, duration: 20 }),
    ]);
    const sessions = await gateway.prisma.punchoutSession.count();
    rows.push(searched, { ...flooded, name: `${flooded.name}: ${sessions} sessions opened` });
  } finally {
    await gateway.close();
    await database.drop();
  }
}

async function main() {
  const rows = [];
  await run('0', rows);
  await run('600', rows);
  report(
    'cXML setup flood beside another organization, 500 demo products (alone 5 s, beside the flood 20 s)',
    rows,
  );
}

module.exports = { main };
