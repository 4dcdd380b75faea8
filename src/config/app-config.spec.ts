import { ConfigValidationError, loadConfig } from './app-config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('loadConfig', () => {
  it('applies documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.tokenTtlSeconds).toBe(300);
    expect(config.database.url).toBeUndefined();
    expect(config.database.poolMax).toBe(10);
    expect(config.database.migrateOnStart).toBe(true);
    expect(config.demo.seed).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('parses numbers and booleans and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      PORT: '8080',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://gw.example.com/',
      TOKEN_TTL_SECONDS: '600',
    });
    expect(config.port).toBe(8080);
    expect(config.demo.seed).toBe(false);
    expect(config.publicUrl).toBe('https://gw.example.com');
    expect(config.tokenTtlSeconds).toBe(600);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('names every malformed variable with its value', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_POOL_MAX: '0',
      SEED_DEMO: 'maybe',
      LOG_LEVEL: 'loud',
    });
    expect(problems.find((p) => p.startsWith('PORT:'))).toContain('"eighty"');
    expect(problems.some((p) => p.startsWith('DATABASE_POOL_MAX:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('SEED_DEMO:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('LOG_LEVEL:'))).toBe(true);
  });

  it('never prints a secret-bearing value in its message', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://user:hunter2@db/x', DEMO_CLIENT_SECRET: 'short' });
    expect(problems.join('\n')).not.toContain('hunter2');
    expect(problems.join('\n')).not.toContain('short"');
    expect(problems.some((p) => p.startsWith('DATABASE_URL:') && p.includes('(value hidden)'))).toBe(true);
  });

  it.each([
    ['DATABASE_URL', 'postgres://gateway:Sg4/x+Ab@db:5432/gateway', 'Sg4/x+Ab'],
    ['DATABASE_URL', 'postgresql://gateway:Sg4x@db:port/gateway', 'Sg4x'],
    ['DATABASE_REPLICA_URLS', 'postgres://r:fine@r1/gw, postgres://r:Sg4/x@r2/gw', 'Sg4/x'],
    ['REDIS_URL', 'redis://:Sg4/x+Ab@cache:6379', 'Sg4/x+Ab'],
  ])(
    'refuses a %s that is no URL (a / in the password), saying how to fix it without showing it',
    (name, value, secret) => {
      const problem = problemsOf({ [name]: value }).find((p) => p.startsWith(`${name}:`));
      expect(problem).toMatch(/not a valid URL.*percent-encode/);
      expect(problem).not.toContain(secret);
    },
  );

  it('reads the replica URLs as a comma-separated list, with the lag bound and check interval', () => {
    expect(loadConfig({}).database.replicas).toEqual({ urls: [], maxLagMs: 2_000, checkMs: 500 });
    const config = loadConfig({
      DATABASE_REPLICA_URLS: 'postgresql://u:p@standby-1:5432/gw, postgres://u:p@standby-2/gw',
      DATABASE_REPLICA_MAX_LAG_MS: '5000',
      DATABASE_REPLICA_CHECK_MS: '250',
    });
    expect(config.database.replicas).toEqual({
      urls: ['postgresql://u:p@standby-1:5432/gw', 'postgres://u:p@standby-2/gw'],
      maxLagMs: 5_000,
      checkMs: 250,
    });
  });

  it('refuses a replica list that is not postgresql:// URLs, without printing it (it holds passwords)', () => {
    for (const value of [
      'postgresql://u:hunter2@a/gw,,postgresql://b/gw',
      'mysql://u:hunter2@a/gw',
      'postgresql://u:hunter2@a/gw postgresql://b/gw',
    ]) {
      const problems = problemsOf({ DATABASE_REPLICA_URLS: value });
      expect(problems).toEqual([
        expect.stringMatching(/^DATABASE_REPLICA_URLS: .*\(got \(value hidden\)\)$/),
      ]);
      expect(problems.join('\n')).not.toContain('hunter2');
    }
    expect(problemsOf({ DATABASE_REPLICA_MAX_LAG_MS: '10' })).toEqual([
      expect.stringMatching(/^DATABASE_REPLICA_MAX_LAG_MS: /),
    ]);
  });

  it('requires DATABASE_URL in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^DATABASE_URL: is required/),
    ]);
  });

  it('defaults the HTTP bounds and the client-side query timeout, and keeps headers within the request bound', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      idleTimeoutMs: 60_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1_000,
    });
    expect(config.database.queryTimeoutMs).toBe(20_000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '1000' }).database.queryTimeoutMs).toBe(6_000);
    expect(loadConfig({ DATABASE_QUERY_TIMEOUT_MS: '2500' }).database.queryTimeoutMs).toBe(2_500);
    // Reads are bounded tighter (5 s), never above the general bound.
    expect(config.database.readTimeoutMs).toBe(5_000);
    expect(config.database.lockTimeoutMs).toBe(4_000);
    expect(loadConfig({ DATABASE_QUERY_TIMEOUT_MS: '2500' }).database.readTimeoutMs).toBe(2_500);
    expect(problemsOf({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toEqual([
      expect.stringMatching(/^HTTP_HEADERS_TIMEOUT_MS: must not be greater than HTTP_REQUEST_TIMEOUT_MS/),
    ]);
    expect(problemsOf({ HTTP_MAX_CONNECTIONS: '0' })[0]).toMatch(/^HTTP_MAX_CONNECTIONS:/);
  });

  it('rejects a token lifetime outside 30..3600 seconds', () => {
    expect(problemsOf({ TOKEN_TTL_SECONDS: '5' })[0]).toMatch(/^TOKEN_TTL_SECONDS:/);
  });

  it('defaults the token cache, purge and rate limits, and bounds the cache ttl', () => {
    const config = loadConfig({});
    expect(config.tokenCache).toEqual({ ttlMs: 2_000, maxEntries: 10_000 });
    expect(config.tokenPurge).toEqual({ retentionDays: 30, intervalSeconds: 3_600 });
    expect(config.rateLimit).toEqual({
      windowSeconds: 60,
      tokenPerClient: 600,
      tokenPerAddress: 1_200,
      apiPerUser: 600,
      apiPerClient: 6_000,
      bearerFailuresPerAddress: 120,
      groups: {},
      tokenFailures: 30,
      pagesPerSession: 600,
      pagesPerAddress: 1_200,
      punchoutEntryPerClient: 600,
      consoleSignInPerAddress: 60,
      consolePerUser: 120,
      imagesPerAddress: 2_400,
      redisPrefix: 'mpg:rl:',
      redisCommandTimeoutMs: 1_000,
    });
    expect(problemsOf({ REDIS_COMMAND_TIMEOUT_MS: '10' })[0]).toMatch(/^REDIS_COMMAND_TIMEOUT_MS:/);
    expect(problemsOf({ TOKEN_CACHE_TTL_MS: '60000' })[0]).toMatch(/^TOKEN_CACHE_TTL_MS:/);
    expect(problemsOf({ API_RATE_LIMIT_PER_USER: '-1' })[0]).toMatch(/^API_RATE_LIMIT_PER_USER:/);
    expect(loadConfig({ RATE_LIMIT_GROUPS: 'search=300/3000,audit=6/60' }).rateLimit.groups).toEqual({
      search: { perUser: 300, perClient: 3_000 },
      audit: { perUser: 6, perClient: 60 },
    });
    expect(problemsOf({ RATE_LIMIT_GROUPS: 'search=300' })[0]).toMatch(/^RATE_LIMIT_GROUPS:/);
    expect(problemsOf({ RATE_LIMIT_GROUPS: 'everything=1/2' })[0]).toMatch(/^RATE_LIMIT_GROUPS:/);
  });
});
