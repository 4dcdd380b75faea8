import { sha256 } from '../../../src/common/crypto/secrets';
import { ManualClock } from '../../support/manual-clock';
import { Organization } from '../../../src/generated/prisma/client';
import {
  ClientWithSecret,
  createClient,
  createOrganization,
  createUser,
} from '../../factories/identity.factory';
import { bearer } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { basicAuth, FORM, formOf, requestToken, WhoAmIModule } from '../../support/oauth';
import { startTestApp, TestApp } from '../../support/test-app';

describe('POST /oauth/authorize', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T10:00:00.000Z'));
  let organization: Organization;
  let client: ClientWithSecret;
  const email = 'buyer@example.com';

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [WhoAmIModule], clock });
    organization = await createOrganization(t.prisma);
    client = await createClient(t.prisma, organization);
    await createUser(t.prisma, organization, { email });
  });
  afterAll(() => t.close());

  const formFor = (c: ClientWithSecret, userEmail: string) => ({
    grant_type: 'client_credentials',
    client_id: c.clientId,
    client_secret: c.clientSecret,
    email: userEmail,
  });
  const tokenCount = () => t.prisma.accessToken.count();

  async function expectError(response: Response, status: number, error: string) {
    expect({ status: response.status, body: await bodyOf(response) }).toMatchObject({
      status,
      body: { error, error_description: expect.any(String) },
    });
  }

  describe('issues a token', () => {
    it('for form client credentials: 200 bearer token, no caching, only its SHA-256 stored', async () => {
      const response = await requestToken(t.baseUrl, formFor(client, email));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('pragma')).toBe('no-cache');
      const body = await bodyOf(response);
      expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 300 });
      expect(body.access_token).toMatch(/^mpgt_[A-Za-z0-9_-]{43}$/);

      const row = await t.prisma.accessToken.findUniqueOrThrow({
        where: { tokenHash: sha256(body.access_token) },
        include: { user: true },
      });
      expect(row).toMatchObject({
        organizationId: organization.id,
        clientId: client.client.id,
        issuedAt: clock.now(),
        expiresAt: new Date(clock.now().getTime() + 300_000),
        revokedAt: null,
      });
      expect(row.user.email).toBe(email);
      const stored = JSON.stringify(await t.prisma.accessToken.findMany());
      expect(stored).not.toContain(body.access_token);
    });

    it('that the bearer guard resolves to the user, organization and client', async () => {
      const { access_token } = await bodyOf(await requestToken(t.baseUrl, formFor(client, email)));
      const response = await fetch(`${t.baseUrl}/__test/whoami`, { headers: bearer(access_token) });
      expect(response.status).toBe(200);
      expect(await bodyOf(response)).toMatchObject({
        email,
        organizationId: organization.id,
        clientId: client.client.id,
        clientPublicId: client.clientId,
        roles: ['buyer'],
      });
    });

    it('for HTTP Basic client authentication', async () => {
      const response = await requestToken(
        t.baseUrl,
        { grant_type: 'client_credentials', email },
        { authorization: basicAuth(client.clientId, client.clientSecret) },
      );
      expect(response.status).toBe(200);
      expect((await bodyOf(response)).token_type).toBe('bearer');
    });

    it('with a charset parameter on the content type and unknown fields such as scope', async () => {
      const response = await requestToken(
        t.baseUrl,
        { ...formFor(client, email), scope: 'anything' },
        {
          'content-type': `${FORM}; charset=UTF-8`,
        },
      );
      expect(response.status).toBe(200);
    });

    it.each([
      ['a plus-addressed e-mail', 'jo+procurement@example.com'],
      ['a percent sign in the local part', 'fifty%off@example.com'],
      ['a quoted local part with a space', '"jo doe"@example.com'],
      ['a non-ASCII local part', 'jürgen.müller@example.com'],
      ['an apostrophe', "o'brien@example.com"],
    ])('for %s, matched case-insensitively', async (_case, userEmail) => {
      const user = await createUser(t.prisma, organization, { email: userEmail });
      const response = await requestToken(t.baseUrl, formFor(client, userEmail.toUpperCase()));
      expect(response.status).toBe(200);
      const { access_token } = await bodyOf(response);
      const row = await t.prisma.accessToken.findUniqueOrThrow({
        where: { tokenHash: sha256(access_token) },
      });
      expect(row.userId).toBe(user.id);
    });

    it('decoding an unencoded "+" as a space, as form encoding defines, so the wrong user is never matched', async () => {
      await createUser(t.prisma, organization, { email: 'ann+x@example.com' });
      const raw = `grant_type=client_credentials&client_id=${client.clientId}&client_secret=${client.clientSecret}&email=ann+x@example.com`;
      await expectError(await requestToken(t.baseUrl, raw), 400, 'invalid_request');
    });
  });

  describe('refuses with 400 invalid_request', () => {
    it.each(['grant_type', 'client_id', 'client_secret', 'email'])('a missing %s', async (name) => {
      const fields: Record<string, string> = formFor(client, email);
      delete fields[name];
      const before = await tokenCount();
      const response = await requestToken(t.baseUrl, fields);
      await expectError(response, 400, 'invalid_request');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await tokenCount()).toBe(before);
    });

    it.each(['grant_type', 'client_id', 'client_secret', 'email'])('a repeated %s', async (name) => {
      const fields: Record<string, string | string[]> = formFor(client, email);
      fields[name] = [fields[name] as string, fields[name] as string];
      await expectError(await requestToken(t.baseUrl, fields), 400, 'invalid_request');
    });

    it.each([
      ['JSON', 'application/json', JSON.stringify({ grant_type: 'client_credentials' })],
      ['plain text', 'text/plain', 'grant_type=client_credentials'],
      ['multipart', 'multipart/form-data; boundary=x', '--x--'],
      ['an unknown media type', 'application/x-other', 'a=b'],
    ])('a %s body', async (_case, contentType, body) => {
      await expectError(
        await requestToken(t.baseUrl, body, { 'content-type': contentType }),
        400,
        'invalid_request',
      );
    });

    it('a body without a content type', async () => {
      const response = await fetch(`${t.baseUrl}/oauth/authorize`, {
        method: 'POST',
        body: new Blob([formOf(formFor(client, email))]), // a Blob without type sends no content-type
      });
      await expectError(response, 400, 'invalid_request');
    });

    it('a request without a body', async () => {
      const response = await fetch(`${t.baseUrl}/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': FORM },
      });
      await expectError(response, 400, 'invalid_request');
    });

    it('a body over 4 KiB, with or without a content-length', async () => {
      const fields = { ...formFor(client, email), padding: 'x'.repeat(5_000) };
      await expectError(await requestToken(t.baseUrl, fields), 400, 'invalid_request');

      const chunked = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(formOf(fields)));
          controller.close();
        },
      });
      const response = await fetch(`${t.baseUrl}/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': FORM },
        body: chunked,
        duplex: 'half',
      } as RequestInit);
      await expectError(response, 400, 'invalid_request');
    });

    it.each([
      ['a malformed percent-escape', 'email=buyer%ZZ@example.com'],
      ['bytes that are not UTF-8', 'email=buyer%C3%28@example.com'],
    ])('a form with %s', async (_case, emailField) => {
      const raw = `grant_type=client_credentials&client_id=${client.clientId}&client_secret=${client.clientSecret}&${emailField}`;
      await expectError(await requestToken(t.baseUrl, raw), 400, 'invalid_request');
    });

    it('an email that is not an e-mail address', async () => {
      await expectError(
        await requestToken(t.baseUrl, formFor(client, 'not-an-address')),
        400,
        'invalid_request',
      );
    });

    it('Basic and form client credentials together', async () => {
      const response = await requestToken(t.baseUrl, formFor(client, email), {
        authorization: basicAuth(client.clientId, client.clientSecret),
      });
      await expectError(response, 400, 'invalid_request');
    });
  });

  it('refuses another grant type with 400 unsupported_grant_type', async () => {
    for (const grantType of ['password', 'authorization_code', 'refresh_token']) {
      const response = await requestToken(t.baseUrl, { ...formFor(client, email), grant_type: grantType });
      await expectError(response, 400, 'unsupported_grant_type');
    }
  });

  describe('refuses with 401 invalid_client', () => {
    it('an unknown client and a wrong secret alike, without a challenge for form credentials', async () => {
      const unknown = await requestToken(t.baseUrl, { ...formFor(client, email), client_id: 'mpgc_nobody' });
      const wrong = await requestToken(t.baseUrl, { ...formFor(client, email), client_secret: 'mpgs_wrong' });
      const unknownBody = await bodyOf(unknown);
      const wrongBody = await bodyOf(wrong);
      expect([unknown.status, wrong.status]).toEqual([401, 401]);
      expect(unknownBody).toEqual({
        error: 'invalid_client',
        error_description: 'Client authentication failed.',
      });
      expect(wrongBody).toEqual(unknownBody);
      expect(unknown.headers.get('www-authenticate')).toBeNull();
    });

    it('a revoked client', async () => {
      const revoked = await createClient(t.prisma, organization, { revokedAt: new Date() });
      await createUser(t.prisma, organization, { email: 'revoked-client-user@example.com' });
      const response = await requestToken(t.baseUrl, formFor(revoked, 'revoked-client-user@example.com'));
      await expectError(response, 401, 'invalid_client');
    });

    it('wrong Basic credentials, with a Basic challenge', async () => {
      const response = await requestToken(
        t.baseUrl,
        { grant_type: 'client_credentials', email },
        { authorization: basicAuth(client.clientId, 'mpgs_wrong') },
      );
      await expectError(response, 401, 'invalid_client');
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="marketplace-gateway"/);
    });

    it('malformed Basic credentials, with a Basic challenge', async () => {
      const response = await requestToken(
        t.baseUrl,
        { grant_type: 'client_credentials', email },
        { authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` },
      );
      await expectError(response, 401, 'invalid_client');
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
    });
  });

  describe('refuses with 400 invalid_grant', () => {
    it('an e-mail that names no user', async () => {
      const before = await tokenCount();
      await expectError(
        await requestToken(t.baseUrl, formFor(client, 'nobody@example.com')),
        400,
        'invalid_grant',
      );
      expect(await tokenCount()).toBe(before);
    });

    it('a disabled user', async () => {
      await createUser(t.prisma, organization, { email: 'gone@example.com', disabledAt: new Date() });
      await expectError(
        await requestToken(t.baseUrl, formFor(client, 'gone@example.com')),
        400,
        'invalid_grant',
      );
    });

    it("a user of organization B through organization A's client", async () => {
      const other = await createOrganization(t.prisma);
      await createUser(t.prisma, other, { email: 'b-user@example.com' });
      const otherClient = await createClient(t.prisma, other);
      await expectError(
        await requestToken(t.baseUrl, formFor(client, 'b-user@example.com')),
        400,
        'invalid_grant',
      );
      // ...while B's own client gets one for them.
      expect((await requestToken(t.baseUrl, formFor(otherClient, 'b-user@example.com'))).status).toBe(200);
    });
  });

  it('answers a server fault with 500 server_error and no token stored', async () => {
    // Make the token insert fail inside PostgreSQL, as a full disk or a broken constraint would.
    await t.prisma.$executeRawUnsafe(
      'ALTER TABLE access_token ADD CONSTRAINT test_no_inserts CHECK (false) NOT VALID',
    );
    try {
      const before = await tokenCount();
      const response = await requestToken(t.baseUrl, formFor(client, email));
      expect(response.status).toBe(500);
      expect(await bodyOf(response)).toEqual({
        error: 'server_error',
        error_description: 'An internal error occurred.',
      });
      expect(await tokenCount()).toBe(before);
    } finally {
      await t.prisma.$executeRawUnsafe('ALTER TABLE access_token DROP CONSTRAINT test_no_inserts');
    }
  });
});
