// The rate limiter: the old hand-written fixed-window stores against rate-limiter-flexible (memory
// and Redis), first per call (16 in flight), then over HTTP on a guarded no-op with limits off,
// in memory and in Redis, each next to a plain Fastify route in the same process, all in one run.
// Run: npm run bench -- ratelimit   (BENCH_DATABASE_URL / DATABASE_URL; BENCH_REDIS_URL, default
// redis://127.0.0.1:6379, rows needing Redis are skipped when none answers)
'use strict';
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { randomBytes } = require('node:crypto');
const Redis = require('ioredis');
const { benchModule } = require('./support/bench-fixtures');
const { startBenchDatabase, benchToken, measure: measureFor, report } = require('./support/bench-env');
const { OldMemoryStore, OldRedisStore, oldConsume } = require('./support/old-rate-limit');

const dist = (path) => require(join(__dirname, '../dist', path));
const DURATION = Number(process.env.BENCH_DURATION_SECONDS || 10);
const CALLS = Number(process.env.BENCH_LIMITER_CALLS || 200_000);
const measure = (name, options) => measureFor(name, { duration: DURATION, ...options });
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
const HIGH = '10000000';

async function redisAnswers() {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** `calls` calls of `consume(i)`, 16 in flight, as calls/s and per-call latency percentiles. */
async function perCall(name, consume, calls = CALLS) {
  const latencies = new Float64Array(calls);
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < calls) {
      const i = next++;
      const t0 = performance.now();
      await consume(i);
      latencies[i] = performance.now() - t0;
    }
  }
  await Promise.all(Array.from({ length: 16 }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort();
  const at = (q) => Math.round(latencies[Math.floor(q * (calls - 1))] * 1000) / 1000;
  return { name, 'calls/s': Math.round(calls / seconds), 'p50 ms': at(0.5), 'p99 ms': at(0.99), calls };
}

async function limiterRows(withRedis) {
  const { RateLimiterService } = dist('rate-limit/rate-limiter.service');
  const { MemoryLimiterFactory } = dist('rate-limit/memory-limiter.factory');
  const { RedisLimiterFactory } = dist('rate-limit/redis-limiter.factory');
  const policy = { name: 'bench', limit: 1_000_000_000, windowSeconds: 60 };
  const keys = Array.from({ length: 100 }, (_, i) => `user-${i}`);
  const rows = [];
  rows.push(await perCall('baseline: resolved promise', () => Promise.resolve(true)));
  const oldMemory = new OldMemoryStore();
  rows.push(await perCall('old fixed window, memory', (i) => oldConsume(oldMemory, policy, keys[i % 100])));
  const memory = new RateLimiterService(new MemoryLimiterFactory());
  rows.push(await perCall('rate-limiter-flexible, memory', (i) => memory.consume(policy, keys[i % 100])));
  if (withRedis) {
    const prefix = `mpg-bench:${randomBytes(4).toString('hex')}:`;
    const redis = new Redis(REDIS_URL);
    const oldRedis = new OldRedisStore(redis, prefix);
    const calls = Math.min(CALLS, 50_000);
    rows.push(
      await perCall('old fixed window, Redis', (i) => oldConsume(oldRedis, policy, keys[i % 100]), calls),
    );
    const factory = new RedisLimiterFactory({ url: REDIS_URL, prefix });
    await factory.start();
    const shared = new RateLimiterService(factory);
    rows.push(
      await perCall('rate-limiter-flexible, Redis', (i) => shared.consume(policy, keys[i % 100]), calls),
    );
    await factory.close();
    const leftovers = await redis.keys(`${prefix}*`);
    if (leftovers.length) await redis.del(...leftovers);
    redis.disconnect();
  }
  return rows;
}

async function httpRows(databaseUrl, label, env) {
  const { loadConfig } = dist('config/app-config');
  const { createApp } = dist('bootstrap/create-app');
  const { PrismaService } = dist('database/prisma.service');
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATABASE_URL: databaseUrl,
    TOKEN_PURGE_INTERVAL_SECONDS: '0',
    IMAGES_RATE_LIMIT_PER_ADDRESS: HIGH,
    ...env,
  });
  const app = await createApp(config, { extraModules: [benchModule()] });
  app
    .getHttpAdapter()
    .getInstance()
    .get('/__bench/plain', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address();
  const url = (path) => `http://127.0.0.1:${port}${path}`;
  try {
    const { token } = await benchToken(app.get(PrismaService));
    return [
      await measure(`${label}: plain Fastify route`, { url: url('/__bench/plain') }),
      await measure(`${label}: guarded no-op`, {
        url: url('/__bench/guarded'),
        headers: { authorization: `Bearer ${token}` },
      }),
      await measure(`${label}: public image (per-address limit)`, {
        url: url('/images/products/p1/small.svg'),
      }),
    ];
  } finally {
    await app.close();
  }
}

async function main() {
  const withRedis = await redisAnswers();
  if (!withRedis) console.log(`No Redis answers at ${REDIS_URL}: Redis rows skipped.`);
  report(
    `Rate limiter per call (16 in flight, ${CALLS} calls; Redis: at most 50,000)`,
    await limiterRows(withRedis),
  );

  const database = await startBenchDatabase();
  try {
    const configs = [
      [
        'limits off',
        { API_RATE_LIMIT_PER_USER: '0', API_RATE_LIMIT_PER_CLIENT: '0', IMAGES_RATE_LIMIT_PER_ADDRESS: '0' },
      ],
      ['memory', { API_RATE_LIMIT_PER_USER: HIGH, API_RATE_LIMIT_PER_CLIENT: HIGH }],
    ];
    if (withRedis) {
      configs.push([
        'Redis',
        {
          API_RATE_LIMIT_PER_USER: HIGH,
          API_RATE_LIMIT_PER_CLIENT: HIGH,
          REDIS_URL,
          RATE_LIMIT_REDIS_PREFIX: `mpg-bench:${randomBytes(4).toString('hex')}:`,
        },
      ]);
    }
    // One application at a time (Passport's strategies are process-global), in two rounds in
    // opposite order, so a change in the machine's load shows as a difference between rounds.
    const rows = [];
    for (const [round, order] of [
      [1, configs],
      [2, [...configs].reverse()],
    ]) {
      for (const [label, env] of order)
        rows.push(...(await httpRows(database.url, `${label} #${round}`, env)));
    }
    report(`Guarded no-op and image route by limiter backend (16 connections, ${DURATION} s each)`, rows);
  } finally {
    await database.drop();
  }
}

module.exports = { main };
