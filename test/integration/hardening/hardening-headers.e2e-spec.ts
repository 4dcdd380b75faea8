import { UserRole } from '../../../src/generated/prisma/enums';
import { FIXED_CATALOG, createCatalog } from '../../factories/catalog.factory';
import {
  createClient,
  createOrganization,
  createUser,
  ClientWithSecret,
} from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { FORM } from '../../support/oauth';
import { rawRequest } from '../../support/raw-http';
import { startTestApp, TestApp } from '../../support/test-app';

describe('hardening: repeated headers and response headers', () => {
  let t: TestApp;
  let adminA: string;
  let adminB: string;
  let client: ClientWithSecret;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, FIXED_CATALOG);
    const a = await createOrganization(t.prisma);
    const b = await createOrganization(t.prisma);
    client = await createClient(t.prisma, a);
    const clientB = await createClient(t.prisma, b);
    adminA = await issueTestToken(
      t.prisma,
      await createUser(t.prisma, a, { roles: [UserRole.admin, UserRole.buyer] }),
      client.client,
    );
    adminB = await issueTestToken(
      t.prisma,
      await createUser(t.prisma, b, { roles: [UserRole.admin, UserRole.buyer] }),
      clientB.client,
    );
    await createUser(t.prisma, a, { email: 'zo\u00eb@example.com' }); // stored NFC
  });
  afterAll(() => t.close());

  describe('two Authorization headers', () => {
    it.each([
      ['A then B', () => [adminA, adminB]],
      ['B then A', () => [adminB, adminA]],
    ])('are refused with 400 invalid_request on the API (%s), not "first wins"', async (_order, tokens) => {
      const [first, second] = tokens();
      const response = await rawRequest(
        t.baseUrl,
        `GET /api/v1/guidance/rules HTTP/1.1\r\nHost: gateway.test\r\nAuthorization: Bearer ${first}\r\n` +
          `Authorization: Bearer ${second}\r\nConnection: close\r\n\r\n`,
      );
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toEqual({
        error: 'invalid_request',
        error_description: expect.stringMatching(/Authorization/),
      });
    });

    it('are refused with 400 invalid_request on the token endpoint', async () => {
      const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
      const body = 'grant_type=client_credentials&email=zo%C3%AB%40example.com';
      const response = await rawRequest(
        t.baseUrl,
        `POST /oauth/authorize HTTP/1.1\r\nHost: gateway.test\r\nContent-Type: ${FORM}\r\n` +
          `Authorization: ${basic}\r\nAuthorization: ${basic}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body).error).toBe('invalid_request');
    });
  });

  describe('response headers', () => {
    it.each([
      ['an API answer', '/api/v1/guidance/rules', () => bearer(adminA)],
      ['an API error', '/api/v1/guidance/rules', () => ({})],
      ['an unknown route', '/api/v1/nothing', () => ({})],
      ['liveness', '/healthz', () => ({})],
      ['the OpenAPI document', '/openapi.json', () => ({})],
    ])('JSON (%s) carries nosniff and Cache-Control: no-store', async (_name, path, headers) => {
      const response = await fetch(`${t.baseUrl}${path}`, { headers: headers() });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('leaves the caching of static assets as their route sets it', async () => {
      const response = await fetch(`${t.baseUrl}/assets/console.css`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    });

    it('serves /docs with a CSP that allows what Swagger UI needs and no framing', async () => {
      const response = await fetch(`${t.baseUrl}/docs`);
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/default-src 'none'/);
      expect(csp).toMatch(/script-src 'self'(;|$)/); // no inline script: Swagger UI's are files
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await response.text();
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // so script-src 'self' is enough
      const init = await fetch(`${t.baseUrl}/docs/swagger-ui-init.js`);
      expect(init.status).toBe(200);
      expect(init.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    });
  });
});
