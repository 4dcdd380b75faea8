// Search with a read replica: `npm run bench -- search-replicas [--products N] [--duration S]`.
// 1. A PostgreSQL 17 primary and a hot standby streaming from it, both started here from the shipped
//    server binaries (support/postgres-standby.js), on this machine, so they share its cores; the demo
//    catalog of N products (default 20,000) built on the primary and replayed by the standby.
// 2. The distinct-query search workload of search-longtail (4,000 distinct searches from the catalog's
//    own product names, support/search-workload.js) at 8 connections, one after the other in the same
//    run: the plain-PostgreSQL baseline (plain Fastify + pg on the primary, support/baseline-server.js),
//    the gateway reading the primary only, and the gateway with the standby as DATABASE_REPLICA_URLS.
//    Each gateway row is a fresh process (no warm cache), warmed up on other queries first; the two
//    gateway setups run in --rounds R rounds (default 2) of alternating order.
// 3. Counts the transactions each server committed during each row (pg_stat_database), so the table
//    shows where the searches were read.
// 4. Writes bench/results/<YYYY-MM-DD>-search-replicas-<N>.md with the core count and load average:
//    where all servers share a few cores, a replica adds no CPU, and the figures say what routing
//    costs, not what a replica on its own machine gains (docs/operations.md, "Read replicas").
'use strict';
/* global fetch */
const { execFileSync } = require('node:child_process');
const { mkdirSync, mkdtempSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { benchToken, measure, startBenchApp, stopLoadGenerators } = require('./support/bench-env');
const { benchServerEnv, NO_REFUSALS } = require('./support/server-env');
const { ensureCatalog, onDatabase } = require('./support/catalog-database');
const { startPrimaryAndStandby } = require('./support/postgres-standby');
const { startServerProcess, stopAllServers } = require('./support/processes');
const { LOG_SIZE, queryLog } = require('./support/search-workload');

const ROOT = join(__dirname, '..');
const CONNECTIONS = 8;
/** Stops the primary and the standby (also on Ctrl-C). */
let stopPostgres = () => Promise.resolve();

function parseArgs(args) {
  const options = { products: 20_000, duration: 10, rounds: 2 };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split('=', 2);
    const value = inline ?? args[++i];
    if (flag === '--products') options.products = Number(value);
    else if (flag === '--duration') options.duration = Number(value);
    else if (flag === '--rounds') options.rounds = Number(value);
    else throw new Error(`unknown option ${args[i]} (use --products N, --duration S, --rounds R)`);
  }
  if (!Number.isInteger(options.products) || options.products < 1_000 || options.products > 200_000)
    throw new Error('--products must be an integer from 1000 to 200000');
  if (!Number.isInteger(options.rounds) || options.rounds < 1 || options.rounds > 10)
    throw new Error('--rounds must be an integer from 1 to 10');
  return options;
}

function serverEnv(databaseUrl, extra = {}) {
  return benchServerEnv(databaseUrl, {
    API_RATE_LIMIT_PER_USER: NO_REFUSALS,
    API_RATE_LIMIT_PER_CLIENT: NO_REFUSALS,
    SEARCH_CONCURRENT_PER_USER: '0',
    ...extra,
  });
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** Transactions committed in `database` on the server at `url` so far. */
const commits = (url) =>
  onDatabase(url, async (client) => {
    const { rows } = await client.query(
      'SELECT xact_commit::bigint AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0].n);
  });

/** Until the standby has replayed everything the primary has written so far (at most 10 minutes). */
async function standbyCaughtUp(primaryUrl, standbyUrl) {
  const lsn = await onDatabase(
    primaryUrl,
    async (c) => (await c.query('SELECT pg_current_wal_flush_lsn() AS l')).rows[0].l,
  );
  for (const deadline = Date.now() + 600_000; Date.now() < deadline; await sleep(200)) {
    const done = await onDatabase(standbyUrl, async (c) => {
      const { rows } = await c.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [lsn]);
      return rows[0].ok;
    }).catch(() => false);
    if (done) return;
  }
  throw new Error('the standby did not catch up within 10 minutes');
}

/** Until the gateway's /readyz shows the replica usable (at most 30 s). */
async function replicaUsable(baseUrl) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    const response = await fetch(`${baseUrl}/readyz`);
    const body = await response.json();
    if (body.details?.replicas?.usable === 1) return;
  }
  throw new Error('the gateway did not find the replica usable within 30 s');
}

