// Feature facets (docs/search.md, "Feature facets"): search throughput with and without them, same run,
// same database. Generates N demo products (default 100000: `npm run bench -- search-feature-facets
// 100000`), gives every product outside the lab categories 20 features as an eCl@ss class would (the same
// 20 names for every product of a category, German and English, values with units or translated words),
// then measures each scenario on two gateways over that one database, both without the result cache:
// `SEARCH_FEATURE_FACETS=0` (the baseline: no feature facets offered) and the default (4). Rounds
// alternate which gateway goes first. Reports req/s, p50 and p99 per gateway and their ratio.
// BENCH_CONNECTIONS (default "2"), BENCH_SECONDS per row (default 10), BENCH_ROUNDS (default 2).
'use strict';
/* global fetch */
const { cpus, loadavg } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');

const ROOT = join(__dirname, '..');
const env = require('./support/bench-env');
const dist = (path) => require(join(ROOT, 'dist', path));

// [name, query string]: the lab categories (Messkolben) carry no features.
const SCENARIOS = [
  ['frequent term "cable"', 'query=cable'],
  ['"cable" in category cables', 'query=cable&category=cables'],
  ['"cable" in cables + feature filter', 'query=cable&category=cables&feature.farbe=schwarz'],
  ['compound part "papier"', 'query=papier'],
  ['rare term "Messkolben" (matches without features)', 'query=Messkolben'],
];
const CONNECTIONS = (process.env.BENCH_CONNECTIONS || '2').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const BASE_ENV = {
  DATABASE_POOL_MAX: '10',
  API_RATE_LIMIT_PER_USER: '0',
  API_RATE_LIMIT_PER_CLIENT: '0',
  SEARCH_CONCURRENT_PER_USER: '0',
  SEARCH_CACHE_MAX_ENTRIES: '0',
};

/**
 * 20 features per product, named per category as a classification system would ("Farbe" everywhere,
 * "Breite" ..., and the category's own), each value drawn from a small set by the product id.
 */
const FEATURE_SQL = `
  WITH names(k, de, en, unit, n) AS (VALUES
    (1, 'Farbe', 'Colour', NULL, 6), (2, 'Breite', 'Width', 'MMT', 12), (3, 'Höhe', 'Height', 'MMT', 12),
    (4, 'Tiefe', 'Depth', 'MMT', 12), (5, 'Gewicht', 'Weight', 'GRM', 20), (6, 'Material', 'Material', NULL, 4),
    (7, 'Verpackungseinheit', 'Pack size', 'C62', 5), (8, 'Herkunftsland', 'Country of origin', NULL, 8),
    (9, 'Garantie', 'Warranty', 'ANN', 3), (10, 'Zertifizierung', 'Certification', NULL, 4),
    (11, 'Merkmal A', 'Feature A', NULL, 10), (12, 'Merkmal B', 'Feature B', NULL, 10),
    (13, 'Merkmal C', 'Feature C', NULL, 10), (14, 'Merkmal D', 'Feature D', NULL, 10),
    (15, 'Merkmal E', 'Feature E', NULL, 10), (16, 'Merkmal F', 'Feature F', NULL, 10),
    (17, 'Merkmal G', 'Feature G', NULL, 10), (18, 'Merkmal H', 'Feature H', NULL, 10),
    (19, 'Merkmal I', 'Feature I', NULL, 10), (20, 'Merkmal J', 'Feature J', NULL, 10)
  ), colours(i, de, en) AS (VALUES (0, 'schwarz', 'black'), (1, 'weiß', 'white'), (2, 'blau', 'blue'),
    (3, 'rot', 'red'), (4, 'grau', 'grey'), (5, 'grün', 'green'))
  UPDATE product p SET facts = (
    SELECT jsonb_agg(jsonb_build_object(
             'name', jsonb_build_object('de', CASE WHEN f.k > 10 THEN f.de || ' ' || c.name_de ELSE f.de END,
                                        'en', CASE WHEN f.k > 10 THEN f.en || ' ' || c.name_en ELSE f.en END),
             'values', jsonb_build_array(CASE WHEN f.k = 1
               THEN (SELECT jsonb_build_object('de', co.de, 'en', co.en) FROM colours co
                      WHERE co.i = (hashtext(p.id || f.k) & 2147483647) % f.n)
               ELSE jsonb_build_object('de', 'W' || ((hashtext(p.id || f.k) & 2147483647) % f.n)::text) END),
             'unit', f.unit) ORDER BY f.k)
      FROM names f, category c WHERE c.id = p.category_id)
   WHERE p.category_path NOT LIKE '/lab/%'`;

