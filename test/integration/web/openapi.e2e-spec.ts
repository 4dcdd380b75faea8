import { FastifyAdapter } from '@nestjs/platform-fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bodyOf } from '../../support/http';
import {
  checkResponsesAgainstContract,
  ObservedResponse,
  OpenApiContract,
  takeContractViolations,
} from '../../support/openapi-contract';
import { startTestApp, TestApp } from '../../support/test-app';

describe('OpenAPI document', () => {
  let t: TestApp;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let committed: any;

  beforeAll(async () => {
    t = await startTestApp();
    committed = JSON.parse(readFileSync(join(__dirname, '../../../docs/openapi.json'), 'utf8'));
  });
  afterAll(() => t.close());

  it('is served at /openapi.json and matches the committed docs/openapi.json (run `npm run openapi`)', async () => {
    const response = await fetch(`${t.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    const served = await bodyOf(response);
    expect(served.servers).toEqual([{ url: 'http://gateway.test' }]);
    expect({ ...served, servers: [] }).toEqual(committed);
  });

  it('describes the bearer token as opaque, not as a JWT', () => {
    expect(committed.components.securitySchemes.bearer).toMatchObject({
      scheme: 'bearer',
      bearerFormat: 'opaque',
    });
    expect(JSON.stringify(committed)).not.toMatch(/JWT/);
  });

  it('serves the Swagger UI at /docs', async () => {
    const response = await fetch(`${t.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger-ui');
  });

  it('leaves public operations without security, whether @Public() is on the method or the class', () => {
    expect(committed.paths['/images/products/{id}/{file}'].get.security).toEqual([]); // method
    expect(committed.paths['/healthz'].get.security).toEqual([]); // class
    expect(committed.paths['/oauth/authorize'].post.security).toEqual([]);
    expect(committed.paths['/api/v1/audit/public-key'].get.security).toEqual([]);
    expect(JSON.stringify(committed)).not.toContain('x-public');
    expect(committed.paths['/images/products/{id}/{file}'].get.responses['401']).toBeUndefined();
    expect(committed.paths['/api/v1/marketplace/search'].get.responses['401']).toBeDefined();
  });

  it('documents every query parameter of search, each facet filter as a repeatable parameter', () => {
    const parameters = committed.paths['/api/v1/marketplace/search'].get.parameters as Array<{
      name: string;
      in: string;
      required?: boolean;
      style?: string;
      explode?: boolean;
      schema: { type: string };
    }>;
    const query = parameters.filter((p) => p.in === 'query');
    expect(query.find((p) => p.name === 'query')?.required).toBe(true);
    expect(query.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'category', 'price', 'lbr_brands_browse-bin']),
    );
    const category = query.find((p) => p.name === 'category');
    expect(category).toMatchObject({ style: 'form', explode: true, schema: { type: 'array' } });
  });
});

describe('the contract check', () => {
  let contract: OpenApiContract;
  const product = (overrides: Partial<ObservedResponse>): ObservedResponse => ({
    method: 'GET',
    route: '/api/v1/marketplace/product/:id',
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-language': 'en' },
    body: JSON.stringify({ id: 'P1', provider: 'marketplace', name: 'Pen' }),
    ...overrides,
  });

  beforeAll(async () => {
    contract = await OpenApiContract.load();
  });

  it('accepts a response as documented', () => {
    expect(contract.check(product({})).problems).toEqual([]);
  });

  it('names operation, status and schema error of a body that does not match', () => {
    const { problems } = contract.check(product({ body: JSON.stringify({ id: 'P1', name: 7 }) }));
    expect(problems.join('\n')).toMatch(/ProductController_details \(GET .*\) 200: body .*provider/);
    expect(problems.join('\n')).toMatch(/200: body\/name must be string/);
  });

  it('refuses an undocumented status, media type, operation, a missing documented header', () => {
    expect(contract.check(product({ status: 418 })).problems[0]).toMatch(/status 418 is not documented/);
    expect(
      contract.check(product({ headers: { 'content-type': 'text/html', 'content-language': 'en' } }))
        .problems[0],
    ).toMatch(/media type "text\/html" is not documented/);
    expect(contract.check(product({ route: '/api/v1/marketplace/basket' })).problems[0]).toMatch(
      /not in docs\/openapi.json/,
    );
    const limited = contract.check(
      product({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '1' },
        body: JSON.stringify({ error: 'rate_limited', error_description: 'slow down' }),
      }),
    );
    expect(limited.problems.join('\n')).toMatch(/429: header must have required property 'ratelimit'/);
  });

  it('catches a wrong response as a server sends it (the hook every test app carries)', async () => {
    const server = new FastifyAdapter().getInstance();
    await checkResponsesAgainstContract(server);
    server.get('/api/v1/marketplace/product/:id', async (_request, reply) => {
      void reply.header('content-language', 'en');
      return { id: 'P1', provider: 'amazon', name: 'Pen' };
    });
    const response = await server.inject({ method: 'GET', url: '/api/v1/marketplace/product/P1' });
    await server.close();
    expect(response.statusCode).toBe(200);
    const violations = takeContractViolations(); // taken, so this test itself does not fail on them
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/ProductController_details .* 200: body\/provider must be equal to one of/);
  });
});
