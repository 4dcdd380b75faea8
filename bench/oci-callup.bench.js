// The OCI call-up beside the REST punchout, in one run: session creation through the REST entry
// (POST /api/v1/marketplace/product/{id}/punchout, bearer token, answers the start link) and through
// the call-up (GET /punchout/oci with USERNAME/PASSWORD/EMAIL/HOOK_URL/PRODUCTID: client and user
// looked up, punchout secret compared, session OPENED with two audit events, 303 into the shop), and
// BACKGROUND_SEARCH (the API search for a word, pages of 24 up to 50 products, their offers read, the
// OCI form rendered). Short on purpose (a shared 2-core machine): 500 demo products, 8 connections,
// 5 s per row after a 1 s warm-up. Usage: `npm run bench -- oci-callup [products]`.
'use strict';
/* global fetch, URLSearchParams */
const { join } = require('node:path');
const { startBenchDatabase, startBenchApp, benchToken, measure, report } = require('./support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));
const HOOK = 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?sap-client=100';
const WORDS = ['kabel', 'cable', 'papier', 'paper', 'stift', 'pen', 'tastatur', 'keyboard'];

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
    SEARCH_CACHE_MAX_ENTRIES: '0',
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

    const callup = (params) =>
      `${gateway.baseUrl}/punchout/oci?${new URLSearchParams({
        USERNAME: 'bench-client',
        PASSWORD: punchoutSecret,
        EMAIL: 'bench@example.com',
        HOOK_URL: HOOK,
        '~OkCode': 'ADDI',
        '~TARGET': '_top',
        '~CALLER': 'CTLG',
        ...params,
      })}`;
    // A word of the demo catalog with at least two pages of hits (the background search reads up to three).
    let word;
    let lines = 0;
    for (const candidate of WORDS) {
      const html = await (
        await fetch(callup({ FUNCTION: 'BACKGROUND_SEARCH', SEARCHSTRING: candidate }))
      ).text();
      lines = (html.match(/NEW_ITEM-DESCRIPTION\[/g) ?? []).length;
      if (lines >= 24) {
        word = candidate;
        break;
      }
    }
    if (!word) throw new Error('no demo word with 24 hits');
    const probe = await fetch(callup({ PRODUCTID: productId }), { redirect: 'manual' });
    if (probe.status !== 303) throw new Error(`call-up probe: ${probe.status}`);

    const rest = {
      url: `${gateway.baseUrl}/api/v1/marketplace/product/${productId}/punchout`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ callbackUrl: HOOK, name: 'Bench Buyer' }),
    };
    const run = { connections: 8, duration: 5 };
    await measure('warm-up', { ...rest, connections: 4, duration: 1 });
    await measure('warm-up', { url: callup({ PRODUCTID: productId }), connections: 4, duration: 1 });
    const rows = [
      await measure('REST: create a punchout session (201, start link)', { ...rest, ...run }),
      await measure('OCI call-up: create and open a session (303 into the shop)', {
        url: callup({ PRODUCTID: productId }),
        ...run,
      }),
      await measure(`OCI BACKGROUND_SEARCH "${word}" (${lines} lines, HTML form)`, {
        url: callup({ FUNCTION: 'BACKGROUND_SEARCH', SEARCHSTRING: word }),
        ...run,
      }),
    ];
    const sessions = await gateway.prisma.punchoutSession.groupBy({ by: ['protocol'], _count: true });
    report(
      `OCI call-up beside REST punchout, ${products} demo products, ${run.connections} connections, ${run.duration} s each ` +
        `(sessions written: ${sessions.map((s) => `${s.protocol} ${s._count}`).join(', ')}; organization ${organization.slug})`,
      rows,
    );
  } finally {
    await gateway.close();
    await database.drop();
  }
}

module.exports = { main };
