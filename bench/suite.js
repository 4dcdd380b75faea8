// The one benchmark command: `npm run bench` (100,000 products) or `npm run bench -- --products 1000000`.
// 1. Builds the demo catalog of that size once and keeps it on the server (support/catalog-database.js);
//    each run works on a throw-away copy of it.
// 2. Starts the gateway (support/gateway-process.js) and a plain Fastify + `pg` baseline
//    (support/baseline-server.js), each in its own process, both on the same database.
// 3. Measures, one after the other in the same run (autocannon in a child process, loopback only):
//    the baseline's static route and `SELECT 1`; the gateway's @Public() and guarded no-ops, token
//    issuance, product details (20 guidance rules, rotating over every product), search (frequent,
//    rare, filtered; with the result cache, and again on a second gateway with it off) and punchout
//    creation.
// 4. Writes bench/results/<YYYY-MM-DD>-<products>.md: req/s, p50, p99, the ratio to the baseline, the
//    gateway's peak RSS, the load average, and the targets met or missed.
// Every process it starts is stopped on success, failure and Ctrl-C.
// Options: --products N (100..1000000), --duration S (seconds per endpoint, default 9, split into
// --rounds R interleaved rounds, default 3, the median reported),
// --only static,guarded,product,... (those measurements only, printed, no results file).
// BENCH_CPU_PROF=<dir> writes a CPU profile of the gateway process there (node --cpu-prof).
'use strict';
/* global fetch, URLSearchParams */
const { execFileSync } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const { measure, stopLoadGenerators } = require('./support/bench-env');
const { benchServerEnv, NO_REFUSALS } = require('./support/server-env');
const { benchRules } = require('./support/bench-fixtures');
const { startServer, ensureCatalog, copyCatalog } = require('./support/catalog-database');
const { startServerProcess, stopAllServers } = require('./support/processes');

const ROOT = join(__dirname, '..');
const dist = (path) => require(join(ROOT, 'dist', path));
const ACTOR = { label: 'bench' };
const POOL_MAX = '10';
/**
 * Product details traffic concentrates on the products buyers actually order: the main product row
 * rotates over this many (within the default product cache); a second row rotates over the whole
 * catalog, where a catalog larger than the cache makes most requests read PostgreSQL.
 */
const POPULAR = 10_000;

/** The search rows, measured with the result cache (default config) and, as `<key>Cold`, without. */
const SEARCH_KEYS = ['frequent', 'rare', 'filtered'];
const COLD_KEYS = SEARCH_KEYS.map((key) => `${key}Cold`);

function parseArgs(args) {
  const options = { products: 100_000, duration: 9, rounds: 3, only: null };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split('=', 2);
    const value = inline ?? args[++i];
    if (flag === '--products') options.products = Number(value);
    else if (flag === '--duration') options.duration = Number(value);
    else if (flag === '--only') options.only = new Set(value.split(','));
    else if (flag === '--rounds') options.rounds = Number(value);
    else throw new Error(`unknown option ${args[i]} (use --products N, --duration S, --only key,...)`);
  }
  if (!Number.isInteger(options.products) || options.products < 100 || options.products > 1_000_000)
    throw new Error('--products must be an integer from 100 to 1000000');
  if (!(options.duration >= 1 && options.duration <= 120)) throw new Error('--duration must be 1..120 s');
  if (!Number.isInteger(options.rounds) || options.rounds < 1 || options.rounds > 10)
    throw new Error('--rounds must be 1..10');
  return options;
}

/** The environment both server processes get (production mode, quiet, loopback, limits out of reach). */
function serverEnv(databaseUrl) {
  return benchServerEnv(databaseUrl, {
    DATABASE_POOL_MAX: POOL_MAX,
    TOKEN_RATE_LIMIT_PER_CLIENT: NO_REFUSALS,
    TOKEN_RATE_LIMIT_PER_ADDRESS: NO_REFUSALS,
    TOKEN_RATE_LIMIT_FAILURES: NO_REFUSALS,
    API_RATE_LIMIT_PER_USER: NO_REFUSALS,
    API_RATE_LIMIT_PER_CLIENT: NO_REFUSALS,
  });
}

