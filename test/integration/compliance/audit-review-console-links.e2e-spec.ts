import { createHash } from 'node:crypto';
import {
  CONSOLE_IDLE_TTL_MS,
  CONSOLE_LINK_TTL_MS,
  ConsoleSignInService,
} from '../../../src/compliance/console/console-sign-in.service';
import { ManualClock } from '../../support/manual-clock';
import { Organization, User } from '../../../src/generated/prisma/client';
import { UserRole } from '../../../src/generated/prisma/enums';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { cli, cliWithEnv } from '../../support/cli';
import { bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

describe('compliance console sign-in links', () => {
  const clock = new ManualClock(new Date('2026-11-20T10:00:00.000Z'));
  let t: TestApp;
  let signIn: ConsoleSignInService;
  let organization: Organization;
  let auditor: User;
  let tokens: { auditor: string; buyer: string; admin: string };

  beforeAll(async () => {
    t = await startTestApp({ clock });
    signIn = t.app.get(ConsoleSignInService);
    organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    auditor = await createUser(t.prisma, organization, {
      roles: [UserRole.auditor],
      email: 'auditor@example.com',
    });
    // Bearer tokens expire on the real clock; a long lifetime keeps them valid while the ManualClock moves.
    const long = { expiresInSeconds: 365 * 86_400 };
    tokens = {
      auditor: await issueTestToken(t.prisma, auditor, client, long),
      buyer: await issueTestToken(t.prisma, await createUser(t.prisma, organization), client, long),
      admin: await issueTestToken(
        t.prisma,
        await createUser(t.prisma, organization, { roles: [UserRole.admin] }),
        client,
        long,
      ),
    };
  });
  afterAll(() => t.close());

  const requestLink = (token: string) =>
    fetch(`${t.baseUrl}/api/v1/audit/console-links`, { method: 'POST', headers: bearer(token) });
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') as string;

  it('gives an auditor a one-time link on PUBLIC_URL, storing only its SHA-256, never cached', async () => {
    const response = await requestLink(tokens.auditor);
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await bodyOf(response);
    expect(body.url).toMatch(
      /^http:\/\/gateway\.test\/audit\/console\/sign-in\?token=mpgl_[A-Za-z0-9_-]{43}$/,
    );
    expect(body.expiresAt).toBe(new Date(clock.now().getTime() + CONSOLE_LINK_TTL_MS).toISOString());
    const token = tokenOf(body.url);
    const stored = await t.prisma.auditConsoleLink.findFirstOrThrow({
      where: { userId: auditor.id },
      orderBy: { createdAt: 'desc' },
    });
    expect(Buffer.from(stored.tokenHash).equals(createHash('sha256').update(token).digest())).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.createdBy).toBe('auditor@example.com');
  });

  it('refuses buyers and admins with 403 insufficient_scope', async () => {
    for (const token of [tokens.buyer, tokens.admin]) {
      const response = await requestLink(token);
      expect(response.status).toBe(403);
      expect(await bodyOf(response)).toMatchObject({ error: 'insufficient_scope' });
    }
  });

  it('opens one console session per link: a second use is refused as used', async () => {
    const token = tokenOf((await bodyOf(await requestLink(tokens.auditor))).url);
    expect(await signIn.linkState(token)).toBe('valid');
    const first = await signIn.spendLink(token);
    expect(first).toEqual({ sessionToken: expect.stringMatching(/^mpgcs_/) });
    expect(await signIn.spendLink(token)).toEqual({ refused: 'used' });
    expect(await signIn.linkState(token)).toBe('used');
    const viewer = await signIn.viewer((first as { sessionToken: string }).sessionToken);
    expect(viewer).toMatchObject({
      organizationId: organization.id,
      userId: auditor.id,
      email: 'auditor@example.com',
    });
  });

  it('spends a link only once even when two requests race for it', async () => {
    const token = tokenOf((await bodyOf(await requestLink(tokens.auditor))).url);
    const results = await Promise.all([
      signIn.spendLink(token),
      signIn.spendLink(token),
      signIn.spendLink(token),
    ]);
    expect(results.filter((result) => 'sessionToken' in result)).toHaveLength(1);
  });

  it('refuses a link 10 minutes after it was made, and an unknown or malformed one', async () => {
    const token = tokenOf((await bodyOf(await requestLink(tokens.auditor))).url);
    clock.advance(CONSOLE_LINK_TTL_MS - 1);
    expect(await signIn.linkState(token)).toBe('valid');
    clock.advance(1);
    expect(await signIn.linkState(token)).toBe('expired');
    expect(await signIn.spendLink(token)).toEqual({ refused: 'expired' });
    expect(await signIn.spendLink(`mpgl_${'A'.repeat(43)}`)).toEqual({ refused: 'unknown' });
    expect(await signIn.spendLink('<script>')).toEqual({ refused: 'unknown' });
  });

  it('ends a console session after 30 minutes without a request; each request moves the deadline', async () => {
    const token = tokenOf((await bodyOf(await requestLink(tokens.auditor))).url);
    const { sessionToken } = (await signIn.spendLink(token)) as { sessionToken: string };
    clock.advance(CONSOLE_IDLE_TTL_MS - 1_000);
    expect(await signIn.viewer(sessionToken)).toBeDefined();
    clock.advance(CONSOLE_IDLE_TTL_MS - 1_000);
    expect(await signIn.viewer(sessionToken)).toBeDefined();
    clock.advance(CONSOLE_IDLE_TTL_MS);
    expect(await signIn.viewer(sessionToken)).toBeUndefined();
  });

  it('ends console sessions of a user who is disabled or loses the auditor role', async () => {
    const other = await createUser(t.prisma, organization, { roles: [UserRole.auditor] });
    const link = await signIn.createLink(other, 'test');
    const { sessionToken } = (await signIn.spendLink(tokenOf(link.url))) as { sessionToken: string };
    expect(await signIn.viewer(sessionToken)).toBeDefined();
    await t.prisma.user.update({ where: { id: other.id }, data: { roles: [UserRole.buyer] } });
    expect(await signIn.viewer(sessionToken)).toBeUndefined();
  });

  describe('gateway audit console-link', () => {
    it('prints a working link for an auditor', async () => {
      const run = await cli(
        t.database.url,
        'audit',
        'console-link',
        '--org',
        organization.slug,
        '--email',
        'AUDITOR@example.com',
        '--json',
      );
      expect(run.code).toBe(0);
      const printed = JSON.parse(run.stdout);
      expect(printed.url).toMatch(/\/audit\/console\/sign-in\?token=mpgl_/);
      expect(await signIn.linkState(tokenOf(printed.url))).toBe('valid');
      const stored = await t.prisma.auditConsoleLink.findFirstOrThrow({
        where: { tokenHash: createHash('sha256').update(tokenOf(printed.url)).digest() },
      });
      expect(stored.createdBy).toMatch(/^cli:/);
    });

    it('refuses a user without the auditor role, an unknown user and bad arguments', async () => {
      const buyer = await createUser(t.prisma, organization);
      const notAuditor = await cli(
        t.database.url,
        'audit',
        'console-link',
        '--org',
        organization.slug,
        '--email',
        buyer.email,
      );
      expect(notAuditor.code).toBe(1);
      expect(notAuditor.stderr).toContain('is not an enabled user with the role auditor');
      const unknown = await cli(
        t.database.url,
        'audit',
        'console-link',
        '--org',
        organization.slug,
        '--email',
        'nobody@example.com',
      );
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No user nobody@example.com');
      const usage = await cli(t.database.url, 'audit', 'console-link', '--org', organization.slug);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('error: --email is required');
    });

    it('builds the link on PUBLIC_URL as the gateway does, and says so when PUBLIC_URL is unset', async () => {
      const args = ['audit', 'console-link', '--org', organization.slug, '--email', 'auditor@example.com'];
      const onPublicUrl = await cliWithEnv(
        t.database.url,
        { PUBLIC_URL: 'https://gw.acme.example/' },
        ...args,
      );
      expect(onPublicUrl.code).toBe(0);
      expect(onPublicUrl.stdout).toMatch(
        /^https:\/\/gw\.acme\.example\/audit\/console\/sign-in\?token=mpgl_/,
      );
      expect(onPublicUrl.stderr).toBe('');

      const unset = await cli(t.database.url, ...args, '--json');
      expect(unset.code).toBe(0);
      expect(JSON.parse(unset.stdout).url).toMatch(/^http:\/\/localhost:3000\//);
      expect(unset.stderr).toMatch(
        /^warning: PUBLIC_URL is not set, so the link uses http:\/\/localhost:3000\. .*set PUBLIC_URL/m,
      );
    });
  });
});
