// `npm run bench -- catalog-features [--products 100000] [--rounds 2] [--connections 8]`:
// search and product details on a supplier catalog WITH features (the generated BMEcat 2005, 20
// features per product in two languages) against the same catalog WITHOUT features, same run.
// Both catalogs are imported the way an operator does it (`gateway catalog import <file>
// --supplier <slug>`, not timed here: bench/catalog-import.bench.js measures that), each into its own
// copy of one migrated database; then, round by round with the order alternating, the gateway is
// started on each and measured: four searches (a frequent German and English word, a compound part,
// a GTIN) and product details rotating over every product's id. Target: with features within 10% of
// without (req/s, the median of the rounds).
'use strict';
/* global fetch */
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { cpus, loadavg, tmpdir } = require('node:os');
const { join } = require('node:path');
const { URL } = require('node:url');
const { startBenchDatabase, startBenchApp, benchToken, measure } = require('./support/bench-env');
const { onDatabase } = require('./support/catalog-database');
const { writeCatalog, productAt } = require('./support/bmecat-generator');

const ROOT = join(__dirname, '..');
const GATEWAY = join(ROOT, 'bin/gateway.js');
const SUPPLIER = { slug: 'bench-supplier', name: 'Bench Supplier GmbH' };
const APP_ENV = { DATABASE_POOL_MAX: '10', API_RATE_LIMIT_PER_USER: '0', API_RATE_LIMIT_PER_CLIENT: '0' };
const VARIANTS = [
  { label: 'with features', features: 20 },
  { label: 'without features', features: 0 },
];

function parseArgs(args) {
  const options = { products: 100_000, rounds: 2, connections: 8 };
  for (let i = 0; i < args.length; i += 2) {
    const value = Number(args[i + 1]);
    if (args[i] === '--products') options.products = value;
    else if (args[i] === '--rounds') options.rounds = value;
    else if (args[i] === '--connections') options.connections = value;
    else throw new Error(`unknown option ${args[i]}`);
  }
  return options;
}

const load = () => loadavg()[0];
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const format = (n, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `node bin/gateway.js <args>` on `url`; rejects unless it exits 0. */
function gateway(url, args) {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATABASE_STATEMENT_TIMEOUT_MS: '600000',
    DATABASE_QUERY_TIMEOUT_MS: '600000',
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GATEWAY, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (data) => (output += data));
    child.stderr.on('data', (data) => (output += data));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`gateway ${args[0]} exited ${code}: ${output.slice(-2000)}`)),
    );
  });
}

