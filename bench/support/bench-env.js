// Shared plumbing for the benchmark scripts: a fresh migrated database, the real application
// from the build output (dist/), autocannon runs reported as req/s and latency percentiles.
// Benchmarks only ever target 127.0.0.1. Run them with `npm run bench -- <name>`.
'use strict';
const { randomBytes } = require('node:crypto');
const { chmodSync, mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { URL } = require('node:url');
const autocannon = require('autocannon');
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

/** One autocannon run; bounded by duration, loopback only. */
function measure(name, options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 16, duration: 10, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        name,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

function report(title, rows) {
  console.log(`\n${title}`);
  console.table(rows);
}

module.exports = { startBenchDatabase, startBenchApp, measure, report };
