import { createHash } from 'node:crypto';
import { ManualClock } from '../../support/manual-clock';
import { UserRole } from '../../../src/generated/prisma/client';
import { issueTestToken } from '../../support/auth';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?~OkCode=ADDI&~TARGET=_parent&~CALLER=CTLG';

describe('POST /api/v1/marketplace/product/{id}/punchout', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
  let token: string;
  let restrictedToken: string;
  let ids: { organization: string; user: string; client: string };

  beforeAll(async () => {
    t = await startTestApp({ clock });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const user = await createUser(t.prisma, organization, { roles: [UserRole.buyer] });
    token = await issueTestToken(t.prisma, user, client, { expiresInSeconds: 86_400 });
    const restricted = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://srm.example.com', 'http://localhost:8080'],
    });
    restrictedToken = await issueTestToken(t.prisma, user, restricted.client, { expiresInSeconds: 86_400 });
    ids = { organization: organization.id, user: user.id, client: client.id };
  });

  afterAll(() => t.close());

  it('answers 201 with an absolute redirectUrl on PUBLIC_URL and the same URL in Location', async () => {
    const { status, body, location } = await startPunchout(t.baseUrl, token, 'pen-1', { callbackUrl: HOOK });
    expect(status).toBe(201);
    expect(Object.keys(body)).toEqual(['redirectUrl']);
    expect(body.redirectUrl).toMatch(/^http:\/\/gateway\.test\/punchout\/start\/pst_[A-Za-z0-9_-]{43}$/);
    expect(location).toBe(body.redirectUrl);
  });

  it('stores the session: user, client, organization, product, callbackUrl as given, ~TARGET, name, shipTo, only the start token hash', async () => {
    const shipTo = {
      street: 'Hauptstr. 1',
      city: 'Köln',
      postalCode: '50667',
      countryCode: 'de',
      addressId: 'A-1',
    };
    const { body } = await startPunchout(t.baseUrl, token, 'pen-1', {
      callbackUrl: HOOK,
      name: 'Erika Muster',
      shipTo,
    });
    const startToken = new URL(body.redirectUrl).pathname.split('/').pop() as string;
    const hash = createHash('sha256').update(startToken).digest();
    const session = await t.prisma.punchoutSession.findUniqueOrThrow({ where: { startTokenHash: hash } });
    expect(session).toMatchObject({
      organizationId: ids.organization,
      userId: ids.user,
      clientId: ids.client,
      productId: 'pen-1',
      callbackUrl: HOOK,
      target: '_parent',
      requesterName: 'Erika Muster',
      shipTo: { ...shipTo, countryCode: 'DE' },
      status: 'CREATED',
      keyHash: null,
      openedAt: null,
    });
    expect(session.createdAt.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(session.expiresAt.toISOString()).toBe('2026-11-23T10:05:00.000Z');
    expect(JSON.stringify(session)).not.toContain(startToken);
    const events = await t.prisma.auditEvent.findMany({ where: { sessionId: session.id } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'punchout.created',
      actorUserId: ids.user,
      actorClientId: ids.client,
      payload: expect.objectContaining({
        protocol: 'rest',
        callbackUrl: HOOK,
        name: 'Erika Muster',
        shipTo: { ...shipTo, countryCode: 'DE' },
      }),
    });
  });

  it('defaults ~TARGET to _top', async () => {
    const { body } = await startPunchout(t.baseUrl, token, 'paper-1', {
      callbackUrl: 'http://localhost:8080/hook',
    });
    const startToken = new URL(body.redirectUrl).pathname.split('/').pop() as string;
    const session = await t.prisma.punchoutSession.findUniqueOrThrow({
      where: { startTokenHash: createHash('sha256').update(startToken).digest() },
    });
    expect(session.target).toBe('_top');
  });

  it('answers 404 not_found for an unknown product', async () => {
    const { status, body } = await startPunchout(t.baseUrl, token, 'no-such-product', { callbackUrl: HOOK });
    expect(status).toBe(404);
    expect(body.error).toBe('not_found');
  });

  it('answers 400 for a malformed product id, as product details does', async () => {
    const { status, body } = await startPunchout(t.baseUrl, token, '-bad%20id', { callbackUrl: HOOK });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(/^id must be a product id/);
  });

  it('answers 401 without a bearer token', async () => {
    const response = await fetch(`${t.baseUrl}/api/v1/marketplace/product/pen-1/punchout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ callbackUrl: HOOK }),
    });
    expect(response.status).toBe(401);
  });

  const long = (n: number) => 'x'.repeat(n);
  const badBodies: Array<[string, unknown, RegExp]> = [
    ['no body', '', /callbackUrl/],
    ['an array body', [], /JSON object/],
    ['a string body', '"https://srm.example.com/"', /JSON object/],
    ['a null body', 'null', /JSON object/],
    ['a missing callbackUrl', { name: 'A' }, /^callbackUrl is required$/],
    ['a numeric callbackUrl', { callbackUrl: 42 }, /^callbackUrl must be a string$/],
    ['an unknown field', { callbackUrl: HOOK, color: 'red' }, /"color" is not a field/],
    ['a relative callbackUrl', { callbackUrl: '/hook' }, /callbackUrl must be an absolute http or https URL/],
    ['a ftp callbackUrl', { callbackUrl: 'ftp://srm.example.com/hook' }, /absolute http or https/],
    ['a javascript: callbackUrl', { callbackUrl: 'javascript:alert(1)' }, /absolute http or https/],
    ['user info in callbackUrl', { callbackUrl: 'https://user:pw@srm.example.com/hook' }, /user information/],
    ['a fragment in callbackUrl', { callbackUrl: 'https://srm.example.com/hook#x' }, /fragment/],
    ['spaces in callbackUrl', { callbackUrl: 'https://srm.example.com/ho ok' }, /spaces/],
    [
      'a callbackUrl over 2048 characters',
      { callbackUrl: `https://srm.example.com/${long(2030)}` },
      /longer than 2048/,
    ],
    ['a blank name', { callbackUrl: HOOK, name: '  ' }, /^name must not be blank$/],
    ['a name over 200 characters', { callbackUrl: HOOK, name: long(201) }, /^name is longer than 200/],
    ['a numeric name', { callbackUrl: HOOK, name: 7 }, /^name must be a string$/],
    ['a null name', { callbackUrl: HOOK, name: null }, /^name must be a string$/],
    ['a shipTo string', { callbackUrl: HOOK, shipTo: 'Berlin' }, /^shipTo must be an object$/],
    [
      'an unknown shipTo field',
      { callbackUrl: HOOK, shipTo: { planet: 'Mars' } },
      /shipTo\."planet" is not a field/,
    ],
    [
      'a numeric shipTo field',
      { callbackUrl: HOOK, shipTo: { postalCode: 50667 } },
      /^shipTo\.postalCode must be a string$/,
    ],
    [
      'a three-letter countryCode',
      { callbackUrl: HOOK, shipTo: { countryCode: 'DEU' } },
      /shipTo\.countryCode must be a two-letter/,
    ],
    [
      'an unassigned countryCode',
      { callbackUrl: HOOK, shipTo: { countryCode: 'QQ' } },
      /shipTo\.countryCode/,
    ],
    [
      'a street over 300 characters',
      { callbackUrl: HOOK, shipTo: { street: long(301) } },
      /^shipTo\.street is longer than 300/,
    ],
    ['a bad ~TARGET', { callbackUrl: 'https://srm.example.com/hook?~TARGET=%22%3E' }, /~TARGET/],
    [
      'a lone surrogate in name',
      { callbackUrl: HOOK, name: 'Erika \ud800' },
      /^name must be well-formed Unicode/,
    ],
    [
      'a lone surrogate in a shipTo field',
      { callbackUrl: HOOK, shipTo: { street: 'Hauptstr. \udc00' } },
      /^shipTo\.street must be well-formed Unicode/,
    ],
    [
      'a lone surrogate in callbackUrl',
      { callbackUrl: 'https://srm.example.com/hook?x=\ud83d' },
      /^callbackUrl must be well-formed Unicode/,
    ],
    [
      'an inherited name (constructor) as shipTo field',
      { callbackUrl: HOOK, shipTo: { constructor: 'x' } },
      /shipTo\."constructor" is not a field/,
    ],
    [
      'an inherited name (hasOwnProperty) as shipTo field',
      { callbackUrl: HOOK, shipTo: { hasOwnProperty: 'x' } },
      /shipTo\."hasOwnProperty" is not a field/,
    ],
    [
      'an inherited name (toString) as shipTo field',
      { callbackUrl: HOOK, shipTo: { toString: 'x' } },
      /shipTo\."toString" is not a field/,
    ],
    [
      'the countryCode EU',
      { callbackUrl: HOOK, shipTo: { countryCode: 'EU' } },
      /shipTo\.countryCode must be a two-letter/,
    ],
    [
      'the countryCode ZZ',
      { callbackUrl: HOOK, shipTo: { countryCode: 'ZZ' } },
      /shipTo\.countryCode must be a two-letter/,
    ],
    [
      'a ";" in the callbackUrl host (CSP directive injection)',
      { callbackUrl: 'https://x;frame-ancestors/hook' },
      /^callbackUrl's host must be a DNS name/,
    ],
    [
      'a "*" in the callbackUrl host',
      { callbackUrl: 'https://*.example.com/hook' },
      /^callbackUrl's host must be a DNS name/,
    ],
    ['a U+2028 in callbackUrl', { callbackUrl: 'https://srm.example.com/hook\u2028' }, /spaces or control/],
    [
      'a no-break space in callbackUrl',
      { callbackUrl: 'https://srm.example.com/ho\u00a0ok' },
      /spaces or control/,
    ],
  ];

  it.each(badBodies)('answers 400 invalid_request naming the field for %s', async (_name, body, message) => {
    const { status, body: answer } = await startPunchout(t.baseUrl, token, 'pen-1', body);
    expect(status).toBe(400);
    expect(answer.error).toBe('invalid_request');
    expect(answer.error_description).toMatch(message);
  });

  it('records nothing for a refused request (no session, no audit event)', async () => {
    const before = await t.prisma.punchoutSession.count();
    const events = await t.prisma.auditEvent.count();
    for (const body of [
      { callbackUrl: HOOK, name: '\ud800' },
      { callbackUrl: HOOK, shipTo: { constructor: 'x' } },
      { callbackUrl: 'https://x;frame-ancestors/hook' },
    ]) {
      expect((await startPunchout(t.baseUrl, token, 'pen-1', body)).status).toBe(400);
    }
    expect(await t.prisma.punchoutSession.count()).toBe(before);
    expect(await t.prisma.auditEvent.count()).toBe(events);
  });

  it('accepts a callbackUrl of exactly 2048 characters', async () => {
    const base = 'https://srm.example.com/';
    const { status } = await startPunchout(t.baseUrl, token, 'pen-1', {
      callbackUrl: base + long(2048 - base.length),
    });
    expect(status).toBe(201);
  });

  it("accepts callbackUrls within the client's allowed origins (case-insensitive host) and refuses others", async () => {
    for (const ok of [
      'https://srm.example.com/hook?a=1',
      'https://SRM.example.com/x',
      'http://localhost:8080/hook',
    ]) {
      expect((await startPunchout(t.baseUrl, restrictedToken, 'pen-1', { callbackUrl: ok })).status).toBe(
        201,
      );
    }
    for (const bad of [
      'http://srm.example.com/hook',
      'https://srm.example.com:8443/hook',
      'https://evil.example/hook',
      'http://localhost:8081/hook',
    ]) {
      const { status, body } = await startPunchout(t.baseUrl, restrictedToken, 'pen-1', { callbackUrl: bad });
      expect(status).toBe(400);
      expect(body.error_description).toMatch(/not among this client's allowed callback origins/);
    }
  });

  it('checks the origin before the product: a bad callbackUrl for an unknown product is a 400', async () => {
    const { status } = await startPunchout(t.baseUrl, restrictedToken, 'no-such-product', {
      callbackUrl: 'https://evil.example/',
    });
    expect(status).toBe(400);
  });
});
