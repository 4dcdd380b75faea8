// Shared plumbing for the benchmark scripts: a fresh migrated database, the real application
// from the build output (dist/), autocannon runs reported as req/s and latency percentiles.
// Benchmarks only ever target 127.0.0.1. Run them with `npm run bench -- <name>`.
'use strict';
const { randomBytes } = require('node:crypto');
const { chmodSync, mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { URL } = require('node:url');
const { execFile } = require('node:child_process');

/** Load-generator processes still running: stopped on Ctrl-C by the benchmark suite. */
const running = new Set();

/** Stops every load generator still running (benchmark interrupted). */
function stopLoadGenerators() {
  for (const child of running) child.kill('SIGTERM');
}
const { Client } = require('pg');

const dist = (path) => require(join(__dirname, '../../dist', path));

/** A fresh, migrated database on BENCH_DATABASE_URL/DATABASE_URL's server, or on an embedded one. */
async function startBenchDatabase() {
  const { runMigrations } = dist('database/migration-runner');
  let serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  let embedded;
  if (!serverUrl) {
    const { startEmbeddedPostgres } = dist('database/embedded-postgres');
    const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
    chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres({
      dir: join(dir, 'pg'),
      port: 54399,
      database: 'postgres',
      ephemeral: true,
    });
    serverUrl = embedded.url;
  }
  const name = `gateway_bench_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await runMigrations(url.toString());
  return {
    url: url.toString(),
    async drop() {
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      if (embedded) await embedded.stop();
    },
  };
}

async function onServer(serverUrl, work) {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The real application on `databaseUrl`, listening on a random loopback port. */
async function startBenchApp(databaseUrl, env = {}) {
  const { loadConfig } = dist('config/app-config');
  const { createApp } = dist('bootstrap/create-app');
  const { PrismaService } = dist('database/prisma.service');
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATABASE_URL: databaseUrl, ...env });
  const app = await createApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address();
  return {
    app,
    config,
    prisma: app.get(PrismaService),
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => app.close(),
  };
}

/**
 * One autocannon run, bounded by duration, loopback only, in a child process: in the server's own
 * process the load generator competes with the server for the event loop and distorts the result
 * (a guarded route measured ~450 req/s in-process against ~8,000 req/s from outside).
 * `rotate: {prefix, count, radix}` requests prefix + 0, prefix + 1, ... (numbers in `radix`) in turn;
 * `rotateHeaders: [headers, ...]` sends each set of headers in turn; `pathsFile: <file>` requests the
 * paths of a JSON array in that file in order (a query log too large for the environment);
 * `bodiesFile: <file>` sends the bodies of a JSON array in that file in order.
 */
function measure(name, options) {
  const script = `
    const autocannon = require('autocannon');
    const load = JSON.parse(process.env.LOAD);
    if (load.rotate) {
      // Paths prefix + 0, 1, 2, ... in turn (functions cannot cross the process boundary).
      let next = 0;
      const { prefix, count, radix = 10 } = load.rotate;
      load.requests = [{ setupRequest: (request) => ({ ...request, path: prefix + (next++ % count).toString(radix) }) }];
    }
    if (load.rotateBody) {
      // A body per request: the marker replaced by a unique value (e.g. a cXML payloadID, never replayed).
      let next = 0;
      const { template, marker } = load.rotateBody;
      const run = process.pid + '-' + Date.now();
      load.requests = [{ setupRequest: (request) => ({ ...request, body: template.split(marker).join(run + '.' + next++) }) }];
    }
    if (load.bodiesFile) {
      // Prepared bodies (e.g. orders naming distinct carts), in order, wrapping around at the end.
      let next = 0;
      const bodies = JSON.parse(require('node:fs').readFileSync(load.bodiesFile, 'utf8'));
      delete load.bodiesFile;
      load.requests = [{ setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }];
    }
    if (load.pathsFile) {
      // A recorded sequence of paths (e.g. a query log), in order, wrapping around at its end.
      let next = 0;
      const paths = JSON.parse(require('node:fs').readFileSync(load.pathsFile, 'utf8'));
      delete load.pathsFile;
      load.requests = [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }];
    }
    if (load.rotateHeaders) {
      // Header sets (e.g. tokens of several organizations or users) in turn, with the paths above if any.
      let next = 0;
      const sets = load.rotateHeaders;
      const paths = load.requests?.[0].setupRequest ?? ((request) => request);
      load.requests = [{ setupRequest: (request) => ({ ...paths(request), headers: sets[next++ % sets.length] }) }];
    }
    autocannon(load, (error, r) => {
      if (error) { console.error(error); process.exit(1); }
      process.stdout.write(JSON.stringify({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99,
        total: r.requests.total, non2xx: r.non2xx, errors: r.errors }));
    });`;
  const load = { connections: 16, duration: 10, ...options };
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['-e', script],
      { cwd: join(__dirname, '../..'), env: { ...process.env, LOAD: JSON.stringify(load) } },
      (error, stdout) => {
        running.delete(child);
        if (error) return reject(error);
        const r = JSON.parse(stdout);
        resolve({
          name,
          'req/s': Math.round(r.rps),
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          requests: r.total,
          non2xx: r.non2xx,
          errors: r.errors,
        });
      },
    );
    running.add(child);
  });
}

/** The organization `slug` (default 'bench') with user `email` and a valid bearer token (upserts: databases may be reused). */
async function benchToken(prisma, slug = 'bench', email = 'bench@example.com') {
  const { generateSecret, sha256 } = dist('common/crypto/secrets');
  // Upserts, so a pre-generated catalog database can be benchmarked again and again.
  const organization = await prisma.organization.upsert({
    where: { slug },
    create: { slug, name: `Bench ${slug}` },
    update: {},
  });
  const client = await prisma.oAuthClient.upsert({
    where: { clientId: `${slug}-client` },
    create: {
      organizationId: organization.id,
      clientId: `${slug}-client`,
      secretHash: sha256(generateSecret('x_')),
    },
    update: {},
  });
  const user = await prisma.user.upsert({
    where: { organizationId_email: { organizationId: organization.id, email } },
    create: { organizationId: organization.id, email },
    update: {},
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
  return { organization, token };
}

function report(title, rows) {
  console.log(`\n${title}`);
  console.table(rows);
}

module.exports = { startBenchDatabase, startBenchApp, benchToken, measure, report, stopLoadGenerators };
