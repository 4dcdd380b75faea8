// The search workloads of the search benchmarks: a query log built deterministically from the
// catalog's own product names (seeded PRNG over the products in id order, so the same on every machine
// and run) and Zipf-distributed repeats over it.
'use strict';
/* global URLSearchParams */
const { onDatabase } = require('./catalog-database');

const LOG_SIZE = 4_000;
const SEED = 20261127;

/** Words of product names that make no query of their own (units, stop words, sizes). */
const SKIP = new Set(['with', 'from', 'pack', 'stück', 'blatt', 'sheets', 'mit', 'und', 'für', 'and', 'for']);

/** mulberry32: a small seeded PRNG, so the log is the same on every machine and run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `size` (4,000) distinct query strings (URL query part), from product names in id order. */
async function queryLog(databaseUrl, size = LOG_SIZE) {
  const names = await onDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query('SELECT name FROM product ORDER BY id LIMIT 50000');
    return rows.map((row) => row.name);
  });
  const next = random(SEED);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const filters = ['price=0-10', 'price=10-25', 'price=25-50', 'is_prime=true', 'availability=in_stock'];
  const seen = new Set();
  const log = [];
  while (log.length < size) {
    const words = pick(names)
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((word) => word.length >= 4 && !SKIP.has(word));
    if (words.length === 0) continue;
    const roll = next();
    const text = roll < 0.55 || words.length < 2 ? pick(words) : `${pick(words)} ${pick(words)}`;
    const params = new URLSearchParams({ query: text });
    if (next() < 0.25) {
      const [name, value] = pick(filters).split('=');
      params.set(name, value);
    }
    if (next() < 0.1) params.set('page', '2');
    const key = params.toString();
    if (seen.has(key)) continue;
    seen.add(key);
    log.push(key);
  }
  return log;
}

/** Indexes into the log drawn from a Zipf distribution (rank r with weight 1 / r). */
function zipfSequence(size, length) {
  const weights = Array.from({ length: size }, (_, r) => 1 / (r + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w / total));
  const next = random(SEED + 1);
  const out = [];
  for (let i = 0; i < length; i++) {
    const u = next();
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    out.push(lo);
  }
  return out;
}

module.exports = { LOG_SIZE, queryLog, random, zipfSequence };
