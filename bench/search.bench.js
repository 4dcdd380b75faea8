// Search at demo-catalog scale: generates N demo products (default 100000; pass sizes, e.g.
// `npm run bench -- search 100000 1000000`), then measures a frequent term, a rare term and a term
// with two filters. Reports req/s, p50, p99 and the generator's time. 8 connections, 10 s each.
'use strict';
/* global fetch */
const { join } = require('node:path');
const { startBenchDatabase, startBenchApp, measure, report } = require('./support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));

async function tokenFor(prisma) {
  const { generateSecret, sha256 } = dist('common/crypto/secrets');
  const organization = await prisma.organization.create({ data: { slug: 'bench', name: 'Bench' } });
  const client = await prisma.oAuthClient.create({
    data: {
      organizationId: organization.id,
      clientId: 'bench-client',
      secretHash: sha256(generateSecret('x_')),
    },
  });
  const user = await prisma.user.create({
    data: { organizationId: organization.id, email: 'bench@example.com' },
  });
  const token = generateSecret('mpgt_');
  await prisma.accessToken.create({
    data: {
      tokenHash: sha256(token),
      organizationId: organization.id,
      userId: user.id,
      clientId: client.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return token;
}

const SCENARIOS = [
  ['frequent term "cable"', 'query=cable'],
  ['rare term "Messkolben"', 'query=Messkolben'],
  ['"cable" + is_prime + price 0-10', 'query=cable&is_prime=true&price=0-10'],
];

async function benchSize(products) {
  const database = await startBenchDatabase();
  const gateway = await startBenchApp(database.url, { DATABASE_POOL_MAX: '10' });
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
    const headers = { authorization: `Bearer ${await tokenFor(gateway.prisma)}` };
    const rows = [];
    for (const [name, query] of SCENARIOS) {
      const url = `${gateway.baseUrl}/api/v1/marketplace/search?${query}`;
      const probe = await fetch(url, { headers });
      const body = await probe.json();
      if (probe.status !== 200) throw new Error(`${name}: ${probe.status} ${JSON.stringify(body)}`);
      await measure(`warm-up ${name}`, { url, headers, connections: 4, duration: 2 });
      const row = await measure(name, { url, headers, connections: 8, duration: 10 });
      rows.push({ ...row, matches: `${body.count.relation === 'gte' ? '>=' : ''}${body.count.value}` });
    }
    report(`Search, ${products} demo products (generator: ${generatorSeconds.toFixed(1)} s)`, rows);
  } finally {
    await gateway.close();
    await database.drop();
  }
}

async function main(args) {
  const sizes = args.length > 0 ? args.map(Number) : [100_000];
  for (const size of sizes) {
    if (!Number.isInteger(size) || size < 1 || size > 1_000_000) throw new Error(`bad size ${size}`);
    await benchSize(size);
  }
}

module.exports = { main };
