// The benchmark catalog: a migrated database holding N generated demo products, built once and kept
// on the server under a name that says what it holds (size + a hash of the migrations and the catalog
// code), so reruns skip the build. Each run works on a throw-away copy (CREATE DATABASE ... TEMPLATE),
// so what one run writes (punchout sessions, audit events, tokens) never reaches the next one.
'use strict';
const { createHash, randomBytes } = require('node:crypto');
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');
const { URL } = require('node:url');
const { Client } = require('pg');

const ROOT = join(__dirname, '../..');
const dist = (path) => require(join(ROOT, 'dist', path));

/** Files under `dir` (recursively) whose name passes `keep`, sorted. */
function filesUnder(dir, keep) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, keep));
    else if (keep(entry)) out.push(path);
  }
  return out.sort();
}

/**
 * Catalog code that only reads (the search query, filters, texts): a change there leaves the built
 * data as it is, so it must not throw away a catalog whose 1,000,000-product build takes many minutes.
 */
const READ_SIDE = new Set([
  'sql-fragment.ts',
  'catalog-id.pipe.ts',
  'catalog.messages.ts',
  'placeholder-image.ts',
  'catalog.module.ts',
  'catalog-version.watcher.ts',
]);

/** What the built catalog depends on: the schema (migrations) and the catalog code that writes (generator, writer, index terms). */
function catalogFingerprint() {
  const hash = createHash('sha256');
  const files = [
    ...filesUnder(join(ROOT, 'prisma/migrations'), (name) => name.endsWith('.sql')),
    ...filesUnder(
      join(ROOT, 'src/catalog'),
      (name) => name.endsWith('.ts') && !name.endsWith('.spec.ts') && !READ_SIDE.has(name),
    ),
  ];
  for (const file of files) hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex').slice(0, 10);
}

async function onDatabase(url, work) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function withDatabase(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The PostgreSQL server to use: BENCH_DATABASE_URL or DATABASE_URL, else an embedded one whose data
 * directory (.data/bench-postgres) is kept, so its cached catalogs survive between runs.
 */
async function startServer() {
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (serverUrl) return { serverUrl, stop: async () => undefined };
  const { startEmbeddedPostgres } = dist('database/embedded-postgres');
  const embedded = await startEmbeddedPostgres({
    dir: join(ROOT, '.data/bench-postgres'),
    port: Number(process.env.BENCH_EMBEDDED_PORT || 54398),
    database: 'postgres',
  });
  return { serverUrl: embedded.url, stop: () => embedded.stop() };
}

/**
 * Makes sure the cached catalog of `products` demo products exists (building it if not) and returns
 * its name. The build goes into a scratch database that is renamed only once complete, so an
 * interrupted build is never mistaken for a catalog.
 */
async function ensureCatalog(serverUrl, products, log, cleanup = []) {
  const prefix = `gateway_bench_catalog_${products}_`;
  const name = `${prefix}${catalogFingerprint()}`;
  const existing = await onDatabase(serverUrl, async (client) => {
    // starts_with, not LIKE: "_" is LIKE's wildcard, so the 100,000 prefix matched (and a 100,000 run
    // dropped) the 1,000,000 catalog.
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      prefix,
    ]);
    return rows.map((row) => row.datname);
  });
  if (existing.includes(name)) {
    log(`catalog: reusing ${name}`);
    return { name, buildSeconds: null };
  }
  // Catalogs of the same size built from other code are stale (and large): replace them.
  for (const stale of existing) {
    log(`catalog: dropping stale ${stale}`);
    await onDatabase(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${stale}" WITH (FORCE)`));
  }
  const scratch = `gateway_bench_building_${randomBytes(4).toString('hex')}`;
  await onDatabase(serverUrl, (client) => client.query(`CREATE DATABASE "${scratch}"`));
  // An interrupted build leaves nothing behind (after the rename this finds nothing to drop).
  cleanup.push(() =>
    onDatabase(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`)),
  );
  const started = Date.now();
  try {
    const { runMigrations } = dist('database/migration-runner');
    const { startBenchApp } = require('./bench-env');
    await runMigrations(withDatabase(serverUrl, scratch));
    const gateway = await startBenchApp(withDatabase(serverUrl, scratch), {
      DATABASE_POOL_MAX: '4',
      // The closing CLUSTER of 1,000,000 products outlasts the default 20 s client-side query
      // timeout on a busy machine ("Query read timeout" after the whole generation): allow 10 min.
      DATABASE_STATEMENT_TIMEOUT_MS: '600000',
      DATABASE_QUERY_TIMEOUT_MS: '600000',
    });
    try {
      const { CatalogService } = dist('catalog/catalog.service');
      let last = 0;
      await gateway.app.get(CatalogService).generateDemo({
        products,
        seed: 1,
        onProgress: (done) => {
          if (done - last >= products / 10 || done === products) {
            last = done;
            log(`catalog: generated ${done}/${products} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
          }
        },
      });
    } finally {
      await gateway.close();
    }
    await onDatabase(serverUrl, (client) => client.query(`ALTER DATABASE "${scratch}" RENAME TO "${name}"`));
  } catch (error) {
    await onDatabase(serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`),
    ).catch(() => undefined);
    throw error;
  }
  const buildSeconds = (Date.now() - started) / 1000;
  log(`catalog: built ${name} in ${buildSeconds.toFixed(0)} s`);
  return { name, buildSeconds };
}

/**
 * Reads every table and index of a fresh copy once (pg_prewarm, into the operating system's cache):
 * the copy's files are new, so otherwise the first row measured (the baseline) would read a cold
 * 1,000,000-product catalog from disk while the rows after it find it cached.
 */
async function prewarm(url) {
  await onDatabase(url, async (client) => {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    await client.query(`SELECT pg_prewarm(c.oid, 'read') FROM pg_class c
                         WHERE c.relnamespace IN ('public'::regnamespace, 'pg_toast'::regnamespace)
                           AND c.relkind IN ('r', 'i', 't')`);
  });
}

/** A throw-away copy of catalog `name` for one run, read once into the cache; drop() removes it. */
async function copyCatalog(serverUrl, name) {
  // Copies of runs that were killed outright (SIGKILL) are dropped by the next run after a day.
  const now = Math.floor(Date.now() / 1000);
  await onDatabase(serverUrl, async (client) => {
    const { rows } = await client.query(
      "SELECT datname FROM pg_database WHERE datname ~ '^gateway_bench_run_[0-9]+_[0-9a-f]+$'",
    );
    for (const { datname } of rows) {
      if (now - Number(datname.split('_')[3]) > 86_400)
        await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  });
  const copy = `gateway_bench_run_${now}_${randomBytes(4).toString('hex')}`;
  // FILE_COPY: a file-level copy, much faster than the WAL-logged default for a large template.
  await onDatabase(serverUrl, (client) =>
    client.query(`CREATE DATABASE "${copy}" TEMPLATE "${name}" STRATEGY FILE_COPY`),
  );
  const url = withDatabase(serverUrl, copy);
  await prewarm(url);
  return {
    name: copy,
    url,
    drop: () =>
      onDatabase(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`)),
  };
}

module.exports = { startServer, ensureCatalog, copyCatalog, onDatabase };
