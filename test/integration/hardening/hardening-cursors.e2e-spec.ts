import fc from 'fast-check';
import { AuditService } from '../../../src/audit/audit.service';
import { UserRole } from '../../../src/generated/prisma/enums';
import { createPunchoutSession } from '../../factories/audit.factory';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { consoleCookie as signInToConsole } from '../../support/console-sign-in';
import { startTestApp, TestApp } from '../../support/test-app';

const UUID = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Paging cursors and time filters are checked completely before any query: never a 500. */
describe('hardening: paging cursors', () => {
  let t: TestApp;
  let auditorToken: string;
  let consoleCookie: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { API_RATE_LIMIT_PER_USER: '0', CONSOLE_RATE_LIMIT_PER_USER: '0' } });
    await createCatalog(t.prisma, [
      { id: 'hc-pen', name: 'Cursor pen', categoryId: 'writing', offers: [{ price: '1.00' }] },
    ]);
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const buyer = await createUser(t.prisma, organization);
    const auditor = await createUser(t.prisma, organization, { roles: [UserRole.auditor] });
    auditorToken = await issueTestToken(t.prisma, auditor, client);
    const audit = t.app.get(AuditService);
    for (let i = 0; i < 3; i++) {
      await createPunchoutSession(t.prisma, audit, {
        organization,
        client,
        user: buyer,
        productId: 'hc-pen',
        status: 'CANCELLED',
        createdAt: new Date(Date.UTC(2026, 10, 10 + i)),
      });
    }
    consoleCookie = await signInToConsole(t, auditor);
  });
  afterAll(() => t.close());

  const api = (path: string) => fetch(`${t.baseUrl}${path}`, { headers: bearer(auditorToken) });
  const consolePage = (path: string) => fetch(`${t.baseUrl}${path}`, { headers: { cookie: consoleCookie } });

  /** Every paged route, and how a refusal must look there. */
  const pagedRoutes = [
    { path: '/api/v1/audit/sessions', html: false, get: api },
    { path: '/api/v1/audit/events', html: false, get: api },
    { path: '/audit/console/sessions', html: true, get: consolePage },
  ];

  async function expectRefusal(response: Response, html: boolean): Promise<void> {
    const text = await response.text();
    expect({ status: response.status, text }).toEqual({ status: 400, text: expect.any(String) });
    if (html) {
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    } else {
      expect(JSON.parse(text)).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
    }
  }

  describe.each(pagedRoutes)('$path', ({ path, html, get }) => {
    it.each([
      ['year 0000', '0000-01-01T00:00:00.000Z'],
      ['year -271821', '-271821-04-20T00:00:00.000Z'],
      ['year -004714', '-004714-01-01T00:00:00.000Z'],
      ['year +275760', '+275760-09-13T00:00:00.000Z'],
      ['a day that does not exist', '2026-02-30T00:00:00.000Z'],
      ['a date without time', '2026-11-01'],
    ])('refuses a session cursor with %s with 400', async (_name, instant) => {
      await expectRefusal(await get(`${path}?cursor=${cursorOf(['s', instant, UUID])}`), html);
    });

    it.each([
      ['an upper-case id', ['s', '2026-11-01T00:00:00.000Z', UUID.toUpperCase()]],
      ['a number for the date', ['s', 0, UUID]],
      ['an extra element', ['s', '2026-11-01T00:00:00.000Z', UUID, 1]],
      ['an object', { s: '2026-11-01T00:00:00.000Z' }],
      ['a sequence beyond bigint', ['e', '99999999999999999999']],
      ['a negative sequence', ['e', '-1']],
    ])('refuses a cursor with %s with 400', async (_name, value) => {
      await expectRefusal(await get(`${path}?cursor=${cursorOf(value)}`), html);
    });

    it.each(['0000-01-01', '0001-01-01T00:00:00+01:00', '0000-12-31T23:00:00Z'])(
      'refuses from=%s outside the database range with 400',
      async (from) => {
        await expectRefusal(await get(`${path}?from=${encodeURIComponent(from)}`), html);
      },
    );

    it('answers arbitrary cursors with 200 or 400, never a 500 (property)', async () => {
      const instant = fc.oneof(
        fc
          .date({ min: new Date(-8_640_000_000_000_000), max: new Date(8_640_000_000_000_000) })
          .map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
        fc.string(),
        fc.integer(),
      );
      const id = fc.oneof(fc.uuid(), fc.string(), fc.integer());
      const cursor = fc.oneof(
        fc.tuple(fc.constantFrom('s', 'e', 'x'), instant, id).map(cursorOf),
        fc.tuple(fc.constant('e'), fc.oneof(fc.bigInt().map(String), fc.string())).map(cursorOf),
        fc.jsonValue().map(cursorOf),
        fc.string({ unit: 'binary', maxLength: 80 }).map((s) => Buffer.from(s).toString('base64url')),
        fc.string({ maxLength: 80 }),
      );
      await fc.assert(
        fc.asyncProperty(cursor, async (value) => {
          const response = await get(`${path}?cursor=${encodeURIComponent(value)}`);
          await response.arrayBuffer();
          expect([200, 400]).toContain(response.status);
          if (html) expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        }),
        { numRuns: 150 },
      );
    });
  });

  it('refuses an export from outside the database range with 400 before it streams', async () => {
    const response = await api(
      `/api/v1/audit/export?from=${encodeURIComponent('0001-01-01T00:00:00+01:00')}`,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_request',
      error_description: expect.stringContaining('from must be between the years 0001 and 9999 (UTC)'),
    });
  });

  it('still pages with the cursors it issues', async () => {
    const first = (await (await api('/api/v1/audit/sessions?limit=2')).json()) as { nextCursor: string };
    const second = await api(`/api/v1/audit/sessions?limit=2&cursor=${first.nextCursor}`);
    expect(second.status).toBe(200);
    expect(((await second.json()) as { items: unknown[] }).items).toHaveLength(1);
  });
});
