/** Environment variables the global setup hands to every test worker. */
export const TEST_SERVER_URL_VAR = 'GATEWAY_TEST_SERVER_URL';
export const TEST_TEMPLATE_DB_VAR = 'GATEWAY_TEST_TEMPLATE_DB';

export function testServerUrl(): string {
  const url = process.env[TEST_SERVER_URL_VAR];
  if (!url) throw new Error(`${TEST_SERVER_URL_VAR} is not set: run the tests through jest (global setup)`);
  return url;
}

export function templateDatabase(): string {
  const name = process.env[TEST_TEMPLATE_DB_VAR];
  if (!name) throw new Error(`${TEST_TEMPLATE_DB_VAR} is not set: run the tests through jest (global setup)`);
  return name;
}

/** The URL of another database on the test server. */
export function databaseUrl(database: string): string {
  const url = new URL(testServerUrl());
  url.pathname = `/${database}`;
  return url.toString();
}
