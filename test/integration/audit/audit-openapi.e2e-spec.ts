import { UserRole } from '../../../src/generated/prisma/enums';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { startTestApp, TestApp } from '../../support/test-app';

interface Operation {
  responses: Record<string, unknown>;
  security?: unknown[];
}

/** Each /api/v1/audit operation's statuses as the document declares them, checked against what it answers. */
describe('OpenAPI of /api/v1/audit', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  let auditor: string;
  let buyer: string;

  beforeAll(async () => {
    t = await startTestApp();
    paths = ((await (await fetch(`${t.baseUrl}/openapi.json`)).json()) as { paths: typeof paths }).paths;
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    auditor = await issueTestToken(
      t.prisma,
      await createUser(t.prisma, organization, { roles: [UserRole.auditor] }),
      client,
    );
    buyer = await issueTestToken(
      t.prisma,
      await createUser(t.prisma, organization, { roles: [UserRole.buyer] }),
      client,
    );
  });
  afterAll(() => t.close());

  const declared = (method: string, path: string) => Object.keys(paths[path][method].responses).sort();

  it('declares exactly the statuses each operation answers', () => {
    const audit = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/v1/audit'))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`))
      .sort();
    expect(audit).toEqual([
      'get /api/v1/audit/events',
      'get /api/v1/audit/export',
      'get /api/v1/audit/public-key',
      'get /api/v1/audit/sessions',
      'get /api/v1/audit/sessions/{id}',
      'get /api/v1/audit/verify',
      'post /api/v1/audit/console-links',
    ]);
    // Every operation: 400 (a repeated Authorization/Host header) and 500; guarded ones 401, 429, 503.
    const guarded = ['400', '401', '403', '429', '500', '503'];
    expect(declared('get', '/api/v1/audit/verify')).toEqual(['200', ...guarded].sort());
    expect(declared('get', '/api/v1/audit/export')).toEqual(['200', ...guarded].sort());
    expect(declared('get', '/api/v1/audit/public-key')).toEqual(['200', '400', '500']);
    expect(paths['/api/v1/audit/public-key'].get.security).toEqual([]);
    expect(declared('get', '/api/v1/audit/sessions')).toEqual(['200', ...guarded].sort());
    expect(declared('get', '/api/v1/audit/sessions/{id}')).toEqual(['200', '404', ...guarded].sort());
    expect(declared('get', '/api/v1/audit/events')).toEqual(['200', ...guarded].sort());
    expect(declared('post', '/api/v1/audit/console-links')).toEqual(['201', '413', '415', ...guarded].sort());
  });

  it('answers them: 400 for a bad export format, 401/403 on guarded routes, the public key to anyone', async () => {
    const get = (path: string, token?: string) =>
      fetch(`${t.baseUrl}${path}`, { headers: token ? bearer(token) : {} });
    const xml = await get('/api/v1/audit/export?format=xml', auditor);
    expect(xml.status).toBe(400);
    expect(((await xml.json()) as { error: string }).error).toBe('invalid_request');
    expect((await get('/api/v1/audit/export?from=yesterday', auditor)).status).toBe(400);
    expect((await get('/api/v1/audit/export')).status).toBe(401);
    expect((await get('/api/v1/audit/export', buyer)).status).toBe(403);
    expect((await get('/api/v1/audit/verify')).status).toBe(401);
    expect((await get('/api/v1/audit/verify', buyer)).status).toBe(403);
    // Public: no token, and a bad one, are both fine.
    expect((await get('/api/v1/audit/public-key')).status).toBe(200);
    expect((await get('/api/v1/audit/public-key', 'not-a-token')).status).toBe(200);
  });
});
