// Search at demo-catalog scale: generates N demo products (default 100000; pass sizes, e.g.
// `npm run bench -- search 100000 1000000`), then measures a frequent term, a rare term and a term
// with two filters. Reports req/s, p50, p99 and the generator's time, 10 s per scenario, at each
// concurrency in BENCH_CONNECTIONS (default "2,8").
// BENCH_SEARCH_DATABASE_URL=<url of a database holding a generated demo catalog> skips generation
// (e.g. `DATABASE_URL=... npm run cli -- catalog demo --products 1000000` made once).
'use strict';
/* global fetch */
const { join } = require('node:path');
const { startBenchDatabase, startBenchApp, benchToken, measure, report } = require('./support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));

const SCENARIOS = [
  ['frequent term "cable"', 'query=cable'],
  ['rare term "Messkolben"', 'query=Messkolben'],
  ['"cable" + is_prime + price 0-10', 'query=cable&is_prime=true&price=0-10'],
];

const CONNECTIONS = (process.env.BENCH_CONNECTIONS || '2,8').split(',').map(Number);
// The per-user API limit is for production traffic; the benchmark measures search itself.
const APP_ENV = { DATABASE_POOL_MAX: '10', API_RATE_LIMIT_PER_USER: '0' };

async function benchExisting(url) {
  const gateway = await startBenchApp(url, APP_ENV);
  try {
    const products = await gateway.prisma.product.count();
    await runScenarios(gateway, `Search, ${products} demo products (pre-generated)`);
  } finally {
    await gateway.close();
  }
}

async function runScenarios(gateway, title) {
  const { token } = await benchToken(gateway.prisma);
  const headers = { authorization: `Bearer ${token}` };
  const rows = [];
  for (const [name, query] of SCENARIOS) {
    const url = `${gateway.baseUrl}/api/v1/marketplace/search?${query}`;
    const probe = await fetch(url, { headers });
    const body = await probe.json();
    if (probe.status !== 200) throw new Error(`${name}: ${probe.status} ${JSON.stringify(body)}`);
    await measure(`warm-up ${name}`, { url, headers, connections: 2, duration: 2 });
    for (const connections of CONNECTIONS) {
      const row = await measure(name, { url, headers, connections, duration: 10 });
      rows.push({
        ...row,
        connections,
        matches: `${body.count.relation === 'gte' ? '>=' : ''}${body.count.value}`,
      });
    }
  }
  report(title, rows);
}

async function benchSize(products) {
  const database = await startBenchDatabase();
  const gateway = await startBenchApp(database.url, APP_ENV);
  try {
    const { CatalogService } = dist('catalog/catalog.service');
    const started = Date.now();
    let last = 0;
    await gateway.app.get(CatalogService).generateDemo({
      products,
      seed: 1,
      onProgress: (done) => {
        if (done - last >= products / 10) {
          last = done;
          process.stderr.write(
            `  generated ${done}/${products} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
          );
        }
      },
    });
    const generatorSeconds = (Date.now() - started) / 1000;
    await runScenarios(
      gateway,
      `Search, ${products} demo products (generator: ${generatorSeconds.toFixed(1)} s)`,
    );
  } finally {
    await gateway.close();
    await database.drop();
  }
}

async function main(args) {
  if (process.env.BENCH_SEARCH_DATABASE_URL) return benchExisting(process.env.BENCH_SEARCH_DATABASE_URL);
  const sizes = args.length > 0 ? args.map(Number) : [100_000];
  for (const size of sizes) {
    if (!Number.isInteger(size) || size < 1 || size > 1_000_000) throw new Error(`bad size ${size}`);
    await benchSize(size);
  }
}

module.exports = { main };
