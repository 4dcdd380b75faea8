import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '../../../src/common/http/api-error';
import { organizationWithTokens, OrganizationTokens } from '../../factories/guidance.factory';
import { bearer } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { rawRequest } from '../../support/raw-http';
import { startTestApp, TestApp } from '../../support/test-app';

const ROOT = join(__dirname, '../../..');
const SESSION_PATH = `/punchout/s/psk_${'A'.repeat(43)}`;

/** Every source file under src (no specs, no generated client). */
function sourceFiles(dir = join(ROOT, 'src')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The error codes the source can emit, wherever a code is written as a literal. */
function emittedCodes(): Set<string> {
  const patterns = [
    /new ApiError\(\s*HttpStatus\.\w+,\s*'([a-z_]+)'/g, // thrown API errors
    /\berror:\s*'([a-z_]+)'/g, // bodies written by hand (framing refusals, drain, ...)
    /OAuthProtocolError\(\s*'([a-z_]+)'/g, // OAuth protocol errors
    /^\s+[45]\d\d: '([a-z_]+)',$/gm, // status -> code tables
  ];
  const codes = new Set<string>();
  for (const file of sourceFiles()) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) codes.add(match[1]);
    // Union types of codes (OAuthErrorCode = 'invalid_request' | ...).
    for (const union of text.matchAll(/type \w*ErrorCode =([^;]+);/g)) {
      for (const match of union[1].matchAll(/'([a-z_]+)'/g)) codes.add(match[1]);
    }
  }
  return codes;
}

/** One error shape on every route and status: JSON on the API, HTML on the pages. */
describe('hardening: one error shape everywhere', () => {
  let t: TestApp;
  let org: OrganizationTokens;

  beforeAll(async () => {
    t = await startTestApp({ env: { BODY_LIMIT_BYTES: '1024' } });
    org = await organizationWithTokens(t.prisma);
  });
  afterAll(() => t.close());

  const expectApiError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await bodyOf(response)).toEqual({ error: code, error_description: expect.any(String) });
  };
  const expectHtmlPage = async (response: Response, status: number) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await response.text()).toMatch(/^<!doctype html><html lang="(en|de)">/);
  };
  const postJson = (body: string | Uint8Array<ArrayBuffer>, contentType = 'application/json') =>
    fetch(`${t.baseUrl}/api/v1/guidance/rules`, {
      method: 'POST',
      headers: { ...bearer(org.admin), 'content-type': contentType },
      body,
    });

  it('answers an Expect other than 100-continue with 417 expectation_failed', async () => {
    const response = await rawRequest(
      t.baseUrl,
      'GET /healthz HTTP/1.1\r\nHost: gateway.test\r\nExpect: bogus\r\nConnection: close\r\n\r\n',
    );
    expect(response.status).toBe(417);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(response.body)).toEqual({
      error: 'expectation_failed',
      error_description: expect.any(String),
    });
  });

  it('answers CONNECT with 405 method_not_allowed instead of closing silently', async () => {
    const response = await rawRequest(
      t.baseUrl,
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    );
    expect(response.status).toBe(405);
    expect(response.headers.allow).toContain('GET');
    expect(JSON.parse(response.body)).toEqual({
      error: 'method_not_allowed',
      error_description: expect.any(String),
    });
  });

  it.each([
    '/assets/..%2f..%2fpackage.json',
    '/assets/..%2fweb%2fapp.css',
    '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    '/assets/%2e%2e/package.json',
    '/assets/..%5cpackage.json',
    '/assets//app.css',
    '/assets/%2fapp.css',
    '/assets/.hidden',
    '/assets/%00',
    '/assets/app.css%00',
  ])(
    'answers a static path leaving its directory or naming no file (%s) with 404 not_found, not insufficient_scope',
    async (path) => {
      const response = await rawRequest(
        t.baseUrl,
        `GET ${path} HTTP/1.1\r\nHost: gateway.test\r\nConnection: close\r\n\r\n`,
      );
      expect(response.status).toBe(404);
      expect(JSON.parse(response.body)).toEqual({
        error: 'not_found',
        error_description: expect.any(String),
      });
    },
  );

  it('answers invalid UTF-8 in a JSON body with 400 saying so', async () => {
    const response = await postJson(
      new Uint8Array([0x7b, 0x22, 0x76, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    );
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toEqual({
      error: 'invalid_request',
      error_description: 'The JSON body is not valid UTF-8.',
    });
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses ?%s=1 like any unknown parameter',
    async (name) => {
      const unknown = await fetch(`${t.baseUrl}/api/v1/guidance/rules?foo=1`, { headers: bearer(org.admin) });
      expect(await bodyOf(unknown)).toEqual({
        error: 'invalid_request',
        error_description: 'property foo should not exist',
      });
      const response = await fetch(`${t.baseUrl}/api/v1/guidance/rules?${name}=1`, {
        headers: bearer(org.admin),
      });
      expect(response.status).toBe(400);
      expect(await bodyOf(response)).toEqual({
        error: 'invalid_request',
        error_description: `property ${name} should not exist`,
      });
    },
  );

  describe('bodies in a charset other than UTF-8', () => {
    const rule = JSON.stringify({ effect: 'preferred', matcher: 'vendor', value: 'Charset Supplies' });

    it.each([
      'application/json; charset=utf-16',
      'application/json; charset=iso-8859-1',
      'application/json;charset="latin1"',
    ])('answer 415 unsupported_media_type (%s)', async (contentType) => {
      await expectApiError(await postJson(rule, contentType), 415, 'unsupported_media_type');
    });

    it('answer a 415 page on a page form', async () => {
      const response = await fetch(`${t.baseUrl}${SESSION_PATH}/cart/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=iso-8859-1' },
        body: 'offer=x',
      });
      await expectHtmlPage(response, 415);
    });

    it('answer 400 invalid_request on the OAuth endpoints, as RFC 6749 answers any malformed request', async () => {
      const response = await fetch(`${t.baseUrl}/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=iso-8859-1' },
        body: 'grant_type=client_credentials',
      });
      await expectApiError(response, 400, 'invalid_request');
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('while UTF-8, named or not, is accepted', async () => {
      expect((await postJson(rule, 'application/json; charset=UTF-8')).status).toBe(201);
      expect((await postJson(rule.replace('Charset', 'Plain'))).status).toBe(201);
    });
  });

  describe('on the pages: HTML error pages', () => {
    it('answers a body too large for a page with a 413 page', async () => {
      const response = await fetch(`${t.baseUrl}${SESSION_PATH}/cart/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `offer=${'x'.repeat(4_000)}`,
      });
      await expectHtmlPage(response, 413);
    });

    it.each([`${SESSION_PATH}/cart/add`, '/audit/console/sign-in'])(
      'answers a body of a type pages do not take on %s with a 415 page',
      async (path) => {
        const response = await fetch(`${t.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/xml' },
          body: '<cart/>',
        });
        await expectHtmlPage(response, 415);
      },
    );

    it('answers an unknown page path with a 404 page', async () => {
      await expectHtmlPage(await fetch(`${t.baseUrl}/punchout/nowhere`), 404);
    });
  });

  describe('the documented error codes', () => {
    it('every code the source emits is a known code', () => {
      const unknown = [...emittedCodes()].filter(
        (code) => !(ERROR_CODES as readonly string[]).includes(code),
      );
      expect(unknown).toEqual([]);
      // The scan finds codes at all (it would pass vacuously if the patterns broke).
      expect(emittedCodes().size).toBeGreaterThan(10);
    });

    it('docs/api.md and the OpenAPI document list every code', () => {
      const apiDoc = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');
      expect(ERROR_CODES.filter((code) => !apiDoc.includes(`\`${code}\``))).toEqual([]);
      const openapi = JSON.parse(readFileSync(join(ROOT, 'docs/openapi.json'), 'utf8')) as {
        components: { schemas: { ApiErrorResponse: { properties: { error: { enum?: string[] } } } } };
      };
      expect(openapi.components.schemas.ApiErrorResponse.properties.error.enum).toEqual([...ERROR_CODES]);
    });
  });
});
