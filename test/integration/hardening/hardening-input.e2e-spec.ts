import { Body, Controller, Module, Post } from '@nestjs/common';
import { Public } from '../../../src/common/decorators/public.decorator';
import { PrismaService } from '../../../src/database/prisma.service';
import { organizationWithTokens, OrganizationTokens } from '../../factories/guidance.factory';
import { bearer } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { basicAuth, FORM } from '../../support/oauth';
import { startTestApp, TestApp } from '../../support/test-app';

/** A route that hands its input to PostgreSQL unchecked: the safety net for fields no DTO guards yet. */
@Public()
@Controller('__test')
class UncheckedTextController {
  constructor(private readonly prisma: PrismaService) {}

  @Post('organizations')
  async create(@Body() body: { slug: string }): Promise<{ ok: true }> {
    await this.prisma.organization.create({ data: { slug: body.slug, name: 'Unchecked' } });
    return { ok: true };
  }

  @Post('echo')
  async echo(@Body() body: { text: string }): Promise<{ ok: true }> {
    await this.prisma.pool.query('SELECT $1::text', [body.text]);
    return { ok: true };
  }
}

@Module({ controllers: [UncheckedTextController] })
class UncheckedTextModule {}

/** Input that used to reach PostgreSQL or the validator and come back as a 500. */
describe('hardening: hostile input is a 400 in our error shape', () => {
  let t: TestApp;
  let org: OrganizationTokens;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [UncheckedTextModule] });
    org = await organizationWithTokens(t.prisma);
    await t.prisma.category.create({
      data: {
        id: 'hardening-office',
        path: '/hardening-office/',
        depth: 0,
        nameEn: 'Office',
        nameDe: 'Büro',
      },
    });
  });
  afterAll(() => t.close());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': FORM, ...headers }, body });
  const createRule = (rule: unknown) =>
    fetch(`${t.baseUrl}/api/v1/guidance/rules`, {
      method: 'POST',
      headers: { ...bearer(org.admin), 'content-type': 'application/json' },
      body: typeof rule === 'string' ? rule : JSON.stringify(rule),
    });

  describe.each(['/oauth/authorize', '/oauth/revoke'])('NUL in client_id on %s', (path) => {
    const rest =
      path === '/oauth/authorize'
        ? 'grant_type=client_credentials&email=a%40example.com'
        : 'token=mpgt_whatever';

    it('in the form: 400 invalid_request', async () => {
      const response = await post(path, `${rest}&client_id=mpgc_a%00b&client_secret=${'s'.repeat(30)}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await bodyOf(response)).toEqual({
        error: 'invalid_request',
        error_description: expect.stringMatching(/client_id/),
      });
    });

    it.each([
      ['raw', `mpgc_a\u0000b:${'s'.repeat(30)}`],
      ['percent-encoded', `mpgc_a%00b:${'s'.repeat(30)}`],
    ])('in HTTP Basic (%s): 401 invalid_client', async (_how, credentials) => {
      const response = await post(path, rest, {
        authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
      expect((await bodyOf(response)).error).toBe('invalid_client');
    });

    it('in a Basic secret: an ordinary failed authentication, not a 500', async () => {
      const response = await post(path, rest, {
        authorization: basicAuth('mpgc_nobody', `s\u0000${'s'.repeat(30)}`),
      });
      expect(response.status).toBe(401);
      expect((await bodyOf(response)).error).toBe('invalid_client');
    });
  });

  it.each([
    ['value', { effect: 'blocked', matcher: 'vendor', value: 'Shady\u0000Trading' }],
    ['note', { effect: 'blocked', matcher: 'vendor', value: 'Shady Trading', note: 'why\u0000not' }],
  ])('refuses NUL in a guidance rule %s with 400 invalid_request naming it', async (field, rule) => {
    const response = await createRule(rule);
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(new RegExp(`\\b${field}\\b`));
  });

  it('refuses a JSON body nested 3,000 levels deep with 400 invalid_request', async () => {
    const deep = '['.repeat(3_000) + ']'.repeat(3_000);
    for (const body of [
      deep,
      `{"effect":"blocked","matcher":"vendor","value":"x","note":${deep}}`,
      '{"a":'.repeat(3_000) + '1' + '}'.repeat(3_000),
    ]) {
      const response = await createRule(body);
      expect(response.status).toBe(400);
      const parsed = await bodyOf(response);
      expect(parsed.error).toBe('invalid_request');
      expect(parsed.error_description).toMatch(/nested/);
    }
  });

  it('still accepts ordinary nesting and brackets inside strings', async () => {
    const response = await createRule({
      effect: 'blocked',
      matcher: 'vendor',
      value: '[[[{{{ Odd Vendor',
      note: ']]]',
    });
    expect(response.status).toBe(201);
  });

  it('refuses a category rule naming an unknown category with 400 invalid_request naming value', async () => {
    const unknown = await createRule({ effect: 'blocked', matcher: 'category', value: 'no-such-category' });
    expect(unknown.status).toBe(400);
    const body = await bodyOf(unknown);
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(/\bvalue\b.*no-such-category/);

    const known = await createRule({ effect: 'blocked', matcher: 'category', value: 'hardening-office' });
    expect(known.status).toBe(201);
  });

  it.each([
    ['through Prisma', '/__test/organizations', { slug: 'nul\u0000slug' }],
    ['straight on the pool', '/__test/echo', { text: 'nul\u0000text' }],
  ])(
    'answers a NUL that reaches PostgreSQL %s with 400 invalid_request, not 500',
    async (_how, path, body) => {
      const response = await fetch(`${t.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      expect(await bodyOf(response)).toEqual({
        error: 'invalid_request',
        error_description: expect.stringMatching(/NUL/),
      });
    },
  );
});
