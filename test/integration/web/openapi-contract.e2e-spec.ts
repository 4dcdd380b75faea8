import { UserRole } from '../../../src/generated/prisma/client';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { PUNCHOUT_CATALOG } from '../../factories/punchout.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { rawRequest } from '../../support/raw-http';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Statuses the framework and the global layers answer on any operation (body refusals, missing
 * tokens, roles, repeated headers), which the feature tests rarely provoke: each is asserted here and,
 * like every response, validated against docs/openapi.json by the contract hook.
 */
describe('documented refusals, as the contract check sees them', () => {
  let t: TestApp;
  let buyer: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    buyer = await issueTestToken(
      t.prisma,
      await createUser(t.prisma, organization, { roles: [UserRole.buyer] }),
      client,
    );
    admin = await issueTestToken(
      t.prisma,
      await createUser(t.prisma, organization, { roles: [UserRole.admin] }),
      client,
    );
  });
  afterAll(() => t.close());

  const send = (method: string, path: string, init: { token?: string; type?: string; body?: string } = {}) =>
    fetch(`${t.baseUrl}${path}`, {
      method,
      headers: {
        ...(init.token ? bearer(init.token) : {}),
        ...(init.type ? { 'content-type': init.type } : {}),
      },
      body: init.body,
    });

  // (text/plain is parsed too, as a string, and then refused by the handler with 400.)
  it('415 for a body that is not JSON, 413 for one above BODY_LIMIT_BYTES, in the error shape', async () => {
    const plain = await send('POST', '/api/v1/marketplace/product/pen-1/punchout', {
      token: buyer,
      type: 'application/xml',
      body: '<callbackUrl/>',
    });
    expect(plain.status).toBe(415);
    expect((await bodyOf(plain)).error).toBe('unsupported_media_type');
    const large = await send('POST', '/api/v1/marketplace/product/pen-1/punchout', {
      token: buyer,
      type: 'application/json',
      body: JSON.stringify({ callbackUrl: `https://srm.example.com/${'a'.repeat(4096)}` }),
    });
    expect(large.status).toBe(413);
    expect((await bodyOf(large)).error).toBe('request_too_large');
    const rule = await send('POST', '/api/v1/guidance/rules', {
      token: admin,
      type: 'application/json',
      body: JSON.stringify({ effect: 'preferred', matcher: 'vendor', value: 'v', note: 'n'.repeat(4096) }),
    });
    expect(rule.status).toBe(413);
    const xmlRule = await send('POST', '/api/v1/guidance/rules', {
      token: admin,
      type: 'application/xml',
      body: '<rule/>',
    });
    expect(xmlRule.status).toBe(415);
  });

  it('401 without a token and 403 without the role, on writes too', async () => {
    expect((await send('POST', '/api/v1/audit/console-links')).status).toBe(401);
    expect((await send('POST', '/api/v1/guidance/rules')).status).toBe(401);
    const id = '3f1c2a4e-8b7d-4c5e-9f6a-1b2c3d4e5f60';
    expect((await send('DELETE', `/api/v1/guidance/rules/${id}`)).status).toBe(401);
    expect((await send('DELETE', `/api/v1/guidance/rules/${id}`, { token: buyer })).status).toBe(403);
  });

  it('400 for a repeated Authorization header, also on public operations', async () => {
    for (const path of ['/api/v1/audit/public-key', '/readyz', '/api/v1/audit/verify']) {
      const response = await rawRequest(
        t.baseUrl,
        `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer a\r\nAuthorization: Bearer b\r\nConnection: close\r\n\r\n`,
      );
      expect([path, response.status]).toEqual([path, 400]);
      expect(JSON.parse(response.body).error).toBe('invalid_request');
    }
  });
});
