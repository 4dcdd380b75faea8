// Search as buyers use it: `npm run bench -- search-longtail [--products N] [--duration S]`.
// 1. The demo catalog of N products (default 100,000; built once and kept, support/catalog-database.js),
//    a throw-away copy per run; two organizations: `longtail-rules` with the demo organization's
//    guidance rules, `longtail-plain` with none.
// 2. A query log built deterministically from the catalog's own product names (seeded PRNG over the
//    products in id order): single words, word pairs from one name, some with a filter (price range,
//    is_prime, availability), some asking for page 2; 4,000 distinct queries.
// 3. Measured at 8 connections, one after the other in the same run: the plain-PostgreSQL baseline
//    (plain Fastify + pg: the same full-text match and rank, top 24 plus a count capped at 10,000, no
//    guidance, no facets; support/baseline-server.js) over the distinct log; then the gateway (default
//    configuration, result cache on) for each organization with three workloads: every query
//    distinct (the log in order), Zipf-distributed repeats over the log (s = 1), and one repeated
//    query. Each workload starts a fresh gateway process, so no workload warms the next one's cache.
// 4. Writes bench/results/<YYYY-MM-DD>-search-longtail-<N>.md with the load average before and after
//    (the machine is shared: read the figures with it) and the targets of the issue, met or missed.
'use strict';
const { execFileSync } = require('node:child_process');
const { mkdirSync, mkdtempSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const { benchToken, measure, startBenchApp, stopLoadGenerators } = require('./support/bench-env');
const { benchServerEnv, NO_REFUSALS } = require('./support/server-env');
const { startServer, ensureCatalog, copyCatalog } = require('./support/catalog-database');
const { startServerProcess, stopAllServers } = require('./support/processes');
const { LOG_SIZE, queryLog, zipfSequence } = require('./support/search-workload');

const ROOT = join(__dirname, '..');
const dist = (path) => require(join(ROOT, 'dist', path));
const CONNECTIONS = 8;
const ZIPF_LENGTH = 40_000;

function parseArgs(args) {
  const options = { products: 100_000, duration: 10 };
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

/** Organization `slug` and its token; `longtail-rules` gets the demo organization's rules. */
async function prepare(databaseUrl) {
  const gateway = await startBenchApp(databaseUrl, { DATABASE_POOL_MAX: '2' });
  try {
    const { DEMO_GUIDANCE_RULES } = dist('demo/demo-seed.service');
    const tokens = {};
    for (const slug of ['longtail-rules', 'longtail-plain']) {
      const { token } = await benchToken(gateway.prisma, slug);
      tokens[slug] = token;
      if (slug === 'longtail-rules') {
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
    }
    return { tokens, rules: DEMO_GUIDANCE_RULES.length };
  } finally {
    await gateway.close();
  }
}

function serverEnv(databaseUrl) {
  return benchServerEnv(databaseUrl, {
    API_RATE_LIMIT_PER_USER: NO_REFUSALS,
    API_RATE_LIMIT_PER_CLIENT: NO_REFUSALS,
    // 8 connections of one bench user: the per-user cap would measure the cap, not the search.
    SEARCH_CONCURRENT_PER_USER: '0',
  });
}

function loadAverage() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
}

function table(rows) {
  const head =
    '| workload | organization | req/s | p50 ms | p99 ms | requests | non-2xx |\n| --- | --- | --: | --: | --: | --: | --: |';
  return [
    head,
    ...rows.map(
      (r) =>
        `| ${r.workload} | ${r.organization} | ${r['req/s'].toLocaleString('en-US')} | ${r['p50 ms']} | ${r['p99 ms']} | ${r.requests} | ${r.non2xx} |`,
    ),
  ].join('\n');
}

async function main(args) {
  const options = parseArgs(args);
  const log = (line) => process.stderr.write(`${line}\n`);
  const started = new Date();
  const loadBefore = loadAverage();
  const { serverUrl, stop } = await startServer();
  const { name } = await ensureCatalog(serverUrl, options.products, log);
  const copy = await copyCatalog(serverUrl, name);
  const dir = mkdtempSync(join(os.tmpdir(), 'gateway-longtail-'));
  const rows = [];
  try {
    const { tokens, rules } = await prepare(copy.url);
    // The log plus 300 more for warming up each fresh process (never measured, so never cached).
    const all = await queryLog(copy.url, LOG_SIZE + 300);
    const queries = all.slice(0, LOG_SIZE);
    const files = {
      distinct: join(dir, 'distinct.json'),
      zipf: join(dir, 'zipf.json'),
      repeated: join(dir, 'repeated.json'),
      baseline: join(dir, 'baseline.json'),
      warmUp: join(dir, 'warm-up.json'),
    };
    const gatewayPath = (q) => `/api/v1/marketplace/search?${q}`;
    writeFileSync(files.distinct, JSON.stringify(queries.map(gatewayPath)));
    writeFileSync(
      files.zipf,
      JSON.stringify(zipfSequence(queries.length, ZIPF_LENGTH).map((i) => gatewayPath(queries[i]))),
    );
    writeFileSync(files.repeated, JSON.stringify([gatewayPath('query=kabel')]));
    writeFileSync(files.warmUp, JSON.stringify(all.slice(LOG_SIZE).map(gatewayPath)));
    writeFileSync(files.baseline, JSON.stringify(queries.map((q) => `/search?${q}`)));
    const duration = options.duration;

    log('baseline: plain Fastify + pg, the same match and rank');
    const baseline = await startServerProcess(
      join(__dirname, 'support/baseline-server.js'),
      serverEnv(copy.url),
    );
    try {
      await measure('warm-up', {
        url: baseline.baseUrl,
        pathsFile: files.baseline,
        connections: 2,
        duration: 2,
      });
      rows.push({
        workload:
          'plain PostgreSQL: same full-text match and rank, top 24 + count capped at 10,000 (distinct queries)',
        organization: '-',
        ...(await measure('baseline', {
          url: baseline.baseUrl,
          pathsFile: files.baseline,
          connections: CONNECTIONS,
          duration,
        })),
      });
    } finally {
      await baseline.stop();
    }

    for (const [workload, file] of [
      ['gateway, every query distinct', files.distinct],
      ['gateway, Zipf-distributed repeats (s = 1)', files.zipf],
      ['gateway, one repeated query ("kabel")', files.repeated],
    ]) {
      for (const slug of ['longtail-rules', 'longtail-plain']) {
        // A fresh process per measurement: no workload or organization warms another's cache.
        const gateway = await startServerProcess(
          join(__dirname, 'support/gateway-process.js'),
          serverEnv(copy.url),
        );
        try {
          log(`${workload}, ${slug}`);
          const headers = { authorization: `Bearer ${tokens[slug]}` };
          // A fresh process answers its first requests slowly (connections, JIT): warm it up first.
          await measure('warm-up', {
            url: gateway.baseUrl,
            pathsFile: files.warmUp,
            headers,
            connections: 2,
            duration: 3,
          });
          rows.push({
            workload,
            organization: slug === 'longtail-rules' ? `with the ${rules} demo rules` : 'without rules',
            ...(await measure(workload, {
              url: gateway.baseUrl,
              pathsFile: file,
              headers,
              connections: CONNECTIONS,
              duration,
            })),
          });
        } finally {
          await gateway.stop();
        }
      }
    }
  } finally {
    await copy.drop();
    await stop();
  }

  const baseline = rows[0];
  const distinctRules = rows.find(
    (r) => r.workload.includes('distinct') && r.organization.startsWith('with'),
  );
  const distinctPlain = rows.find(
    (r) => r.workload.includes('distinct') && r.organization === 'without rules',
  );
  const ratio = (a, b) => `${Math.round((100 * a) / b)}%`;
  const verdict = (ok) => (ok ? 'met' : '**missed**');
  const rulesCost = 1 - distinctRules['req/s'] / distinctPlain['req/s'];
  const targets = [
    [
      "distinct queries with rules: ≥ 60% of the baseline's req/s",
      ratio(distinctRules['req/s'], baseline['req/s']),
      verdict(distinctRules['req/s'] >= 0.6 * baseline['req/s']),
    ],
    [
      "distinct queries with rules: p99 ≤ 1.5 × the baseline's p99",
      `${distinctRules['p99 ms']} ms vs ${baseline['p99 ms']} ms`,
      verdict(distinctRules['p99 ms'] <= 1.5 * baseline['p99 ms']),
    ],
    [
      'guidance rules cost ≤ 15% of req/s (distinct queries)',
      `${Math.round(100 * rulesCost)}%`,
      verdict(rulesCost <= 0.15),
    ],
  ];
  if (options.products >= 1_000_000) {
    targets.push([
      'at 1,000,000 products: distinct queries with rules (filtered ones included), p99 ≤ 150 ms',
      `${distinctRules['p99 ms']} ms`,
      verdict(distinctRules['p99 ms'] <= 150),
    ]);
  }
  let sha = 'unknown';
  try {
    sha = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  const day = started.toISOString().slice(0, 10);
  const text = `# Long-tail search benchmark, ${options.products.toLocaleString('en-US')} products, ${day}

Command: \`npm run bench -- search-longtail --products ${options.products} --duration ${options.duration}\` (bench/search-longtail.bench.js).
A query log of ${LOG_SIZE.toLocaleString('en-US')} distinct searches built deterministically from the catalog's product names
(single words, word pairs, a quarter with a filter, a tenth asking for page 2), ${CONNECTIONS} connections, ${options.duration} s per row,
autocannon in its own process on loopback; each gateway row on a fresh gateway process (default configuration,
result cache on; rate limits and the per-user search cap out of reach); the baseline is plain Fastify + pg on the
same database (the same full-text match and rank, top 24 plus a count capped at 10,000, no guidance, no facets).

- Commit: ${sha}; Node ${process.version}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}
- Started ${started.toISOString()}, finished ${new Date().toISOString()}
- Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAverage()} (the machine is shared with other work)
- Catalog: ${name}; database pool 10 connections in each process

${table(rows)}

## Targets (same run)

| target | measured | |
| --- | --: | --- |
${targets.map((t) => `| ${t.join(' | ')} |`).join('\n')}
`;
  process.stdout.write(text);
  mkdirSync(join(__dirname, 'results'), { recursive: true });
  const file = join(__dirname, 'results', `${day}-search-longtail-${options.products}.md`);
  writeFileSync(file, text);
  log(`wrote ${file}`);
}

process.on('SIGINT', () => {
  stopLoadGenerators();
  void stopAllServers().finally(() => process.exit(130));
});

module.exports = { main };
