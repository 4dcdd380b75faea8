// Token issuance and the bearer guard, against a plain Fastify route on the same server, same run.
// Targets: >= 1,000 tokens/s with p99 <= 50 ms; the guard adds <= 1 ms at p50.
// Run: npm run bench -- oauth        (BENCH_DATABASE_URL / DATABASE_URL, else an embedded PostgreSQL)
'use strict';
/* global fetch, URLSearchParams */
const { join } = require('node:path');
const { benchModule } = require('./support/bench-fixtures');
const { startBenchDatabase, measure: measureFor, report } = require('./support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));
const DURATION = Number(process.env.BENCH_DURATION_SECONDS || 10);
const measure = (name, options) => measureFor(name, { duration: DURATION, ...options });

// Limits raised far above what the run can reach, so the limiter code runs but never refuses.
const BENCH_ENV = {
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  TOKEN_RATE_LIMIT_PER_CLIENT: '10000000',
  TOKEN_RATE_LIMIT_PER_ADDRESS: '10000000',
  API_RATE_LIMIT_PER_USER: '10000000',
  API_RATE_LIMIT_PER_CLIENT: '10000000',
  TOKEN_PURGE_INTERVAL_SECONDS: '0',
};

async function startApp(databaseUrl, env) {
  const { loadConfig } = dist('config/app-config');
  const { createApp } = dist('bootstrap/create-app');
  const { PrismaService } = dist('database/prisma.service');
  const config = loadConfig({ ...BENCH_ENV, DATABASE_URL: databaseUrl, ...env });
  const app = await createApp(config, { extraModules: [benchModule()] });
  // The baseline: a plain Fastify route on the same instance, outside Nest (no guard, no pipes).
  app
    .getHttpAdapter()
    .getInstance()
    .get('/__bench/plain', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address();
  return { app, prisma: app.get(PrismaService), baseUrl: `http://127.0.0.1:${port}` };
}

async function main() {
  const database = await startBenchDatabase();
  // One application at a time: Passport's strategies are process-global, so a second app in the
  // same process would make the first one authenticate through the second one's strategy.
  let gateway = await startApp(database.url, {}); // default TOKEN_CACHE_TTL_MS (2 s)
  try {
    const { ClientsService } = dist('oauth/clients.service');
    const { OrganizationsService } = dist('oauth/organizations.service');
    const { UsersService } = dist('oauth/users.service');
    await gateway.app.get(OrganizationsService).create({ slug: 'bench', name: 'Bench GmbH' });
    const { client, clientSecret } = await gateway.app
      .get(ClientsService)
      .create({ org: 'bench' }, { label: 'bench' });
    await gateway.app
      .get(UsersService)
      .add({ org: 'bench', email: 'buyer@bench.example' }, { label: 'bench' });
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: clientSecret,
      email: 'buyer@bench.example',
    }).toString();
    const formRequest = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    };
    const { access_token: token } = await (
      await fetch(`${gateway.baseUrl}/oauth/authorize`, formRequest)
    ).json();
    const authorization = { authorization: `Bearer ${token}` };

    const rows = [];
    const url = (path) => `${gateway.baseUrl}${path}`;
    rows.push(
      await measure('POST /oauth/authorize (token issuance)', {
        url: url('/oauth/authorize'),
        ...formRequest,
      }),
    );
    rows.push(await measure('GET plain Fastify route', { url: url('/__bench/plain') }));
    rows.push(await measure('GET Nest @Public() no-op', { url: url('/__bench/open') }));
    rows.push(
      await measure('GET guarded no-op (token cache 2 s)', {
        url: url('/__bench/guarded'),
        headers: authorization,
      }),
    );
    const issued = await gateway.prisma.accessToken.count();

    await gateway.app.close();
    gateway = await startApp(database.url, { TOKEN_CACHE_TTL_MS: '0' });
    rows.push(
      await measure('GET guarded no-op (no cache: 1 query)', {
        url: url('/__bench/guarded'),
        headers: authorization,
      }),
    );
    report(`OAuth token endpoint and bearer guard (16 connections, ${DURATION} s each)`, rows);
    console.log(`access_token rows after the issuance run: ${issued}`);
  } finally {
    await gateway.app.close();
    await database.drop();
  }
}

module.exports = { main };
