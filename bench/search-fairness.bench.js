// No search can starve the others: `npm run bench -- search-fairness [--products N] [--duration S]`.
// On the demo catalog of N products (default 100,000; support/catalog-database.js), one gateway
// process with the production defaults for limits (600 search points per user and minute, searches
// charged by measured database time, 2 searches at once per user):
// 1. quiet: another organization (`fair-victim`, 20 buyers, the demo guidance rules) sends searches
//    from the long-tail query log and product details over the catalog at a steady rate; p50 / p99;
// 2. under attack: the same, while one user of `fair-attacker` sends the most expensive searches the
//    bounds let through (widest OR chains of frequent words, price and prime filters, pages 30-41, all
//    distinct so the result cache never answers them) at 10 per second over 16 connections (the
//    adversarial probe's rate, inside the old fixed-price limit);
// 3. the same attack on a gateway with the protections off (SEARCH_CONCURRENT_PER_USER=0, every
//    search charged its door price only), to show what they are worth.
// Target: the victim's p99 under attack within 2 × its quiet p99 (with the protections).
// Writes bench/results/<YYYY-MM-DD>-search-fairness-<N>.md with the load average before and after.
'use strict';
/* global URLSearchParams */
const { execFileSync } = require('node:child_process');
const { mkdirSync, mkdtempSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { benchToken, measure, startBenchApp, stopLoadGenerators } = require('./support/bench-env');
const { benchServerEnv } = require('./support/server-env');
const { startServer, ensureCatalog, copyCatalog, onDatabase } = require('./support/catalog-database');
const { startServerProcess, stopAllServers } = require('./support/processes');
const { queryLog, random } = require('./support/search-workload');

const ROOT = join(__dirname, '..');
const dist = (path) => require(join(ROOT, 'dist', path));
const VICTIM_USERS = 20;
/** The victim organization's steady traffic (requests per second), as a shop's buyers would send it. */
const VICTIM_RATE = { search: 20, product: 40 };
const ATTACK_CONNECTIONS = 16;
/**
 * The attacker's rate: the adversarial probe's 10 searches per second, which the old fixed price of
 * 1 point let through forever (600 points per minute); the rest of its connections wait.
 */
const ATTACK_RATE = 10;

function parseArgs(args) {
  const options = { products: 100_000, duration: 15 };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split('=', 2);
    const value = inline ?? args[++i];
    if (flag === '--products') options.products = Number(value);
    else if (flag === '--duration') options.duration = Number(value);
    else throw new Error(`unknown option ${args[i]} (use --products N, --duration S)`);
  }
  if (!Number.isInteger(options.products) || options.products < 1_000 || options.products > 1_000_000)
    throw new Error('--products must be an integer from 1000 to 1000000');
  return options;
}

/**
 * The costliest searches the bounds allow (6 operators, 12 terms, a deep page, filters), each
 * distinct: OR chains of the catalog's most frequent words, with price ranges and prime, pages 30-41.
 */
function attackPaths() {
  const words = [
    'kabel',
    'papier',
    'stift',
    'ordner',
    'schraube',
    'handschuh',
    'tinte',
    'toner',
    'akku',
    'block',
  ];
  const prices = ['0-10', '10-25', '25-50', '50-100', '100-250'];
  const next = random(7);
  const paths = new Set();
  while (paths.size < 3_000) {
    const chosen = [...words].sort(() => next() - 0.5).slice(0, 7);
    const params = new URLSearchParams({
      query: chosen.join(' OR '),
      price: prices[Math.floor(next() * prices.length)],
      is_prime: 'true',
      page: String(30 + Math.floor(next() * 12)),
    });
    paths.add(`/api/v1/marketplace/search?${params.toString()}`);
  }
  return [...paths];
}