/** Organization, client, user and 20 rules in the run's database, through the application's services. */
async function prepare(databaseUrl) {
  const { startBenchApp } = require('./support/bench-env');
  const gateway = await startBenchApp(databaseUrl, { DATABASE_POOL_MAX: '2' });
  try {
    const { OrganizationsService } = dist('oauth/organizations.service');
    const { ClientsService } = dist('oauth/clients.service');
    const { UsersService } = dist('oauth/users.service');
    const { GuidanceRulesService } = dist('guidance/guidance-rules.service');
    const { demoProductId } = dist('catalog/demo/demo-catalog.generator');
    const organization = await gateway.app
      .get(OrganizationsService)
      .create({ slug: 'bench', name: 'Bench GmbH' });
    const { client, clientSecret } = await gateway.app.get(ClientsService).create({ org: 'bench' }, ACTOR);
    await gateway.app.get(UsersService).add({ org: 'bench', email: 'buyer@bench.example' }, ACTOR);
    const rules = gateway.app.get(GuidanceRulesService);
    for (const rule of benchRules((index) => demoProductId(1, index)))
      await rules.create(organization.id, rule, 'bench', ACTOR);
    // The punchout product: the one with the most offers, the heaviest of the catalog.
    const [{ id: punchoutProduct }] = await gateway.prisma.$queryRawUnsafe(
      'SELECT id FROM product ORDER BY offer_count DESC, id LIMIT 1',
    );
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: clientSecret,
      email: 'buyer@bench.example',
    }).toString();
    return { form, punchoutProduct, rules: (await rules.activeRules(organization.id)).length };
  } finally {
    await gateway.close();
  }
}