function table(rows) {
  const head =
    '| workload | req/s | p50 ms | p99 ms | requests | non-2xx | primary transactions | standby transactions |\n| --- | --: | --: | --: | --: | --: | --: | --: |';
  return [
    head,
    ...rows.map(
      (r) =>
        `| ${r.workload} | ${r['req/s'].toLocaleString('en-US')} | ${r['p50 ms']} | ${r['p99 ms']} | ${r.requests} | ${r.non2xx} | ${r.primary.toLocaleString('en-US')} | ${r.standby.toLocaleString('en-US')} |`,
    ),
  ].join('\n');
}

async function main(args) {
  const options = parseArgs(args);
  const log = (line) => process.stderr.write(`${line}\n`);
  const started = new Date();
  const loadBefore = loadAverage();
  const servers = await startPrimaryAndStandby();
  stopPostgres = () => servers.stop();
  const dir = mkdtempSync(join(os.tmpdir(), 'gateway-replicas-'));
  const rows = [];
  try {
    const { name } = await ensureCatalog(servers.primaryUrl('postgres'), options.products, log);
    const primaryUrl = servers.primaryUrl(name);
    const standbyUrl = servers.standbyUrl(name);
    const prepare = await startBenchApp(primaryUrl, { DATABASE_POOL_MAX: '2' });
    let token;
    try {
      ({ token } = await benchToken(prepare.prisma, 'replicas-plain'));
    } finally {
      await prepare.close();
    }
    log('waiting for the standby to replay the catalog');
    await standbyCaughtUp(primaryUrl, standbyUrl);
    const all = await queryLog(primaryUrl, LOG_SIZE + 300);
    const files = {
      distinct: join(dir, 'distinct.json'),
      warmUp: join(dir, 'warm-up.json'),
      baseline: join(dir, 'baseline.json'),
    };
    writeFileSync(
      files.distinct,
      JSON.stringify(all.slice(0, LOG_SIZE).map((q) => `/api/v1/marketplace/search?${q}`)),
    );
    writeFileSync(
      files.warmUp,
      JSON.stringify(all.slice(LOG_SIZE).map((q) => `/api/v1/marketplace/search?${q}`)),
    );
    writeFileSync(files.baseline, JSON.stringify(all.slice(0, LOG_SIZE).map((q) => `/search?${q}`)));
    const duration = options.duration;

    /** One measured row, with the transactions each server committed while it ran. */
    const row = async (workload, load) => {
      const before = [await commits(primaryUrl), await commits(standbyUrl)];
      const measured = await measure(workload, { ...load, connections: CONNECTIONS, duration });
      const after = [await commits(primaryUrl), await commits(standbyUrl)];
      rows.push({ workload, ...measured, primary: after[0] - before[0], standby: after[1] - before[1] });
    };

    log('baseline: plain Fastify + pg on the primary');
    const baseline = await startServerProcess(
      join(__dirname, 'support/baseline-server.js'),
      serverEnv(primaryUrl),
    );
    try {
      await measure('warm-up', {
        url: baseline.baseUrl,
        pathsFile: files.baseline,
        connections: 2,
        duration: 2,
      });
      await row('plain PostgreSQL on the primary: same full-text match and rank (distinct queries)', {
        url: baseline.baseUrl,
        pathsFile: files.baseline,
      });
    } finally {
      await baseline.stop();
    }

    const setups = [
      ['gateway, primary only (distinct queries)', {}],
      ['gateway, primary + 1 replica (distinct queries)', { DATABASE_REPLICA_URLS: standbyUrl }],
    ];
    // Rounds in alternating order (A B, B A, ...): on a shared machine whatever runs later meets other
    // load and warmer caches; the order must not decide which setup looks faster.
    const order = [];
    for (let round = 0; round < options.rounds; round++)
      order.push(
        ...(round % 2 === 0 ? setups : [...setups].reverse()).map(([w, e]) => [
          `${w}, round ${round + 1}`,
          e,
        ]),
      );
    for (const [workload, extra] of order) {
      const gateway = await startServerProcess(
        join(__dirname, 'support/gateway-process.js'),
        serverEnv(primaryUrl, extra),
      );
      try {
        log(workload);
        if (extra.DATABASE_REPLICA_URLS) await replicaUsable(gateway.baseUrl);
        const headers = { authorization: `Bearer ${token}` };
        await measure('warm-up', {
          url: gateway.baseUrl,
          pathsFile: files.warmUp,
          headers,
          connections: 2,
          duration: 3,
        });
        await row(workload, { url: gateway.baseUrl, pathsFile: files.distinct, headers });
      } finally {
        await gateway.stop();
      }
    }
  } finally {
    await servers.stop();
  }

  let sha = 'unknown';
  try {
    sha = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  const day = started.toISOString().slice(0, 10);
  const baseline = rows[0];
  const sum = (setup, key) =>
    rows.filter((r) => r.workload.startsWith(setup)).reduce((n, r) => n + r[key], 0);
  const [primaryOnly, withReplica] = ['gateway, primary only', 'gateway, primary + 1 replica'].map(
    (setup) => ({
      'req/s': sum(setup, 'req/s') / options.rounds,
      primary: sum(setup, 'primary'),
      standby: sum(setup, 'standby'),
    }),
  );
  const ratio = (a, b) => `${Math.round((100 * a) / b)}%`;
  const text = `# Search with a read replica, ${options.products.toLocaleString('en-US')} products, ${day}

Command: \`npm run bench -- search-replicas --products ${options.products} --duration ${options.duration} --rounds ${options.rounds}\` (bench/search-replicas.bench.js).
${LOG_SIZE.toLocaleString('en-US')} distinct searches (the search-longtail log), ${CONNECTIONS} connections, ${options.duration} s per row, autocannon in its own
process on loopback; each gateway row on a fresh gateway process (result cache on, but every query is distinct);
the two gateway setups in ${options.rounds} rounds of alternating order.
PostgreSQL 17 primary and hot standby started by the benchmark **on this same machine**: the primary, the standby,
the gateway and the load generator all share its ${os.cpus().length} cores, so the replica row shows what routing to a
replica costs or saves here, not the capacity a replica on its own machine adds.

- Commit: ${sha}; Node ${process.version}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}
- Started ${started.toISOString()}, finished ${new Date().toISOString()}
- Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAverage()} (the machine is shared with other work)

${table(rows)}

- Gateway, primary only (mean of the rounds): ${ratio(primaryOnly['req/s'], baseline['req/s'])} of the baseline's req/s.
- Gateway with the replica (mean of the rounds): ${ratio(withReplica['req/s'], primaryOnly['req/s'])} of the primary-only req/s; in its rows the standby
  committed ${withReplica.standby.toLocaleString('en-US')} transactions (the searches' statements and the monitor's checks), the primary
  ${withReplica.primary.toLocaleString('en-US')} (token checks, the catalog version, the monitor's WAL samples).
`;
  process.stdout.write(text);
  mkdirSync(join(__dirname, 'results'), { recursive: true });
  const file = join(__dirname, 'results', `${day}-search-replicas-${options.products}.md`);
  writeFileSync(file, text);
  log(`wrote ${file}`);
}

process.on('SIGINT', () => {
  stopLoadGenerators();
  void Promise.all([stopAllServers(), stopPostgres()]).finally(() => process.exit(130));
});

module.exports = { main };
