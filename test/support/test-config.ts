import { AppConfig, loadConfig } from '../../src/config/app-config';

/** The configuration every test application and service tier runs on, plus what a test sets. */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://gateway.test',
    // Tests change users, clients and tokens behind the app's back and expect the next call to see it;
    // the token cache (and its bounded delay) has its own tests, which turn it on.
    TOKEN_CACHE_TTL_MS: '0',
    ...env,
  });
}
