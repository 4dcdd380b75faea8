// Product details under buying guidance: generates N demo products (default 10000; pass a size,
// e.g. `npm run bench -- product 20000`), gives the organization 20 active guidance rules (every
// matcher), then requests product details rotating over all N product ids (so it is not one cached
// row). The gateway runs as its own process (`node dist/main.js`, as in production), so the load
// generator does not share its event loop. Reports req/s, p50 and p99 for product details and, for
// comparison, an authenticated request that stops at the id check (bearer lookup only) and /readyz
// (one database round trip, no auth). 16 connections, 10 s each after a 2 s warm-up.
'use strict';
/* global fetch */
const { spawn } = require('node:child_process');
const { createServer } = require('node:net');
const { join } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { startBenchDatabase, startBenchApp, benchToken, measure, report } = require('./support/bench-env');
const { benchRules } = require('./support/bench-fixtures');

const dist = (path) => require(join(__dirname, '../dist', path));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `node dist/main.js` on the bench database, listening on 127.0.0.1 only; resolves once ready. */
async function startGatewayProcess(databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, '../dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '10',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      // The per-user API limit is for production traffic; the benchmark measures the route itself.
      API_RATE_LIMIT_PER_USER: '0',
      API_RATE_LIMIT_PER_CLIENT: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { baseUrl, stop };
    await sleep(100);
  }
  await stop();
  throw new Error('gateway did not become ready within 30 s');
}

async function main(args) {
  const products = args.length > 0 ? Number(args[0]) : 10_000;
  if (!Number.isInteger(products) || products < 100 || products > 1_000_000)
    throw new Error(`bad size ${args[0]}`);
  const database = await startBenchDatabase();
  let gateway = await startBenchApp(database.url, { DATABASE_POOL_MAX: '10' });
  let server;
  try {
    const { CatalogService } = dist('catalog/catalog.service');
    const { demoProductId } = dist('catalog/demo/demo-catalog.generator');
    const { GuidanceRulesService } = dist('guidance/guidance-rules.service');
    const started = Date.now();
    await gateway.app.get(CatalogService).generateDemo({ products, seed: 1 });
    const generatorSeconds = (Date.now() - started) / 1000;

    const { organization, token } = await benchToken(gateway.prisma);
    const productId = (index) => demoProductId(1, index);
    const rules = gateway.app.get(GuidanceRulesService);
    for (const rule of benchRules(productId))
      await rules.create(organization.id, rule, 'bench', { label: 'bench' });
    const active = (await rules.activeRules(organization.id)).length;

    await gateway.close();
    gateway = undefined;
    server = await startGatewayProcess(database.url);

    const headers = { authorization: `Bearer ${token}` };
    const probe = await fetch(`${server.baseUrl}/api/v1/marketplace/product/${productId(7)}`, { headers });
    const body = await probe.json();
    if (probe.status !== 200 || body.offers.some((o) => !o.blocked)) {
      throw new Error(`probe: ${probe.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    const rotating = {
      url: server.baseUrl,
      headers,
      // Demo ids are demo-<seed>-<index in base 36> (demoProductId).
      rotate: { prefix: '/api/v1/marketplace/product/demo-1-', count: products, radix: 36 },
    };
    const run = { connections: 16, duration: 10 };
    await measure('warm-up', { ...rotating, connections: 4, duration: 2 });
    const rows = [
      await measure(`product details, ${active} rules, rotating ids`, { ...rotating, ...run }),
      await measure('bearer lookup only (400 malformed id)', {
        url: `${server.baseUrl}/api/v1/marketplace/product/not.an.id`,
        headers,
        ...run,
      }),
      await measure('/readyz (one round trip, no auth)', { url: `${server.baseUrl}/readyz`, ...run }),
    ];
    report(
      `Product details, ${products} demo products, ${active} active guidance rules, gateway in its own process, ` +
        `16 connections (generator: ${generatorSeconds.toFixed(1)} s)`,
      rows,
    );
  } finally {
    await gateway?.close();
    await server?.stop();
    await database.drop();
  }
}

module.exports = { main };