async function prepare(databaseUrl) {
  const gateway = await startBenchApp(databaseUrl, { DATABASE_POOL_MAX: '2' });
  try {
    const { DEMO_GUIDANCE_RULES } = dist('demo/demo-seed.service');
    const victims = [];
    for (let i = 0; i < VICTIM_USERS; i++)
      victims.push((await benchToken(gateway.prisma, 'fair-victim', `buyer${i}@victim.example`)).token);
    const attacker = (await benchToken(gateway.prisma, 'fair-attacker', 'greedy@attacker.example')).token;
    for (const slug of ['fair-victim', 'fair-attacker']) {
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
    return { victims, attacker };
  } finally {
    await gateway.close();
  }
}

function serverEnv(databaseUrl, protections) {
  return benchServerEnv(
    databaseUrl,
    protections ? {} : { SEARCH_CONCURRENT_PER_USER: '0', SEARCH_COST_MS_PER_POINT: '60000' },
  );
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

async function main(args) {
  const options = parseArgs(args);
  const log = (line) => process.stderr.write(`${line}\n`);
  const started = new Date();
  const loadBefore = loadAverage();
  const { serverUrl, stop } = await startServer();
  const { name } = await ensureCatalog(serverUrl, options.products, log);
  const copy = await copyCatalog(serverUrl, name);
  const dir = mkdtempSync(join(os.tmpdir(), 'gateway-fairness-'));
  const rows = [];
  try {
    const { victims, attacker } = await prepare(copy.url);
    const all = await queryLog(copy.url, 4_300);
    const queries = all.slice(0, 4_000);
    const warmUp = join(dir, 'warm-up.json');
    writeFileSync(warmUp, JSON.stringify(all.slice(4_000).map((q) => `/api/v1/marketplace/search?${q}`)));
    const ids = await onDatabase(copy.url, async (client) => {
      const { rows: found } = await client.query('SELECT id FROM product ORDER BY md5(id) LIMIT 20000');
      return found.map((row) => row.id);
    });
    const files = { attack: join(dir, 'attack.json'), product: join(dir, 'product.json') };
    writeFileSync(files.attack, JSON.stringify(attackPaths()));
    writeFileSync(files.product, JSON.stringify(ids.map((id) => `/api/v1/marketplace/product/${id}`)));
    // Each phase searches its own slice of the log: the result cache never answers the victim from an
    // earlier phase.
    const slices = ['quiet', 'attack', 'attack-unprotected'];
    const sliceSize = Math.floor(queries.length / slices.length);
    const searchFile = (phase) => {
      const file = join(dir, `search-${phase}.json`);
      const start = slices.indexOf(phase) * sliceSize;
      const slice = queries.slice(start, start + sliceSize);
      writeFileSync(file, JSON.stringify(slice.map((q) => `/api/v1/marketplace/search?${q}`)));
      return file;
    };
    const victimHeaders = victims.map((token) => ({ authorization: `Bearer ${token}` }));
    const duration = options.duration;

    const victimLoad = (gateway, phase) =>
      Promise.all([
        measure(`victim search (${phase})`, {
          url: gateway.baseUrl,
          pathsFile: searchFile(phase),
          rotateHeaders: victimHeaders,
          connections: 4,
          overallRate: VICTIM_RATE.search,
          duration,
        }),
        measure(`victim product details (${phase})`, {
          url: gateway.baseUrl,
          pathsFile: files.product,
          rotateHeaders: victimHeaders,
          connections: 4,
          overallRate: VICTIM_RATE.product,
          duration,
        }),
      ]);

    for (const [label, protections, phases] of [
      ['protections on (defaults)', true, ['quiet', 'attack']],
      ['protections off', false, ['attack-unprotected']],
    ]) {
      const gateway = await startServerProcess(
        join(__dirname, 'support/gateway-process.js'),
        serverEnv(copy.url, protections),
      );
      try {
        // A fresh process answers its first requests slowly (connections, JIT): warm it up first.
        await measure('warm-up', {
          url: gateway.baseUrl,
          pathsFile: warmUp,
          rotateHeaders: victimHeaders,
          connections: 2,
          duration: 3,
        });
        for (const phase of phases) {
          log(`${label}: ${phase}`);
          if (phase === 'quiet') {
            const [search, product] = await victimLoad(gateway, phase);
            rows.push({ gateway: label, phase: 'quiet', search, product, attack: null });
            continue;
          }
          // The attack starts first and outlasts the victim's measurement.
          const attack = measure('attacker', {
            url: gateway.baseUrl,
            pathsFile: files.attack,
            headers: { authorization: `Bearer ${attacker}` },
            connections: ATTACK_CONNECTIONS,
            overallRate: ATTACK_RATE,
            duration: duration + 4,
          });
          await sleep(2_000);
          const [search, product] = await victimLoad(gateway, phase);
          rows.push({ gateway: label, phase: 'under attack', search, product, attack: await attack });
        }
      } finally {
        await gateway.stop();
      }
    }
  } finally {
    await copy.drop();
    await stop();
  }

  const quiet = rows[0];
  const attacked = rows[1];
  const within = (a, q) => `${(a / Math.max(q, 1)).toFixed(1)}×`;
  const verdict = (ok) => (ok ? 'met' : '**missed**');
  const line = (r) =>
    `| ${r.gateway} | ${r.phase} | ${r.search['req/s']} | ${r.search['p50 ms']} | ${r.search['p99 ms']} | ${r.search.non2xx} | ${r.product['req/s']} | ${r.product['p50 ms']} | ${r.product['p99 ms']} | ${r.product.non2xx} | ${r.attack ? `${r.attack['req/s']} req/s, ${r.attack.requests - r.attack.non2xx} answered 200, ${r.attack.non2xx} refused` : '-'} |`;
  let sha = 'unknown';
  try {
    sha = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  const day = started.toISOString().slice(0, 10);
  const text = `# Search fairness benchmark, ${options.products.toLocaleString('en-US')} products, ${day}

Command: \`npm run bench -- search-fairness --products ${options.products} --duration ${options.duration}\` (bench/search-fairness.bench.js).
Another organization's ${VICTIM_USERS} buyers send ${VICTIM_RATE.search} searches/s (distinct, from the long-tail query log) and
${VICTIM_RATE.product} product details/s (rotating over 20,000 products) for ${options.duration} s; under attack, one user of another
organization sends the costliest distinct searches the bounds allow (7-word OR chains of frequent words, price
and prime filters, pages 30-41) at ${ATTACK_RATE} per second over ${ATTACK_CONNECTIONS} connections. Both organizations have
the demo guidance rules. One gateway process per row group, rate limits at their defaults (600 search points per
user and minute; searches charged by measured database time; 2 searches at once per user); database pool 10.

- Commit: ${sha}; Node ${process.version}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}
- Started ${started.toISOString()}, finished ${new Date().toISOString()}
- Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAverage()} (the machine is shared with other work)

| gateway | phase | victim search req/s | p50 ms | p99 ms | non-2xx | victim product req/s | p50 ms | p99 ms | non-2xx | attacker |
| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --- |
${rows.map(line).join('\n')}

## Targets (same run)

| target | measured | |
| --- | --: | --- |
| victim search p99 under attack ≤ 2 × quiet | ${attacked.search['p99 ms']} ms vs ${quiet.search['p99 ms']} ms (${within(attacked.search['p99 ms'], quiet.search['p99 ms'])}) | ${verdict(attacked.search['p99 ms'] <= 2 * quiet.search['p99 ms'])} |
| victim product details p99 under attack ≤ 2 × quiet | ${attacked.product['p99 ms']} ms vs ${quiet.product['p99 ms']} ms (${within(attacked.product['p99 ms'], quiet.product['p99 ms'])}) | ${verdict(attacked.product['p99 ms'] <= 2 * quiet.product['p99 ms'])} |
`;
  process.stdout.write(text);
  mkdirSync(join(__dirname, 'results'), { recursive: true });
  const file = join(__dirname, 'results', `${day}-search-fairness-${options.products}.md`);
  writeFileSync(file, text);
  log(`wrote ${file}`);
}

process.on('SIGINT', () => {
  stopLoadGenerators();
  void stopAllServers().finally(() => process.exit(130));
});

module.exports = { main };
