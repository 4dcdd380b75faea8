import { bodyOf } from '../../support/http';
import { WhoAmIModule } from '../../support/oauth';
import { startTestApp, TestApp } from '../../support/test-app';

describe('OpenAPI document: token endpoint and bearer scheme', () => {
  let t: TestApp;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let document: any;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [WhoAmIModule] });
    document = await bodyOf(await fetch(`${t.baseUrl}/openapi.json`));
  });
  afterAll(() => t.close());

  it('requires the bearer scheme globally', () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearer: [] }]);
  });

  it('describes POST /oauth/authorize as a public form endpoint with its fields and errors', () => {
    const operation = document.paths['/oauth/authorize'].post;
    expect(operation.security).toEqual([]);
    const schema = operation.requestBody.content['application/x-www-form-urlencoded'].schema;
    const resolved = schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema;
    expect(Object.keys(resolved.properties).sort()).toEqual([
      'client_id',
      'client_secret',
      'email',
      'grant_type',
    ]);
    expect(resolved.required.sort()).toEqual(['email', 'grant_type']);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '429', '500', '503']);
    expect(operation.responses['429'].headers['Retry-After']).toBeDefined();
    const token = document.components.schemas.TokenResponseDto;
    expect(Object.keys(token.properties).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(document.components.schemas.ApiErrorResponse.required.sort()).toEqual([
      'error',
      'error_description',
    ]);
  });

  it('describes POST /oauth/revoke as public', () => {
    const operation = document.paths['/oauth/revoke'].post;
    expect(operation.security).toEqual([]);
    expect(operation.requestBody.content['application/x-www-form-urlencoded']).toBeDefined();
  });

  it('leaves guarded routes under the bearer requirement with their 401 and 429 answers, public ones open', () => {
    const guarded = document.paths['/__test/whoami'].get;
    expect(guarded.security).toBeUndefined();
    expect(guarded.responses['401'].description).toContain('invalid_token');
    expect(guarded.responses['429']).toBeDefined();
    expect(document.paths['/healthz'].get.security).toEqual([]);
    expect(document.paths['/healthz'].get.responses['401']).toBeUndefined();
  });
});
