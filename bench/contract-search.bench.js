// Search with contract catalogs: an organization WITHOUT contract offers before and after the
// contract views (BENCH_CONTRACT_BEFORE, default 7cf0929, the last main before them, built from
// `git archive` in a temporary directory), and, in the same run on the current build, an organization
// WITH a contract catalog of BENCH_CONTRACT_ITEMS items (default 3000: contract offers of the products'
// own suppliers at 90% of their price, so each replaces a marketplace offer) against the same queries
// for an organization without one. `npm run bench -- contract-search [products]` (default 20000).
'use strict';
/* global fetch, setTimeout */
const { execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, symlinkSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const SCENARIOS = [
  ['frequent term "cable"', 'query=cable'],
  ['compound part "papier"', 'query=papier'],
  ['"cable" + price 0-10', 'query=cable&price=0-10'],
  ['"cable" sorted by price', 'query=cable&sort=price-asc'],
];
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 2);
const DURATION = Number(process.env.BENCH_DURATION || 10);
// The search result cache is off: every request runs the search's SQL (what the contract view changes).
const APP_ENV = {
  DATABASE_POOL_MAX: '10',
  API_RATE_LIMIT_PER_USER: '0',
  API_RATE_LIMIT_PER_CLIENT: '0',
  SEARCH_CACHE_MAX_ENTRIES: '0',
};

function side(root, label) {
  return {
    label,
    env: require(join(root, 'bench/support/bench-env')),
    dist: (path) => require(join(root, 'dist', path)),
  };
}

function buildBefore(ref) {
  const sha = execFileSync('git', ['rev-parse', ref], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `gateway-contract-before-${sha.slice(0, 12)}`);
  if (!existsSync(join(dir, 'dist/main.js'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C '${dir}'`], { cwd: ROOT });
    if (!existsSync(join(dir, 'node_modules')))
      symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    execFileSync('node', ['scripts/prisma-generate.js'], { cwd: dir, stdio: 'ignore' });
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: 'ignore' });
  }
  return side(dir, `before (${ref} ${sha.slice(0, 8)})`);
}

/**
 * A contract catalog for organization `organizationId`: `items` products (every k-th by id, so spread
 * over categories) get a contract offer from the supplier of their first marketplace offer, at 90% of
 * its price; the offer columns are refreshed and the catalog version bumped, as an import does.
 */
async function contractCatalog(prisma, organizationId, items) {
  const products = await prisma.$queryRawUnsafe(
    `SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n, count(*) OVER () AS total FROM product) p
      WHERE n % greatest(total / $1, 1) = 0 LIMIT $1`,
    items,
  );
  const ids = products.map((row) => row.id);
  await prisma.$executeRawUnsafe(
    `INSERT INTO offer (id, product_id, supplier_id, vendor, organization_id, vendor_sku, price, currency,
                        quantity_tiers, condition, delivery_days, availability, is_prime, vat_rate, unit, updated_at)
     SELECT DISTINCT ON (o.product_id) 'c' || o.id, o.product_id, o.supplier_id, o.vendor, $2::uuid,
            'K-' || o.id, round(o.price * 0.9, 2), o.currency, '[]', o.condition, o.delivery_days,
            o.availability, o.is_prime, o.vat_rate, o.unit, now()
       FROM offer o WHERE o.product_id = ANY($1) AND o.organization_id IS NULL
      ORDER BY o.product_id, o.id`,
    ids,
    organizationId,
  );
  for (let i = 0; i < ids.length; i += 5000)
    await prisma.$executeRawUnsafe('SELECT catalog_refresh_products($1)', ids.slice(i, i + 5000));
  await prisma.$executeRawUnsafe('UPDATE catalog_version SET version = version + 1');
  const [row] = await prisma.$queryRawUnsafe(
    'SELECT count(*)::int AS offers FROM offer WHERE organization_id = $1::uuid',
    organizationId,
  );
  return row.offers;
}

/** The bench token, tried again when a loaded machine makes Prisma's transaction wait too long. */
async function tokenOf(env, prisma, slug) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await env.benchToken(prisma, slug);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

async function runScenarios(gateway, env, label, slug, rows) {
  const { token } = await tokenOf(env, gateway.prisma, slug);
  const headers = { authorization: `Bearer ${token}` };
  for (const [name, query] of SCENARIOS) {
    const url = `${gateway.baseUrl}/api/v1/marketplace/search?${query}`;
    const probe = await fetch(url, { headers });
    const body = await probe.json();
    if (probe.status !== 200) throw new Error(`${name}: ${probe.status} ${JSON.stringify(body)}`);
    await env.measure(`warm-up ${name}`, { url, headers, connections: CONNECTIONS, duration: 2 });
    const row = await env.measure(name, { url, headers, connections: CONNECTIONS, duration: DURATION });
    rows.push({
      side: label,
      ...row,
      matches: `${body.count.relation === 'gte' ? '>=' : ''}${body.count.value}`,
    });
  }
}

async function benchSide(version, products, items, rows) {
  const { env, dist } = version;
  const database = await env.startBenchDatabase();
  const gateway = await env.startBenchApp(database.url, APP_ENV);
  try {
    const { CatalogService } = dist('catalog/catalog.service');
    const started = Date.now();
    await gateway.app.get(CatalogService).generateDemo({ products, seed: 1 });
    process.stderr.write(
      `  ${version.label}: ${products} products in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
    );
    if (items === 0)
      return await runScenarios(gateway, env, `${version.label}, no contract offers`, 'bench', rows);
    const { organization } = await tokenOf(env, gateway.prisma, 'bench-contract');
    await runScenarios(gateway, env, `${version.label}, no contract offers`, 'bench', rows);
    const offers = await contractCatalog(gateway.prisma, organization.id, items);
    await runScenarios(
      gateway,
      env,
      `${version.label}, contract catalog of ${offers}`,
      'bench-contract',
      rows,
    );
    // Once more without, now that another organization has a contract catalog.
    await runScenarios(gateway, env, `${version.label}, no contract offers (again)`, 'bench', rows);
  } finally {
    await gateway.close();
    await database.drop();
  }
}

async function main(args) {
  const products = Number(args[0] || 20_000);
  const items = Number(process.env.BENCH_CONTRACT_ITEMS || 3000);
  const before = buildBefore(process.env.BENCH_CONTRACT_BEFORE || '7cf0929');
  const rows = [];
  await benchSide(before, products, 0, rows);
  await benchSide(side(ROOT, 'after'), products, items, rows);
  side(ROOT, 'after').env.report(
    `Search with contract catalogs, ${products} demo products, ${CONNECTIONS} connections, ${DURATION} s each`,
    rows,
  );
}

module.exports = { main };
