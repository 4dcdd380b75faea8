import { ConsoleOidcClient } from '../../../src/compliance/console/oidc/console-oidc.client';
import { CONSOLE_OIDC_ATTEMPT_TTL_MS } from '../../../src/compliance/console/oidc/console-oidc.service';
import { loadConfig } from '../../../src/config/app-config';
import { Organization } from '../../../src/generated/prisma/client';
import { UserRole } from '../../../src/generated/prisma/enums';
import { createOrganization, createUser } from '../../factories/identity.factory';
import { freePort } from '../../support/free-port';
import { ManualClock } from '../../support/manual-clock';
import {
  browse,
  CookieJar,
  oidcEnvironment,
  signInAtProvider,
  startOidcProvider,
  startSignIn,
  TestOidcProvider,
} from '../../support/oidc-provider';
import { startTestApp, TestApp } from '../../support/test-app';

describe('compliance console single sign-on by OpenID Connect', () => {
  const clock = new ManualClock(new Date());
  let provider: TestOidcProvider;
  let t: TestApp;
  let acme: Organization;
  let globex: Organization;

  beforeAll(async () => {
    provider = await startOidcProvider({
      auditor: { email: 'Auditor@Acme.example', email_verified: true },
      unverified: { email: 'auditor@acme.example', email_verified: false },
      stringly: { email: 'auditor@acme.example', email_verified: 'true' },
      buyer: { email: 'buyer@acme.example', email_verified: true },
      twice: { email: 'twice@example.com', email_verified: true },
      stranger: { email: 'stranger@example.com', email_verified: true },
      other: { email: 'auditor@acme.example', email_verified: true, audience: 'another-client' },
    });
    t = await startTestApp({ clock, env: oidcEnvironment(provider) });
    acme = await createOrganization(t.prisma, { name: 'Acme <Audit>' });
    globex = await createOrganization(t.prisma);
    await createUser(t.prisma, acme, { email: 'auditor@acme.example', roles: [UserRole.auditor] });
    await createUser(t.prisma, acme, {
      email: 'buyer@acme.example',
      roles: [UserRole.buyer, UserRole.admin],
    });
    await createUser(t.prisma, acme, { email: 'twice@example.com', roles: [UserRole.auditor] });
    await createUser(t.prisma, globex, { email: 'twice@example.com', roles: [UserRole.auditor] });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** The whole round trip in a fresh browser: the sign-in button, the provider's login as `account`, the callback. */
  async function signInAs(account: string): Promise<{ jar: CookieJar; callback: Response; page: string }> {
    const jar = new CookieJar();
    const authorization = await startSignIn(jar, t.baseUrl);
    const callbackUrl = await signInAtProvider(jar, authorization, account, t.baseUrl);
    const callback = await browse(jar, callbackUrl, { headers: { 'accept-language': 'en' } });
    return { jar, callback, page: await callback.text() };
  }

  const eventsOf = (organizationId: string, type: string) =>
    t.prisma.auditEvent.findMany({ where: { organizationId, type }, orderBy: { sequence: 'asc' } });

  it('shows the single sign-on button on the sign-in page, allowing the provider as a form target', async () => {
    const response = await fetch(`${t.baseUrl}/audit/console/sign-in`, {
      headers: { 'accept-language': 'en' },
    });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('action="/audit/console/oidc/start"');
    expect(page).toContain('Sign in with single sign-on');
    expect(page).toContain('Ask the administrator of your gateway for a one-time sign-in link.');
    expect(response.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${provider.issuer}`,
    );
  });

  it('signs an auditor in: the verified e-mail picks the organization, the console cookie opens the dashboard', async () => {
    const { jar, callback, page } = await signInAs('auditor');
    expect(callback.status).toBe(200);
    // A page of our own continues to the console, so the Strict cookie is sent (see the browser test).
    expect(callback.headers.get('refresh')).toBe('0;url=/audit/console');
    expect(page).toContain('href="/audit/console"');
    const cookies = callback.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('mpg_console=mpgcs_'))).toMatch(/SameSite=Strict/);
    expect(cookies).toContainEqual(
      expect.stringMatching(/^mpg_console_oidc=; Path=\/audit\/console\/oidc; .*Max-Age=0/),
    );

    const dashboard = await browse(jar, `${t.baseUrl}/audit/console`);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('Acme &lt;Audit>');

    const [event] = await eventsOf(acme.id, 'console.signed_in');
    expect(event.payload).toEqual({
      method: 'oidc',
      user: { id: expect.any(String), email: 'auditor@acme.example' },
    });
    expect(event.actorUserId).toBe((event.payload as { user: { id: string } }).user.id);
  });

  it('finishes an attempt once: the same answer again is refused', async () => {
    const jar = new CookieJar();
    const authorization = await startSignIn(jar, t.baseUrl);
    const callbackUrl = await signInAtProvider(jar, authorization, 'auditor', t.baseUrl);
    const verifier = jar.get(t.baseUrl, 'mpg_console_oidc') as string;
    expect((await browse(jar, callbackUrl)).status).toBe(200);
    const again = await fetch(callbackUrl, { headers: { cookie: `mpg_console_oidc=${verifier}` } });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This sign-in cannot be completed');
  });

  it('refuses an ID token issued for another client (wrong audience): no console, a clear page', async () => {
    const sessionsBefore = await t.prisma.auditConsoleSession.count();
    const { callback, page } = await signInAs('other');
    expect(callback.status).toBe(502);
    expect(page).toContain('Single sign-on did not succeed');
    expect(page).toContain('href="/audit/console/sign-in"');
    expect(callback.headers.getSetCookie().some((c) => c.startsWith('mpg_console=mpgcs_'))).toBe(false);
    expect(await t.prisma.auditConsoleSession.count()).toBe(sessionsBefore);
  });

  it('refuses an answer after 10 minutes, an unknown state, and another browser’s answer', async () => {
    const jar = new CookieJar();
    const authorization = await startSignIn(jar, t.baseUrl);
    const callbackUrl = await signInAtProvider(jar, authorization, 'auditor', t.baseUrl);
    clock.advance(CONSOLE_OIDC_ATTEMPT_TTL_MS);
    const late = await browse(jar, callbackUrl, { headers: { 'accept-language': 'de' } });
    clock.advance(-CONSOLE_OIDC_ATTEMPT_TTL_MS);
    expect(late.status).toBe(400);
    expect(await late.text()).toContain('Diese Anmeldung hat zu lange gedauert');

    const unknown = await browse(jar, `${t.baseUrl}/audit/console/oidc/callback?code=x&state=not-ours`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('This sign-in cannot be completed');

    // An attacker's own code and state, sent to a victim's browser (login CSRF): no attempt of that browser.
    const attacker = new CookieJar();
    const attackersCallback = await signInAtProvider(
      attacker,
      await startSignIn(attacker, t.baseUrl),
      'auditor',
      t.baseUrl,
    );
    const victim = await browse(new CookieJar(), attackersCallback);
    expect(victim.status).toBe(400);
    expect(victim.headers.getSetCookie().some((c) => c.startsWith('mpg_console=mpgcs_'))).toBe(false);
  });

  it('refuses an unverified e-mail (also the string "true"), recorded in the organization', async () => {
    for (const account of ['unverified', 'stringly']) {
      const { callback, page } = await signInAs(account);
      expect(callback.status).toBe(403);
      expect(page).toContain('Your e-mail address is not confirmed');
      expect(page).toContain('auditor@acme.example');
    }
    const refused = await eventsOf(acme.id, 'console.sign_in_refused');
    expect(refused.map((e) => e.payload)).toEqual([
      { method: 'oidc', reason: 'email_unverified', email: 'auditor@acme.example' },
      { method: 'oidc', reason: 'email_unverified', email: 'auditor@acme.example' },
    ]);
    expect(refused[0].actorLabel).toBe('console:oidc');
  });

  it('refuses a user without the role auditor, recorded in the organization', async () => {
    const { callback, page } = await signInAs('buyer');
    expect(callback.status).toBe(403);
    expect(page).toContain('No console access for this account');
    expect(page).toContain('give your user the role auditor');
    const refused = await eventsOf(acme.id, 'console.sign_in_refused');
    expect(refused.at(-1)?.payload).toEqual({
      method: 'oidc',
      reason: 'not_auditor',
      email: 'buyer@acme.example',
    });
  });

  it('refuses an auditor of several organizations (recorded in each) and an unknown e-mail (only logged)', async () => {
    const ambiguous = await signInAs('twice');
    expect(ambiguous.callback.status).toBe(403);
    expect(ambiguous.page).toContain('auditor in more than one organization');
    for (const organization of [acme, globex]) {
      const refused = await eventsOf(organization.id, 'console.sign_in_refused');
      expect(refused.at(-1)?.payload).toEqual({
        method: 'oidc',
        reason: 'ambiguous',
        email: 'twice@example.com',
      });
    }
    const before = await t.prisma.auditEvent.count();
    const stranger = await signInAs('stranger');
    expect(stranger.callback.status).toBe(403);
    expect(await t.prisma.auditEvent.count()).toBe(before);
  });

  it('answers a cancel at the provider, and refuses a start posted by another site', async () => {
    const jar = new CookieJar();
    const state = new URL(await startSignIn(jar, t.baseUrl)).searchParams.get('state') as string;
    const cancelled = await browse(
      jar,
      `${t.baseUrl}/audit/console/oidc/callback?${new URLSearchParams({ error: 'access_denied', state, iss: provider.issuer })}`,
    );
    expect(cancelled.status).toBe(403);
    expect(await cancelled.text()).toContain('Sign-in was cancelled');

    const attempts = await t.prisma.auditConsoleOidcAttempt.count();
    const forged = await fetch(`${t.baseUrl}/audit/console/oidc/start`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(400);
    expect(forged.headers.getSetCookie()).toEqual([]);
    expect(await t.prisma.auditConsoleOidcAttempt.count()).toBe(attempts);
  });

  it('answers a cancel as 403 also when the provider leaves out iss or adds a description', async () => {
    for (const extra of [{}, { error_description: 'The user denied the request' }] as Record<
      string,
      string
    >[]) {
      const jar = new CookieJar();
      const state = new URL(await startSignIn(jar, t.baseUrl)).searchParams.get('state') as string;
      const cancelled = await browse(
        jar,
        `${t.baseUrl}/audit/console/oidc/callback?${new URLSearchParams({ error: 'access_denied', state, ...extra })}`,
      );
      expect(cancelled.status).toBe(403);
      expect(await cancelled.text()).toContain('Sign-in was cancelled');
    }
    // Another error of the provider stays a failed sign-in (502), never a 500.
    const jar = new CookieJar();
    const state = new URL(await startSignIn(jar, t.baseUrl)).searchParams.get('state') as string;
    const failed = await browse(
      jar,
      `${t.baseUrl}/audit/console/oidc/callback?${new URLSearchParams({ error: 'server_error', state })}`,
    );
    expect(failed.status).toBe(502);
    await failed.text();
  });

  it('stores only hashes of state and verifier', async () => {
    const jar = new CookieJar();
    const state = new URL(await startSignIn(jar, t.baseUrl)).searchParams.get('state') as string;
    const verifier = jar.get(t.baseUrl, 'mpg_console_oidc') as string;
    const rows = JSON.stringify(await t.prisma.auditConsoleOidcAttempt.findMany());
    expect(rows).not.toContain(state);
    expect(rows).not.toContain(verifier);
  });

  it('after sign-out, points to single sign-on to get back in', async () => {
    const { jar } = await signInAs('auditor');
    const signedOut = await browse(jar, `${t.baseUrl}/audit/console/sign-out`, {
      method: 'POST',
      headers: { 'accept-language': 'en' },
    });
    expect(signedOut.status).toBe(200);
    const page = await signedOut.text();
    expect(page).toContain('To sign in again, use single sign-on on the sign-in page.');
    expect(page).toContain('href="/audit/console/sign-in"');
    const required = await browse(jar, `${t.baseUrl}/audit/console`, {
      headers: { 'accept-language': 'en' },
    });
    expect(required.status).toBe(401);
    expect(await required.text()).toContain('To sign in again, use single sign-on');
  });
});

describe('compliance console single sign-on with an unreachable provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        CONSOLE_OIDC_ISSUER: `http://127.0.0.1:${await freePort()}`,
        CONSOLE_OIDC_CLIENT_ID: 'gateway-console',
        CONSOLE_OIDC_CLIENT_SECRET: 'test-console-client-secret',
        CONSOLE_OIDC_TIMEOUT_SECONDS: '1',
      },
    });
  });
  afterAll(() => t.close());

  it('starts anyway; the sign-in page says single sign-on is unavailable and offers the link way', async () => {
    const response = await fetch(`${t.baseUrl}/audit/console/sign-in`, {
      headers: { 'accept-language': 'en' },
    });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('Single sign-on is unavailable right now');
    expect(page).not.toContain('action="/audit/console/oidc/start"');
    const start = await fetch(`${t.baseUrl}/audit/console/oidc/start`, {
      method: 'POST',
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin', 'accept-language': 'en' },
    });
    expect(start.status).toBe(503);
    expect(await start.text()).toContain('Single sign-on is unavailable');
    expect(await t.app.get(ConsoleOidcClient).configuration()).toBeUndefined();
  });

  it('refuses a configuration with an issuer but no client, or a plain-http issuer elsewhere than this host', () => {
    expect(() => loadConfig({ CONSOLE_OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      /CONSOLE_OIDC_ISSUER: needs CONSOLE_OIDC_CLIENT_ID and CONSOLE_OIDC_CLIENT_SECRET/,
    );
    expect(() =>
      loadConfig({
        CONSOLE_OIDC_ISSUER: 'http://id.example.com',
        CONSOLE_OIDC_CLIENT_ID: 'c',
        CONSOLE_OIDC_CLIENT_SECRET: 'very-secret-value',
      }),
    ).toThrow(/must be https/);
  });
});