async function main(args) {
  const products = Number(args[0] ?? 100_000);
  if (!Number.isInteger(products) || products < 1 || products > 1_000_000)
    throw new Error(`bad size ${args[0]}`);
  const database = await env.startBenchDatabase();
  const gateways = [];
  try {
    const loads = [];
    const sampleLoad = () => loads.push(loadavg()[0]);
    const off = await env.startBenchApp(database.url, { ...BASE_ENV, SEARCH_FEATURE_FACETS: '0' });
    gateways.push(off);
    const { CatalogService } = dist('catalog/catalog.service');
    let started = Date.now();
    await off.app.get(CatalogService).generateDemo({ products, seed: 1 });
    const generated = (Date.now() - started) / 1000;
    started = Date.now();
    // Outside the gateway's pool: its statement timeout is for requests, not for this one update.
    const client = new Client({ connectionString: database.url });
    await client.connect();
    let updated;
    let stats;
    try {
      updated = (await client.query(FEATURE_SQL)).rowCount;
      await client.query('VACUUM ANALYZE product');
      [stats] = (
        await client.query(`
      SELECT count(*) FILTER (WHERE cardinality(feature_terms) > 0)::int AS with_features,
             avg(cardinality(feature_terms))::float8 AS terms,
             pg_total_relation_size('product')::float8 / 1048576 AS table_mb,
             pg_relation_size('product_feature_terms_idx')::float8 / 1048576 AS index_mb
        FROM product`)
      ).rows;
    } finally {
      await client.end();
    }
    const featured = (Date.now() - started) / 1000;
    const on = await env.startBenchApp(database.url, { ...BASE_ENV });
    gateways.push(on);
    const { token } = await env.benchToken(off.prisma, 'bench');
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'de' };
    const sides = [
      ['without feature facets (SEARCH_FEATURE_FACETS=0)', off],
      ['with feature facets (default 4)', on],
    ];

    const rows = [];
    for (const [name, query] of SCENARIOS) {
      const shapes = {};
      for (const [label, gateway] of sides) {
        const response = await fetch(`${gateway.baseUrl}/api/v1/marketplace/search?${query}`, { headers });
        const body = await response.json();
        if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
        shapes[label] = {
          matches: `${body.count.relation === 'gte' ? '>=' : ''}${body.count.value}`,
          features: body.facets.filter((f) => f.id.startsWith('feature.')).map((f) => f.id.slice(8)),
        };
      }
      for (const connections of CONNECTIONS) {
        const results = new Map(sides.map(([label]) => [label, []]));
        for (let round = 0; round < ROUNDS; round += 1) {
          const order = round % 2 === 0 ? sides : [...sides].reverse();
          for (const [label, gateway] of order) {
            const url = `${gateway.baseUrl}/api/v1/marketplace/search?${query}`;
            await env.measure(`warm-up`, { url, headers, connections, duration: 2 });
            sampleLoad();
            results
              .get(label)
              .push(await env.measure(name, { url, headers, connections, duration: SECONDS }));
            sampleLoad();
          }
        }
        for (const [label] of sides) {
          const runs = results.get(label);
          const mean = (key) => Math.round(runs.reduce((sum, r) => sum + r[key], 0) / runs.length);
          rows.push({
            scenario: name,
            gateway: label,
            connections,
            matches: shapes[label].matches,
            'feature facets': shapes[label].features.join(', ') || '-',
            'req/s': mean('req/s'),
            'p50 ms': mean('p50 ms'),
            'p99 ms': mean('p99 ms'),
            rounds: runs.map((r) => r['req/s']).join(' / '),
            non2xx: runs.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
          });
        }
      }
    }
    const load = `load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${cpus().length} cores`;
    env.report(
      `Search with and without feature facets, ${products} demo products (generator ${generated.toFixed(0)} s); ` +
        `${updated} given 20 features (${featured.toFixed(0)} s, ${stats.terms.toFixed(1)} terms each on average over all products); ` +
        `product table ${stats.table_mb.toFixed(1)} MB, feature_terms index ${stats.index_mb.toFixed(1)} MB; ${load}`,
      rows,
    );
  } finally {
    for (const gateway of gateways) await gateway.close();
    await database.drop();
  }
}

module.exports = { main };
