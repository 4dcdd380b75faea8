import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bodyOf } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

describe('OpenAPI document', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is served at /openapi.json and matches the committed docs/openapi.json (run `npm run openapi`)', async () => {
    const response = await fetch(`${t.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    const served = await bodyOf(response);
    expect(served.servers).toEqual([{ url: 'http://gateway.test' }]);
    const committed = JSON.parse(readFileSync(join(__dirname, '../../docs/openapi.json'), 'utf8'));
    expect({ ...served, servers: [] }).toEqual(committed);
  });

  it('serves the Swagger UI at /docs', async () => {
    const response = await fetch(`${t.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger-ui');
  });
});
