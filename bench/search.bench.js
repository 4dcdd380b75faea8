// Search at demo-catalog scale: generates N demo products (default 100000; pass sizes, e.g.
// `npm run bench -- search 100000 1000000`), then measures a frequent term, a rare term and a term
// with two filters. Reports req/s, p50, p99 and the generator's time, 10 s per scenario, at each
// concurrency in BENCH_CONNECTIONS (default "2,8").
// BENCH_SEARCH_DATABASE_URL=<url of a database holding a generated demo catalog> skips generation
// (e.g. `DATABASE_URL=... npm run cli -- catalog demo --products 1000000` made once).
// BENCH_SEARCH_BEFORE=<git ref> (e.g. main) measures that version first in the same run (built from
// `git archive` in a temporary directory, its own database and generator), then this one, and
// prints both with the size of the product table and its search indexes.
'use strict';
/* global fetch */
const { execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, symlinkSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');

// [name, query string, organization]: `bench` has no guidance rules; `bench-rules` has the demo
// organization's rules (vendor, category, condition and price rules), which make search read offers
// for the shown price, the price filter and the price facet.
const SCENARIOS = [
  ['frequent term "cable"', 'query=cable', 'bench'],
  ['rare term "Messkolben"', 'query=Messkolben', 'bench'],
  ['compound part "papier"', 'query=papier', 'bench'],
  ['"cable" + is_prime + price 0-10', 'query=cable&is_prime=true&price=0-10', 'bench'],
  ['"cable", demo guidance rules', 'query=cable', 'bench-rules'],
  ['"cable" + price 0-10, demo guidance rules', 'query=cable&price=0-10', 'bench-rules'],
];

const CONNECTIONS = (process.env.BENCH_CONNECTIONS || '2,8').split(',').map(Number);
// The per-user API limit is for production traffic; the benchmark measures search itself.
const APP_ENV = { DATABASE_POOL_MAX: '10', API_RATE_LIMIT_PER_USER: '0', API_RATE_LIMIT_PER_CLIENT: '0' };

/** The benchmark plumbing and build output of a source tree (this one, or a `before` version). */
function side(root, label) {
  return {
    label,
    env: require(join(root, 'bench/support/bench-env')),
    dist: (path) => require(join(root, 'dist', path)),
  };
}

/** Builds git ref `ref` of this repository in a temporary directory (reusing node_modules). */
function buildBefore(ref) {
  const sha = execFileSync('git', ['rev-parse', ref], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `gateway-search-before-${sha.slice(0, 12)}`);
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

/** Size of the product table and of its full-text (GIN) index, in MB. */
async function sizes(prisma) {
  const [row] = await prisma.$queryRawUnsafe(`
    SELECT pg_total_relation_size('product')::float8 / 1048576 AS total,
           pg_relation_size('product')::float8 / 1048576 AS heap,
           (SELECT sum(pg_relation_size(i.indexrelid))::float8 / 1048576 FROM pg_index i
             JOIN pg_class c ON c.oid = i.indexrelid
            WHERE i.indrelid = 'product'::regclass AND c.relname LIKE '%search%') AS search_indexes`);
  return `product table ${row.total.toFixed(1)} MB total (heap ${row.heap.toFixed(1)} MB, search indexes ${Number(row.search_indexes).toFixed(1)} MB)`;
}

async function benchExisting(url) {
  const { startBenchApp } = side(ROOT, 'current').env;
  const gateway = await startBenchApp(url, APP_ENV);
  try {
    const products = await gateway.prisma.product.count();
    await runScenarios(gateway, `Search, ${products} demo products (pre-generated)`);
  } finally {
    await gateway.close();
  }
}

/** A token of organization `slug`; `bench-rules` gets the demo organization's guidance rules. */
async function tokenFor(gateway, benchToken, slug) {
  const { token } = await benchToken(gateway.prisma, slug);
  if (slug === 'bench-rules') {
    const { DEMO_GUIDANCE_RULES } = require(join(ROOT, 'dist/demo/demo-seed.service'));
    const organization = await gateway.prisma.organization.findUniqueOrThrow({ where: { slug } });
    await gateway.prisma.guidanceRule.deleteMany({ where: { organizationId: organization.id } });
    await gateway.prisma.guidanceRule.createMany({
      data: DEMO_GUIDANCE_RULES.map((rule) => ({
        ...rule,
        organizationId: organization.id,
        createdBy: 'bench',
      })),
    });
  }
  return token;
}

async function runScenarios(gateway, title, { benchToken, measure, report } = side(ROOT, 'current').env) {
  const tokens = new Map();
  const rows = [];
  for (const [name, query, slug] of SCENARIOS) {
    if (!tokens.has(slug)) tokens.set(slug, await tokenFor(gateway, benchToken, slug));
    const headers = { authorization: `Bearer ${tokens.get(slug)}` };
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

async function benchSize(products, version = side(ROOT, 'current')) {
  const { env, dist } = version;
  const database = await env.startBenchDatabase();
  const gateway = await env.startBenchApp(database.url, APP_ENV);
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
      `Search, ${version.label}, ${products} demo products (generator: ${generatorSeconds.toFixed(1)} s); ${await sizes(gateway.prisma)}`,
      env,
    );
  } finally {
    await gateway.close();
    await database.drop();
  }
}

async function main(args) {
  if (process.env.BENCH_SEARCH_DATABASE_URL) return benchExisting(process.env.BENCH_SEARCH_DATABASE_URL);
  const counts = args.length > 0 ? args.map(Number) : [100_000];
  const before = process.env.BENCH_SEARCH_BEFORE ? buildBefore(process.env.BENCH_SEARCH_BEFORE) : null;
  for (const count of counts) {
    if (!Number.isInteger(count) || count < 1 || count > 1_000_000) throw new Error(`bad size ${count}`);
    if (before) await benchSize(count, before);
    await benchSize(count, side(ROOT, 'current'));
  }
}

module.exports = { main };
