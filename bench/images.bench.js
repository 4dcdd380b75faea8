// Product pictures: the placeholder (one SVG per size, rendered once) and the drawn pictures (rendered
// per URL and kept in a bounded cache) beside the liveness probe as the plain baseline. The limit per
// address is off (0): all requests come from one address.
'use strict';
/* global fetch */
const { startBenchDatabase, startBenchApp, measure, report } = require('./support/bench-env');

const DRAWN = '/images/drawn/office-chair/2b2d31/angled/medium.svg?brand=';

async function main() {
  const database = await startBenchDatabase();
  const gateway = await startBenchApp(database.url, { IMAGES_RATE_LIMIT_PER_ADDRESS: '0' });
  try {
    const base = gateway.baseUrl;
    const first = await fetch(`${base}${DRAWN}Steelcase`);
    const etag = first.headers.get('etag');
    await first.arrayBuffer();
    const rows = [];
    rows.push(await measure('baseline: GET /healthz', { url: `${base}/healthz` }));
    rows.push(await measure('placeholder, one URL', { url: `${base}/images/products/demo-1-1/medium.svg` }));
    rows.push(await measure('drawn, one URL (cached)', { url: `${base}${DRAWN}Steelcase` }));
    // 100,000 brands in turn: far more than the cache holds, so nearly every request renders.
    rows.push(
      await measure('drawn, a new brand each request (rendered)', {
        url: base,
        rotate: { prefix: `${DRAWN}Brand`, count: 100_000, radix: 36 },
      }),
    );
    rows.push(
      await measure('drawn, If-None-Match (304)', {
        url: `${base}${DRAWN}Steelcase`,
        headers: { 'if-none-match': etag },
      }),
    );
    report('Product pictures (16 connections, 10 s each)', rows);
  } finally {
    await gateway.close();
    await database.drop();
  }
}

module.exports = { main };