/** A copy of the template holding the catalog of `variant`, imported through the CLI. */
async function importedCatalog(serverUrl, template, dir, products, variant, created) {
  const file = join(dir, `catalog-${variant.features}.xml`);
  await writeCatalog({ products, out: file, features: variant.features });
  const name = `gateway_bench_features_${randomBytes(4).toString('hex')}`;
  created.push(name);
  await onDatabase(serverUrl, (client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY FILE_COPY`),
  );
  const url = databaseUrl(serverUrl, name);
  await gateway(url, ['supplier', 'add', SUPPLIER.slug, '--name', SUPPLIER.name]);
  const started = Date.now();
  const report = JSON.parse(
    await gateway(url, ['catalog', 'import', file, '--supplier', SUPPLIER.slug, '--json']),
  );
  if (report.products.created !== products)
    throw new Error(`${variant.label}: ${JSON.stringify(report.products)}`);
  rmSync(file);
  const stats = await onDatabase(url, async (client) => {
    await client.query('VACUUM ANALYZE product');
    await client.query('VACUUM ANALYZE offer');
    const { rows } = await client.query(
      `SELECT pg_total_relation_size('product')::float8 / 1048576 AS mb,
              avg(jsonb_array_length(facts))::float8 AS facts FROM product`,
    );
    return rows[0];
  });
  const ids = join(dir, `ids-${variant.features}.json`);
  const { rows } = await onDatabase(url, (client) => client.query('SELECT id FROM product ORDER BY md5(id)'));
  writeFileSync(ids, JSON.stringify(rows.map((row) => `/api/v1/marketplace/product/${row.id}`)));
  return {
    ...variant,
    name,
    url,
    ids,
    importSeconds: (Date.now() - started) / 1000,
    productMb: stats.mb,
    facts: stats.facts,
  };
}

/** Each scenario on the gateway started on `catalog`'s database. */
async function measureCatalog(catalog, options) {
  const app = await startBenchApp(catalog.url, APP_ENV);
  try {
    const { token } = await benchToken(app.prisma);
    const headers = { authorization: `Bearer ${token}` };
    const search = (query) => `${app.baseUrl}/api/v1/marketplace/search?${query}`;
    const scenarios = [
      ['search "kabel"', { url: search('query=kabel') }],
      ['search "cable"', { url: search('query=cable') }],
      ['search "papier" (compound part)', { url: search('query=papier') }],
      [`search a GTIN`, { url: search(`query=${productAt(4242).gtin}`) }],
      ['product details, rotating over every id', { url: app.baseUrl, pathsFile: catalog.ids }],
    ];
    const rows = [];
    for (const [name, target] of scenarios) {
      if (target.url !== app.baseUrl) {
        const probe = await fetch(target.url, { headers });
        if (probe.status !== 200) throw new Error(`${name}: ${probe.status} ${await probe.text()}`);
      }
      await measure(`warm-up ${name}`, { ...target, headers, connections: 2, duration: 2 });
      const before = load();
      const row = await measure(name, { ...target, headers, connections: options.connections, duration: 10 });
      if (row.non2xx > 0 || row.errors > 0) throw new Error(`${name}: ${JSON.stringify(row)}`);
      rows.push({ ...row, load: [before, load()] });
    }
    return rows;
  } finally {
    await app.close();
  }
}

async function main(args) {
  const options = parseArgs(args);
  const dir = mkdtempSync(join(tmpdir(), 'catalog-features-bench-'));
  const fresh = await startBenchDatabase();
  const template = new URL(fresh.url).pathname.slice(1);
  const serverUrl = databaseUrl(fresh.url, 'postgres');
  const started = { load: load(), at: new Date() };
  const catalogs = [];
  /** Every database made for a catalog, dropped at the end even when its import failed. */
  const created = [];
  const runs = [];
  try {
    for (const variant of VARIANTS) {
      console.log(`importing ${format(options.products)} products ${variant.label} ...`);
      const catalog = await importedCatalog(serverUrl, template, dir, options.products, variant, created);
      console.log(
        `  ${catalog.importSeconds.toFixed(0)} s, product table ${catalog.productMb.toFixed(0)} MB`,
      );
      catalogs.push(catalog);
    }
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? catalogs : [...catalogs].reverse();
      for (const catalog of order) {
        console.log(`round ${round + 1}: ${catalog.label}`);
        for (const row of await measureCatalog(catalog, options)) {
          console.log(
            `  ${row.name}: ${row['req/s']} req/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms`,
          );
          runs.push({ ...row, round, label: catalog.label });
        }
      }
    }
  } finally {
    for (const name of created)
      await onDatabase(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    await fresh.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  const out = join(
    __dirname,
    'results',
    `${started.at.toISOString().slice(0, 10)}-catalog-features-${options.products}.md`,
  );
  writeFileSync(out, markdown(options, catalogs, runs, [started.load, load()]));
  console.log(`\nwritten to ${out}`);
}

function markdown(options, catalogs, runs, loadRange) {
  const lines = [
    `# Search and product details with and without features, ${format(options.products)} products`,
    '',
    `Command: \`npm run bench -- catalog-features --products ${options.products} --rounds ${options.rounds} ` +
      `--connections ${options.connections}\` (Node ${process.version}, ${cpus().length} cores shared with other ` +
      `sessions, PostgreSQL on the same machine; load average ${loadRange.map((l) => l.toFixed(1)).join(' → ')} over the run). ` +
      'The same generated BMEcat 2005 catalog imported twice through `gateway catalog import`: once with 20 features per ' +
      'product (two languages), once without any; the gateway on each in turn (order alternating per round), ' +
      `${options.connections} connections, 10 s per row after a 2 s warm-up.`,
    '',
    '| Catalog | Facts per product | Product table MB | Import s |',
    '| --- | --: | --: | --: |',
    ...catalogs.map(
      (c) => `| ${c.label} | ${format(c.facts, 1)} | ${format(c.productMb)} | ${format(c.importSeconds)} |`,
    ),
    '',
    '| Round | Catalog | Scenario | req/s | p50 ms | p99 ms | Load before → after |',
    '| --: | --- | --- | --: | --: | --: | --- |',
    ...runs.map(
      (r) =>
        `| ${r.round + 1} | ${r.label} | ${r.name} | ${format(r['req/s'])} | ${r['p50 ms']} | ${r['p99 ms']} | ${r.load.map((l) => l.toFixed(1)).join(' → ')} |`,
    ),
    '',
    '| Scenario | With features req/s | Without req/s | With / without |',
    '| --- | --: | --: | --: |',
  ];
  const scenarios = [...new Set(runs.map((r) => r.name))];
  for (const name of scenarios) {
    const rate = (label) =>
      median(runs.filter((r) => r.name === name && r.label === label).map((r) => r['req/s']));
    const [withFeatures, without] = [rate('with features'), rate('without features')];
    lines.push(
      `| ${name} | ${format(withFeatures)} | ${format(without)} | ${format((withFeatures / without) * 100)}%${withFeatures / without < 0.9 ? ' (more than 10% slower)' : ''} |`,
    );
  }
  lines.push(
    '',
    'Medians of the rounds (two rounds: their mean). Target: with features within 10% of without.',
    '',
  );
  return `${lines.join('\n')}\n`;
}

module.exports = { main };
