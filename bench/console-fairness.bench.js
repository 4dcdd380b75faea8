// One auditor cannot slow the other organizations: `npm run bench -- console-fairness [--products N]
// [--events E] [--duration S]`. On the demo catalog of N products (default 20,000;
// support/catalog-database.js) and an auditor's organization whose audit chain holds E valid events
// (default 11,700, the size at which a dashboard view used to walk the chain for 2-4 s), one gateway
// process with the production defaults:
// 1. quiet: another organization (`fair-victim`, 20 buyers) sends searches from the long-tail query
//    log and product details at a steady rate; p50 / p99;
// 2. four dashboards: the same, while the auditor reloads the dashboard in four tabs as fast as the
//    gateway answers (4 connections, one console session);
// 3. the same four tabs on a gateway without the console's per-user limit
//    (CONSOLE_RATE_LIMIT_PER_USER=0): what the dashboard itself costs now that no view walks the chain.
// Target: the victim's p99 with four dashboards within 2 × its quiet p99.
// Writes bench/results/<YYYY-MM-DD>-console-fairness.md with the load average before and after.
'use strict';
/* global fetch */
const { execFileSync } = require('node:child_process');
const { mkdirSync, mkdtempSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { Pool } = require('pg');
const { generateChain } = require('./support/audit-chain');
const { benchToken, measure, startBenchApp, stopLoadGenerators } = require('./support/bench-env');
const { benchServerEnv } = require('./support/server-env');
const { startServer, ensureCatalog, copyCatalog, onDatabase } = require('./support/catalog-database');
const { startServerProcess, stopAllServers } = require('./support/processes');
const { queryLog } = require('./support/search-workload');

const ROOT = join(__dirname, '..');
const dist = (path) => require(join(ROOT, 'dist', path));
const VICTIM_USERS = 20;
/** The other organization's steady traffic (requests per second), as a shop's buyers would send it. */
const VICTIM_RATE = { search: 20, product: 40 };
const TABS = 4;

function parseArgs(args) {
  const options = { products: 20_000, events: 11_700, duration: 15 };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split('=', 2);
    const value = Number(inline ?? args[++i]);
    if (flag === '--products') options.products = value;
    else if (flag === '--events') options.events = value;
    else if (flag === '--duration') options.duration = value;
    else throw new Error(`unknown option ${args[i]} (use --products N, --events E, --duration S)`);
  }
  if (!Number.isInteger(options.products) || options.products < 1_000 || options.products > 1_000_000)
    throw new Error('--products must be an integer from 1000 to 1000000');
  if (!Number.isInteger(options.events) || options.events < 1 || options.events > 10_000_000)
    throw new Error('--events must be an integer from 1 to 10000000');
  return options;
}

/** The victim's buyers' tokens, and the auditor's console cookie (a console session written as sign-in does). */
async function prepare(databaseUrl, events) {
  const gateway = await startBenchApp(databaseUrl, { DATABASE_POOL_MAX: '2' });
  try {
    const victims = [];
    for (let i = 0; i < VICTIM_USERS; i++)
      victims.push((await benchToken(gateway.prisma, 'fair-victim', `buyer${i}@victim.example`)).token);
    const { organization } = await benchToken(gateway.prisma, 'fair-auditor', 'buyer@auditor.example');
    const pool = new Pool({ connectionString: databaseUrl, max: 2 });
    try {
      await generateChain(pool, organization.id, events);
    } finally {
      await pool.end();
    }
    const auditor = await gateway.prisma.user.create({
      data: { organizationId: organization.id, email: 'auditor@auditor.example', roles: ['auditor'] },
    });
    const { generateSecret, sha256 } = dist('common/crypto/secrets');
    const { CONSOLE_COOKIE } = dist('audit/console/console-cookie');
    const token = generateSecret('mpgcs_');
    const now = new Date();
    await gateway.prisma.auditConsoleSession.create({
      data: {
        tokenHash: sha256(token),
        organizationId: organization.id,
        userId: auditor.id,
        createdAt: now,
        lastSeenAt: now,
      },
    });
    return { victims, cookie: `${CONSOLE_COOKIE}=${token}` };
  } finally {
    await gateway.close();
  }
}

