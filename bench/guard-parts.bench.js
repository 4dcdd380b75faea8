// What the bearer guard itself spends on a request whose token is cached, part by part, in process
// (the guarded no-op's distance from the @Public() no-op, which the HTTP rows of
// `npm run bench` measure, is much larger than this, and varies from run to run).
// Rows: an awaited no-op (the baseline: what `await` alone costs), the token cache lookup with its
// SHA-256, the SHA-256 alone, the user + client rate-limit consume (memory store), and the guard's
// whole canActivate on a cached token. Each: 20,000 warm-up calls, then 200,000 timed, one at a time.
// Run: npm run bench -- guard-parts   (BENCH_DATABASE_URL / DATABASE_URL, else an embedded server)
'use strict';
const { join } = require('node:path');
const { hash } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { startBenchDatabase, startBenchApp, benchToken, report } = require('./support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));
const CALLS = Number(process.env.BENCH_GUARD_CALLS || 200_000);
const HIGH = '10000000';

async function timed(name, call) {
  for (let i = 0; i < 20_000; i++) await call();
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await call();
  const micros = ((performance.now() - started) * 1000) / CALLS;
  return { name, 'µs per call': Math.round(micros * 100) / 100, 'calls/s': Math.round(1e6 / micros) };
}

async function main() {
  const database = await startBenchDatabase();
  const gateway = await startBenchApp(database.url, {
    API_RATE_LIMIT_PER_USER: HIGH,
    API_RATE_LIMIT_PER_CLIENT: HIGH,
    TOKEN_CACHE_TTL_MS: '10000',
  });
  try {
    const { AccessTokenRepository } = dist('auth/access-token.repository');
    const { UserRateLimitService } = dist('rate-limit/user-rate-limit.service');
    const { BearerAuthGuard } = dist('auth/bearer-auth.guard');
    const { token } = await benchToken(gateway.prisma);
    const tokens = gateway.app.get(AccessTokenRepository);
    const principal = await tokens.findActivePrincipal(token, new Date()); // now cached
    if (!principal) throw new Error('the bench token did not resolve');
    const limits = gateway.app.get(UserRateLimitService);
    // The global guard as Nest registered it (APP_GUARD), called with a minimal HTTP context.
    const guard = registeredInstance(gateway.app, BearerAuthGuard);
    const handler = function guarded() {};
    const request = () => ({
      headers: { authorization: `Bearer ${token}` },
      query: {},
      routeOptions: { url: '/__bench/guarded' },
    });
    const context = (req) => ({
      getHandler: () => handler,
      getClass: () => Object,
      switchToHttp: () => ({ getRequest: () => req, getResponse: () => ({}) }),
      getType: () => 'http',
    });
    const rows = [
      await timed('baseline: await of an async no-op', async () => {}),
      await timed('token cache lookup (SHA-256 + cache get)', () =>
        tokens.cachedPrincipal(token, new Date()),
      ),
      await timed('SHA-256 of the token alone', () => hash('sha256', token, 'base64')),
      await timed('rate limit: user + client consume (memory)', () =>
        limits.consume(principal, { routeOptions: { url: '/__bench/guarded' } }, 1),
      ),
    ];
    rows.push(await timed('whole guard, cached token', () => guard.canActivate(context(request()))));
    report(`Bearer guard parts, in process (${CALLS.toLocaleString('en')} calls each)`, rows);
  } finally {
    await gateway.close();
    await database.drop();
  }
}

/** The instance of `type` that Nest created (the APP_GUARD provider is not reachable by app.get). */
function registeredInstance(app, type) {
  for (const module of app.container.getModules().values()) {
    for (const wrapper of module.providers.values()) {
      if (wrapper.instance instanceof type) return wrapper.instance;
    }
  }
  throw new Error(`no ${type.name} registered`);
}

module.exports = { main };
