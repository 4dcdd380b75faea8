// The shop's pages beside their API twins, in one run: the search page
// (GET /punchout/s/{key}/search?query=...) beside GET /api/v1/marketplace/search for the same words,
// and the product page (GET /punchout/s/{key}/product/{id}) beside GET /api/v1/marketplace/product/{id}
// for the same products. Every request is a different query or product (the search result cache is
// off, as for buyers who rarely repeat themselves); the page does what the API does plus rendering the
// HTML (facets as filter links, the cart count, the session check). Limits that would throttle one
// bench user are off: the routes themselves are measured. Short on purpose (a shared 2-core machine):
// 2,000 demo products, 8 connections, 5 s per row after a warm-up.
// Usage: `npm run bench -- shop-pages [products]`.
'use strict';
/* global fetch, URLSearchParams */
const os = require('node:os');
const { join } = require('node:path');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { startBenchDatabase, startBenchApp, benchToken, measure, report } = require('./support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));
const HOOK = 'https://srm.example.com/hook';
/** How many distinct queries and products each row cycles through. */
const DISTINCT = 400;

async function main(args) {
  const products = args.length > 0 ? Number(args[0]) : 2000;
  if (!Number.isInteger(products) || products < 500 || products > 1_000_000)
    throw new Error(`bad size ${args[0]}`);
  const database = await startBenchDatabase();
  const env = {
    DATABASE_POOL_MAX: '10',
    API_RATE_LIMIT_PER_USER: '0',
    API_RATE_LIMIT_PER_CLIENT: '0',
    PUNCHOUT_PAGES_RATE_LIMIT_PER_ADDRESS: '0',
    PUNCHOUT_PAGES_RATE_LIMIT_PER_SESSION: '0',
    SEARCH_CONCURRENT_PER_USER: '0',
    SEARCH_CACHE_MAX_ENTRIES: '0',
  };
  const gateway = await startBenchApp(database.url, env);
  let uncached;
  const dir = mkdtempSync(join(os.tmpdir(), 'gateway-shop-pages-'));
  try {
    const { CatalogService } = dist('catalog/catalog.service');
    const { ClientsService } = dist('oauth/clients.service');
    await gateway.app.get(CatalogService).generateDemo({ products, seed: 1 });
    const { token } = await benchToken(gateway.prisma);
    const { punchoutSecret } = await gateway.app
      .get(ClientsService)
      .setPunchoutSecret('bench-client', { label: 'bench' });

    // One open session, as SAP opens it: the page rows all use its key.
    const opened = await fetch(
      `${gateway.baseUrl}/punchout/oci?${new URLSearchParams({
        USERNAME: 'bench-client',
        PASSWORD: punchoutSecret,
        EMAIL: 'bench@example.com',
        HOOK_URL: HOOK,
      })}`,
      { redirect: 'manual' },
    );
    const key = /\/punchout\/s\/(psk_[^/?]+)/.exec(opened.headers.get('location') ?? '')?.[1];
    if (opened.status !== 303 || !key) throw new Error(`call-up: ${opened.status}`);

    // Distinct queries from the catalog's own names (first two words, deterministic order), and
    // distinct products; the same lists, in the same order, for the page and its API twin.
    const rows = await gateway.prisma.$queryRawUnsafe(
      `SELECT id, name FROM product ORDER BY md5(id) LIMIT ${DISTINCT * 2}`,
    );
    const queries = [
      ...new Set(
        rows.map((r) =>
          r.name
            .split(/[\s,]+/)
            .filter((w) => /^\p{L}{3,}$/u.test(w))
            .slice(0, 2)
            .join(' '),
        ),
      ),
    ]
      .filter(Boolean)
      .slice(0, DISTINCT);
    const ids = rows.slice(0, DISTINCT).map((r) => r.id);
    const files = {};
    const write = (name, paths) => {
      files[name] = join(dir, `${name}.json`);
      writeFileSync(files[name], JSON.stringify(paths));
    };
    const q = (words) => new URLSearchParams({ query: words }).toString();
    write(
      'apiSearch',
      queries.map((words) => `/api/v1/marketplace/search?${q(words)}`),
    );
    write(
      'pageSearch',
      queries.map((words) => `/punchout/s/${key}/search?${q(words)}`),
    );
    write(
      'apiProduct',
      ids.map((id) => `/api/v1/marketplace/product/${encodeURIComponent(id)}`),
    );
    write(
      'pageProduct',
      ids.map((id) => `/punchout/s/${key}/product/${encodeURIComponent(id)}`),
    );

    const api = { headers: { authorization: `Bearer ${token}` } };
    const run = { url: gateway.baseUrl, connections: 8, duration: 5 };
    for (const file of Object.values(files)) {
      await measure('warm-up', { ...run, ...api, pathsFile: file, connections: 4, duration: 1 });
    }
    const results = [
      await measure(`API search, ${queries.length} distinct queries`, {
        ...run,
        ...api,
        pathsFile: files.apiSearch,
      }),
      await measure(`search page, the same queries`, { ...run, pathsFile: files.pageSearch }),
      await measure(`API product details, ${ids.length} products`, {
        ...run,
        ...api,
        pathsFile: files.apiProduct,
      }),
      await measure(`product page, the same products`, { ...run, pathsFile: files.pageProduct }),
    ];
    // The same pair with the product cache off (as the search rows run with the search cache off):
    // a second gateway on the same database, so the session key and token stay valid.
    uncached = await startBenchApp(database.url, { ...env, PRODUCT_CACHE_MAX_ENTRIES: '0' });
    const runUncached = { ...run, url: uncached.baseUrl };
    await measure('warm-up', { ...runUncached, pathsFile: files.pageProduct, connections: 4, duration: 1 });
    results.push(
      await measure(`API product details, product cache off`, {
        ...runUncached,
        ...api,
        pathsFile: files.apiProduct,
      }),
      await measure(`product page, product cache off`, { ...runUncached, pathsFile: files.pageProduct }),
    );
    const share = (page, twin) => `${Math.round((100 * page['req/s']) / twin['req/s'])}%`;
    report(
      `Shop pages beside their API twins, ${products} demo products, ${run.connections} connections, ` +
        `${run.duration} s each, search cache off (search page ${share(results[1], results[0])} of the API's ` +
        `throughput, product page ${share(results[3], results[2])}; with the product cache off on both, ` +
        `${share(results[5], results[4])})`,
      results,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await uncached?.close();
    await gateway.close();
    await database.drop();
  }
}

module.exports = { main };