/** Opens the dashboard until its first walk of the chain has ended (a fresh process has no result yet). */
async function awaitFirstWalk(baseUrl, cookie) {
  for (let attempt = 0; attempt < 600; attempt++) {
    const html = await (await fetch(`${baseUrl}/audit/console`, { headers: { cookie } })).text();
    const state = html.match(/data-verification="([a-z]+)"/)?.[1];
    if (state === 'intact') return;
    if (state === 'broken') throw new Error('the generated chain does not verify');
    await sleep(500);
  }
  throw new Error('the first walk of the chain did not end within 5 minutes');
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
  const dir = mkdtempSync(join(os.tmpdir(), 'gateway-console-fairness-'));
  const rows = [];
  try {
    const { victims, cookie } = await prepare(copy.url, options.events);
    const all = await queryLog(copy.url, 4_300);
    const queries = all.slice(0, 4_000);
    const warmUp = join(dir, 'warm-up.json');
    writeFileSync(warmUp, JSON.stringify(all.slice(4_000).map((q) => `/api/v1/marketplace/search?${q}`)));
    const ids = await onDatabase(copy.url, async (client) => {
      const { rows: found } = await client.query('SELECT id FROM product ORDER BY md5(id) LIMIT 20000');
      return found.map((row) => row.id);
    });
    const files = { product: join(dir, 'product.json'), dashboard: join(dir, 'dashboard.json') };
    writeFileSync(files.product, JSON.stringify(ids.map((id) => `/api/v1/marketplace/product/${id}`)));
    writeFileSync(files.dashboard, JSON.stringify(['/audit/console']));
    // Each phase searches its own slice of the log: the result cache never answers from an earlier phase.
    const slices = ['quiet', 'dashboards', 'dashboards-unlimited'];
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

    for (const [label, env, phases] of [
      ['defaults', {}, ['quiet', 'dashboards']],
      ['no console limit', { CONSOLE_RATE_LIMIT_PER_USER: '0' }, ['dashboards-unlimited']],
    ]) {
      const gateway = await startServerProcess(
        join(__dirname, 'support/gateway-process.js'),
        benchServerEnv(copy.url, env),
      );
      try {
        await measure('warm-up', {
          url: gateway.baseUrl,
          pathsFile: warmUp,
          rotateHeaders: victimHeaders,
          connections: 2,
          duration: 3,
        });
        await awaitFirstWalk(gateway.baseUrl, cookie);
        for (const phase of phases) {
          log(`${label}: ${phase}`);
          if (phase === 'quiet') {
            const [search, product] = await victimLoad(gateway, phase);
            rows.push({ gateway: label, phase: 'quiet', search, product, tabs: null });
            continue;
          }
          // The tabs start first and outlast the victim's measurement.
          const tabs = measure('four dashboards', {
            url: gateway.baseUrl,
            pathsFile: files.dashboard,
            headers: { cookie },
            connections: TABS,
            duration: duration + 4,
          });
          await sleep(2_000);
          const [search, product] = await victimLoad(gateway, phase);
          rows.push({
            gateway: label,
            phase: 'four dashboards reloading',
            search,
            product,
            tabs: await tabs,
          });
        }
      } finally {
        await gateway.stop();
      }
    }
  } finally {
    await copy.drop();
    await stop();
  }

  const [quiet, loaded, unlimited] = rows;
  const times = (a, q) => `${(a / Math.max(q, 1)).toFixed(1)}×`;
  const verdict = (ok) => (ok ? 'met' : '**missed**');
  const line = (r) =>
    `| ${r.gateway} | ${r.phase} | ${r.search['req/s']} | ${r.search['p50 ms']} | ${r.search['p99 ms']} | ${r.search.non2xx} | ${r.product['req/s']} | ${r.product['p50 ms']} | ${r.product['p99 ms']} | ${r.product.non2xx} | ${r.tabs ? `${r.tabs['req/s']} req/s (p50 ${r.tabs['p50 ms']} ms, p99 ${r.tabs['p99 ms']} ms), ${r.tabs.requests - r.tabs.non2xx} answered 200, ${r.tabs.non2xx} refused` : '-'} |`;
  let sha = 'unknown';
  try {
    sha = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  const day = started.toISOString().slice(0, 10);
  const target = (what, key, r) =>
    `| other organization's ${what} p99 with four dashboards (${r.gateway}) ≤ 2 × quiet | ${r[key]['p99 ms']} ms vs ${quiet[key]['p99 ms']} ms (${times(r[key]['p99 ms'], quiet[key]['p99 ms'])}) | ${verdict(r[key]['p99 ms'] <= 2 * quiet[key]['p99 ms'])} |`;
  const text = `# Console fairness benchmark, ${day}

Command: \`npm run bench -- console-fairness --products ${options.products} --events ${options.events} --duration ${options.duration}\` (bench/console-fairness.bench.js).
Another organization's ${VICTIM_USERS} buyers send ${VICTIM_RATE.search} searches/s (distinct, from the long-tail query log) and
${VICTIM_RATE.product} product details/s (rotating over 20,000 products of a ${options.products.toLocaleString('en-US')}-product catalog) for ${options.duration} s; meanwhile one
auditor, whose organization's audit chain holds ${options.events.toLocaleString('en-US')} events, reloads the console dashboard in ${TABS} tabs as fast as
it answers (${TABS} connections, one console session). One gateway process per row group, production defaults
(console: ${'CONSOLE_RATE_LIMIT_PER_USER'} 120 per minute) but for the last group; database pool 10. Each process's first
dashboard view walked the chain once (awaited before measuring).

- Commit: ${sha}; Node ${process.version}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}
- Started ${started.toISOString()}, finished ${new Date().toISOString()}
- Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAverage()} (the machine is shared with other work)

| gateway | phase | other org search req/s | p50 ms | p99 ms | non-2xx | other org product req/s | p50 ms | p99 ms | non-2xx | dashboards |
| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --- |
${rows.map(line).join('\n')}

## Targets (same run)

| target | measured | |
| --- | --: | --- |
${target('search', 'search', loaded)}
${target('product details', 'product', loaded)}
${target('search', 'search', unlimited)}
${target('product details', 'product', unlimited)}
`;
  process.stdout.write(text);
  mkdirSync(join(__dirname, 'results'), { recursive: true });
  const file = join(__dirname, 'results', `${day}-console-fairness.md`);
  writeFileSync(file, text);
  log(`wrote ${file}`);
}

process.on('SIGINT', () => {
  stopLoadGenerators();
  void stopAllServers().finally(() => process.exit(130));
});

module.exports = { main };