async function expectStatus(url, init, status) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (response.status !== status)
    throw new Error(`probe ${init?.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

function gitDescription() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

async function run(options, cleanup) {
  const log = (message) => process.stderr.write(`${message}\n`);
  const startedAt = new Date();
  // The code measured is what was built at the start: commits that land during a long run are not in it.
  const commit = gitDescription();
  const loadBefore = load();
  const server = await startServer();
  cleanup.push(() => server.stop());
  const catalog = await ensureCatalog(server.serverUrl, options.products, log, cleanup);
  const database = await copyCatalog(server.serverUrl, catalog.name);
  cleanup.push(() => database.drop());
  log(`run database ${database.name}`);
  const setup = await prepare(database.url);

  const env = serverEnv(database.url);
  const baseline = await startServerProcess(join(__dirname, 'support/baseline-server.js'), env);
  cleanup.push(() => baseline.stop());
  // BENCH_CPU_PROF=<dir>: the gateway writes a CPU profile there when it stops (node --cpu-prof).
  // The heap cap the Docker image gives the server (Dockerfile, GATEWAY_HEAP_MB, default 256): the
  // gateway is measured as it is shipped, including its garbage collection under that cap.
  const heapArgv = [`--max-old-space-size=${process.env.GATEWAY_HEAP_MB ?? 256}`];
  const execArgv = process.env.BENCH_CPU_PROF
    ? [...heapArgv, '--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : heapArgv;
  const gateway = await startServerProcess(join(__dirname, 'support/gateway-process.js'), env, { execArgv });
  cleanup.push(() => gateway.stop());
  // The uncached search cost stays visible: a second gateway with the search result cache off,
  // started only when a cold row is measured, and stopped once the rounds are done.
  const wantsCold = !options.only || COLD_KEYS.some((key) => options.only.has(key));
  const cold = wantsCold
    ? await startServerProcess(
        join(__dirname, 'support/gateway-process.js'),
        {
          ...env,
          SEARCH_CACHE_MAX_ENTRIES: '0',
        },
        { execArgv: heapArgv },
      )
    : null;
  if (cold) cleanup.push(() => cold.stop());

  // Probes: every scenario answers as expected before it is measured.
  const formRequest = {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: setup.form,
  };
  const { access_token: token } = await expectStatus(`${gateway.baseUrl}/oauth/authorize`, formRequest, 200);
  const auth = { authorization: `Bearer ${token}` };
  const api = `${gateway.baseUrl}/api/v1/marketplace`;
  const punchout = {
    url: `${api}/product/${setup.punchoutProduct}/punchout`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      callbackUrl: 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?~OkCode=ADDI&~TARGET=_top',
      name: 'Bench Buyer',
      shipTo: { street: 'Hauptstr. 1', city: 'Köln', postalCode: '50667', countryCode: 'DE' },
    }),
  };
  const searches = [
    ['search, frequent term "cable"', 'query=cable'],
    ['search, rare term "Messkolben"', 'query=Messkolben'],
    ['search, "cable" + is_prime + price 0-10', 'query=cable&is_prime=true&price=0-10'],
  ];
  const coldApi = cold && `${cold.baseUrl}/api/v1/marketplace`;
  for (const [, query] of searches) {
    await expectStatus(`${api}/search?${query}`, { headers: auth }, 200);
    if (coldApi) await expectStatus(`${coldApi}/search?${query}`, { headers: auth }, 200);
  }
  await expectStatus(`${api}/product/demo-1-7`, { headers: auth }, 200);
  await expectStatus(`${gateway.baseUrl}/__bench/guarded`, { headers: auth }, 200);
  await expectStatus(punchout.url, punchout, 201);

  const duration = options.duration;
  const scenarios = [
    { key: 'static', name: 'baseline: plain Fastify, static route', url: `${baseline.baseUrl}/static` },
    { key: 'select1', name: 'baseline: plain Fastify + pg, SELECT 1', url: `${baseline.baseUrl}/select1` },
    {
      // Moving a product-sized response (and rotating paths, as the product rows do) with no work:
      // on a loopback benchmark the load generator shares the CPU, so this bounds product details.
      key: 'staticProduct',
      name: 'baseline: plain Fastify, constant product-sized body (~2.5 KB), rotating paths',
      url: baseline.baseUrl,
      headers: auth,
      rotate: { prefix: '/static-product/demo-1-', count: Math.min(POPULAR, options.products), radix: 36 },
    },
    {
      key: 'plain',
      name: 'gateway: plain Fastify route on its instance (hooks only)',
      url: `${gateway.baseUrl}/__bench/plain`,
    },
    { key: 'open', name: 'gateway: @Public() no-op', url: `${gateway.baseUrl}/__bench/open` },
    {
      key: 'guarded',
      name: 'gateway: guarded no-op',
      url: `${gateway.baseUrl}/__bench/guarded`,
      headers: auth,
    },
    {
      key: 'token',
      name: 'gateway: POST /oauth/authorize (token)',
      url: `${gateway.baseUrl}/oauth/authorize`,
      ...formRequest,
    },
    {
      key: 'product',
      name: `gateway: product details, ${setup.rules} rules, rotating over ${Math.min(POPULAR, options.products).toLocaleString('en')} popular ids`,
      url: gateway.baseUrl,
      headers: auth,
      rotate: {
        prefix: '/api/v1/marketplace/product/demo-1-',
        count: Math.min(POPULAR, options.products),
        radix: 36,
      },
      // A running gateway has its popular products cached: warm up with one request for each, and
      // again before each round, because the whole-catalog row between its rounds sweeps the cache
      // (the medians swung from 3,589 to 12,688 req/s with the interleaving alone).
      warmUp: { amount: Math.min(POPULAR, options.products), duration: 120 },
      warmEachRound: true,
    },
    {
      key: 'productAll',
      name: `gateway: product details, ${setup.rules} rules, rotating over all ${options.products.toLocaleString('en')} ids`,
      url: gateway.baseUrl,
      headers: auth,
      // Demo ids are demo-1-<index in base 36>.
      rotate: { prefix: '/api/v1/marketplace/product/demo-1-', count: options.products, radix: 36 },
    },
    ...searches.map(([name, query], i) => ({
      key: SEARCH_KEYS[i],
      name: `gateway: ${name}`,
      url: `${api}/search?${query}`,
      headers: auth,
      connections: 8,
    })),
    ...(coldApi
      ? searches.map(([name, query], i) => ({
          key: COLD_KEYS[i],
          name: `gateway, search cache off: ${name}`,
          url: `${coldApi}/search?${query}`,
          headers: auth,
          connections: 8,
          server: cold,
        }))
      : []),
    { key: 'punchout', name: 'gateway: punchout creation (+ audit event)', ...punchout },
  ];
  // Each endpoint is measured in `rounds` short runs, interleaved with the others (A B C ..., A B C
  // ...), and reported by its median round: load from other processes on a shared machine then
  // shifts every endpoint alike instead of whichever happened to run at the time.
  const selected = scenarios.filter(({ key }) => !options.only || options.only.has(key));
  for (const { name, warmUp, key: _key, server: _server, warmEachRound: _each, ...load } of selected) {
    log(`warming up ${name}`);
    await measure(`warm-up ${name}`, {
      ...load,
      connections: load.connections ?? 16,
      duration: 2,
      ...warmUp,
    });
  }
  const rounds = new Map(selected.map(({ key }) => [key, []]));
  const roundSeconds = Math.max(1, Math.round(duration / options.rounds));
  for (let round = 1; round <= options.rounds; round++) {
    for (const { key, name, warmUp, warmEachRound, server = gateway, ...load } of selected) {
      log(`round ${round}/${options.rounds}: ${name}`);
      const connections = load.connections ?? 16;
      if (warmEachRound && round > 1)
        await measure(`warm-up ${name}`, { ...load, connections, duration: 2, ...warmUp });
      const row = await measure(name, { ...load, connections, duration: roundSeconds });
      rounds.get(key).push({ key, ...row, connections, rssMb: key.startsWith('s') ? null : server.rssMb() });
    }
  }
  if (cold) await cold.stop();
  const rows = selected.map(({ key }) => {
    const runs = [...rounds.get(key)].sort((a, b) => a['req/s'] - b['req/s']);
    const median = runs[Math.floor(runs.length / 2)];
    return {
      ...median,
      // Errors of any round count; the spread shows how steady the machine was.
      non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
      spread: runs.map((r) => r['req/s'].toLocaleString('en')).join(' / '),
    };
  });
  const peakRssMb = gateway.peakRssMb();
  const finishedAt = new Date();
  return {
    options,
    rows,
    peakRssMb,
    catalog,
    startedAt,
    finishedAt,
    commit,
    loadBefore,
    loadAfter: load(),
    rules: setup.rules,
  };
}

const pct = (a, b) => (a && b ? `${Math.round((100 * a) / b)}%` : '–');

function markdown(result) {
  const { options, rows, peakRssMb, catalog } = result;
  if (options.only)
    return `${rows.map((r) => `${r.name}: ${r['req/s']} req/s, p50 ${r['p50 ms']} ms, p99 ${r['p99 ms']} ms, rss ${r.rssMb} MB`).join('\n')}\npeak RSS ${peakRssMb} MB\n`;
  const by = Object.fromEntries(rows.map((row) => [row.key, row]));
  const staticRps = by.static['req/s'];
  const select1Rps = by.select1['req/s'];
  const big = options.products >= 1_000_000;
  const searchP99 = big ? 150 : 50;
  const check = (ok) => (ok ? 'met' : '**missed**');
  const targets = [
    [
      'guarded no-op ≥ 70% of plain Fastify (own process, static route)',
      pct(by.guarded['req/s'], staticRps),
      check(by.guarded['req/s'] >= 0.7 * staticRps),
    ],
    [
      "guarded no-op ≥ 70% of a plain Fastify route on the gateway's instance (the first measurement)",
      pct(by.guarded['req/s'], by.plain['req/s']),
      check(by.guarded['req/s'] >= 0.7 * by.plain['req/s']),
    ],
    [
      'product details ≥ 60% of the guarded no-op',
      pct(by.product['req/s'], by.guarded['req/s']),
      check(by.product['req/s'] >= 0.6 * by.guarded['req/s']),
    ],
    ['product details p99 ≤ 25 ms', `${by.product['p99 ms']} ms`, check(by.product['p99 ms'] <= 25)],
    ...SEARCH_KEYS.map((key) => [
      `search ${key} p99 ≤ ${searchP99} ms at 8 connections`,
      `${by[key]['p99 ms']} ms`,
      check(by[key]['p99 ms'] <= searchP99),
    ]),
    // The uncached cost, for the record: the targets judge the default configuration above.
    ...COLD_KEYS.filter((key) => by[key]).map((key) => [
      `search ${key} p99 with SEARCH_CACHE_MAX_ENTRIES=0 (informational)`,
      `${by[key]['p99 ms']} ms`,
      'info',
    ]),
  ];
  if (big)
    targets.push(['gateway RSS < 400 MB through the run', `${peakRssMb} MB peak`, check(peakRssMb < 400)]);
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const cpus = os.cpus();
  return [
    `# Benchmark, ${options.products.toLocaleString('en')} products, ${result.startedAt.toISOString().slice(0, 10)}`,
    '',
    `Command: \`npm run bench${options.products === 100_000 ? '' : ` -- --products ${options.products}`}\` ` +
      `(each endpoint: a 2 s warm-up, then ${options.rounds} rounds of ${Math.max(1, Math.round(options.duration / options.rounds))} s ` +
      'interleaved with the other endpoints, the median round reported; the popular product ids are requested ' +
      'once each before every round of their row; autocannon in its own process, loopback; the gateway ' +
      'with the Docker image heap cap).',
    '',
    `- Commit: ${result.commit}; Node ${process.version}; ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}`,
    `- Started ${result.startedAt.toISOString()}, finished ${result.finishedAt.toISOString()}`,
    `- Load average (1, 5, 15 min) before: ${result.loadBefore}; after: ${result.loadAfter}`,
    `- Catalog: ${catalog.name} (${catalog.buildSeconds === null ? 'reused' : `built in ${catalog.buildSeconds.toFixed(0)} s`}), ` +
      `${result.rules} active guidance rules; database pool ${POOL_MAX} connections in both processes`,
    `- Gateway peak RSS (VmHWM) over the whole run: **${peakRssMb ?? '?'} MB**`,
    '',
    line([
      'Endpoint',
      'conns',
      'req/s',
      'p50 ms',
      'p99 ms',
      'non-2xx',
      'vs static',
      'vs SELECT 1',
      'gateway RSS MB',
      'req/s per round',
    ]),
    line(['---', '--:', '--:', '--:', '--:', '--:', '--:', '--:', '--:', '--:']),
    ...rows.map((row) =>
      line([
        row.name,
        row.connections,
        row['req/s'].toLocaleString('en'),
        row['p50 ms'],
        row['p99 ms'],
        row.non2xx + row.errors,
        pct(row['req/s'], staticRps),
        pct(row['req/s'], select1Rps),
        row.rssMb ?? '',
        row.spread,
      ]),
    ),
    '',
    '## Targets (same run)',
    '',
    line(['Target', 'Measured', '']),
    line(['---', '--:', '---']),
    ...targets.map(line),
    '',
  ].join('\n');
}

async function main(args) {
  const options = parseArgs(args);
  const cleanup = [];
  let interrupted = false;
  // Once, whoever asks first (the signal handler or the end of the run); both wait for it.
  let stopping;
  const teardown = () =>
    (stopping ??= (async () => {
      stopLoadGenerators();
      await stopAllServers();
      // Reverse order: servers before the database copy, the copy before the embedded server.
      for (const step of cleanup.reverse()) await Promise.resolve(step()).catch(() => undefined);
    })());
  const onSignal = (signal) => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`${signal}: stopping the benchmark and everything it started\n`);
    teardown().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let result;
  try {
    result = await run(options, cleanup);
  } finally {
    // Also after a failure: the caller exits the process as soon as this rejects.
    await teardown();
  }
  // A partial run (--only) is printed, not written as a results file.
  if (options.only) return console.log(markdown(result));
  const dir = join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${result.startedAt.toISOString().slice(0, 10)}-${options.products}.md`);
  const text = markdown(result);
  writeFileSync(file, text);
  console.log(text);
  console.log(`written to ${file}`);
}

module.exports = { main };
