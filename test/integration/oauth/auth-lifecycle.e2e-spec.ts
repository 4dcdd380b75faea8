import { ManualClock } from '../../support/manual-clock';
import { sha256 } from '../../../src/common/crypto/secrets';
import { Organization } from '../../../src/generated/prisma/client';
import {
  ClientWithSecret,
  createClient,
  createOrganization,
  createUser,
} from '../../factories/identity.factory';
import { bearer } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { requestToken, WhoAmIModule } from '../../support/oauth';
import { startTestApp, TestApp } from '../../support/test-app';
import { cli as runCliIn } from '../../support/cli';

describe('token lifecycle: expiry, operator commands, revocation', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2030-04-01T08:00:00.000Z'));
  let organization: Organization;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [WhoAmIModule], clock });
    organization = await createOrganization(t.prisma);
  });
  afterAll(() => t.close());

  async function userWithClient(email = `u-${Math.random().toString(36).slice(2)}@example.com`) {
    const client = await createClient(t.prisma, organization);
    const user = await createUser(t.prisma, organization, { email });
    return { client, user, email };
  }

  async function tokenFor(client: ClientWithSecret, email: string): Promise<string> {
    const response = await requestToken(t.baseUrl, {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      email,
    });
    expect(response.status).toBe(200);
    return (await bodyOf(response)).access_token;
  }

  const whoami = (token: string) => fetch(`${t.baseUrl}/__test/whoami`, { headers: bearer(token) });

  async function expectInvalidToken(response: Response) {
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer realm="marketplace-gateway", error="invalid_token"',
    );
    expect((await bodyOf(response)).error).toBe('invalid_token');
  }

  const cli = (...argv: string[]) => runCliIn(t.database.url, ...argv);

  it('accepts a token until the second it expires, then answers 401 invalid_token', async () => {
    const { client, email } = await userWithClient();
    const token = await tokenFor(client, email);
    clock.advanceSeconds(299);
    expect((await whoami(token)).status).toBe(200);
    clock.advanceSeconds(1);
    await expectInvalidToken(await whoami(token));
    // A fresh token works again at the new time.
    expect((await whoami(await tokenFor(client, email))).status).toBe(200);
  });

  it('cuts off a user disabled with the CLI on their next call, and refuses them new tokens', async () => {
    const { client, email } = await userWithClient();
    const token = await tokenFor(client, email);
    expect((await whoami(token)).status).toBe(200);

    const result = await cli('user', 'disable', '--org', organization.slug, '--email', email.toUpperCase());
    expect(result.code).toBe(0);

    await expectInvalidToken(await whoami(token));
    const again = await requestToken(t.baseUrl, {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      email,
    });
    expect(again.status).toBe(400);
    expect((await bodyOf(again)).error).toBe('invalid_grant');
  });

  it('cuts off a client revoked with the CLI on its next call, and refuses it new tokens', async () => {
    const { client, email } = await userWithClient();
    const token = await tokenFor(client, email);
    expect((await whoami(token)).status).toBe(200);

    expect((await cli('client', 'revoke', client.clientId)).code).toBe(0);

    await expectInvalidToken(await whoami(token));
    const again = await requestToken(t.baseUrl, {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      email,
    });
    expect(again.status).toBe(401);
    expect((await bodyOf(again)).error).toBe('invalid_client');
  });

  describe('CLI token revoke-user', () => {
    it("revokes the user's live tokens only, and the user can get a new one", async () => {
      const { client, user, email } = await userWithClient();
      const first = await tokenFor(client, email);
      const second = await tokenFor(client, email);
      const bystander = await userWithClient();
      const untouched = await tokenFor(bystander.client, bystander.email);

      const result = await cli(
        'token',
        'revoke-user',
        '--org',
        organization.slug,
        '--email',
        email,
        '--json',
      );
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ email, revoked: 2 });

      await expectInvalidToken(await whoami(first));
      await expectInvalidToken(await whoami(second));
      expect((await whoami(untouched)).status).toBe(200);
      expect((await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).disabledAt).toBeNull();
      expect((await whoami(await tokenFor(client, email))).status).toBe(200);
    });

    it.each([
      ['without --email', ['token', 'revoke-user', '--org', 'x-org']],
      ['with a malformed e-mail', ['token', 'revoke-user', '--org', 'x-org', '--email', 'nope']],
      [
        'with an extra option',
        ['token', 'revoke-user', '--org', 'x-org', '--email', 'a@b.de', '--name', 'n'],
      ],
      [
        'with a positional argument',
        ['token', 'revoke-user', 'extra', '--org', 'x-org', '--email', 'a@b.de'],
      ],
    ])('exits 2 %s and changes nothing', async (_case, argv) => {
      const { client, email } = await userWithClient();
      const token = await tokenFor(client, email);
      const result = await cli(...argv);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^error: /);
      expect((await whoami(token)).status).toBe(200);
    });

    it('exits 1 naming the user when there is no such user', async () => {
      const result = await cli(
        'token',
        'revoke-user',
        '--org',
        organization.slug,
        '--email',
        'ghost@example.com',
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('ghost@example.com');
    });
  });

  describe('POST /oauth/revoke (RFC 7009)', () => {
    const revoke = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${t.baseUrl}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      });

    it("revokes the calling client's own token: 200, empty body, next call 401", async () => {
      const { client, email } = await userWithClient();
      const token = await tokenFor(client, email);
      const response = await revoke({
        token,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
      await expectInvalidToken(await whoami(token));
      const row = await t.prisma.accessToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
      expect(row.revokedAt).toEqual(clock.now());
    });

    it('accepts HTTP Basic client authentication', async () => {
      const { client, email } = await userWithClient();
      const token = await tokenFor(client, email);
      const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
      expect(
        (await revoke({ token, token_type_hint: 'access_token' }, { authorization: basic })).status,
      ).toBe(200);
      await expectInvalidToken(await whoami(token));
    });

    it("answers 200 for another client's token but leaves it working", async () => {
      const owner = await userWithClient();
      const token = await tokenFor(owner.client, owner.email);
      const other = await createClient(t.prisma, organization);
      const response = await revoke({ token, client_id: other.clientId, client_secret: other.clientSecret });
      expect(response.status).toBe(200);
      expect((await whoami(token)).status).toBe(200);
    });

    it('answers 200 for an unknown token', async () => {
      const { client } = await userWithClient();
      const response = await revoke({
        token: 'mpgt_unknown',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      });
      expect(response.status).toBe(200);
    });

    it('refuses a missing token with 400 and bad client credentials with 401, revoking nothing', async () => {
      const { client, email } = await userWithClient();
      const token = await tokenFor(client, email);
      const missing = await revoke({ client_id: client.clientId, client_secret: client.clientSecret });
      expect(missing.status).toBe(400);
      expect((await bodyOf(missing)).error).toBe('invalid_request');
      const wrong = await revoke({ token, client_id: client.clientId, client_secret: 'mpgs_wrong' });
      expect(wrong.status).toBe(401);
      expect((await bodyOf(wrong)).error).toBe('invalid_client');
      expect((await whoami(token)).status).toBe(200);
    });
  });
});
