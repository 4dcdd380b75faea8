import { ConsoleSignInService } from '../../src/audit/console/console-sign-in.service';
import type { User } from '../../src/generated/prisma/client';
import type { TestApp } from './test-app';

/**
 * Signs `user` (an auditor) in to the compliance console as a browser does: a one-time link, its form
 * POSTed from the gateway's own page. The console's session cookie, as a Cookie header value.
 */
export async function consoleCookie(t: TestApp, user: User): Promise<string> {
  const link = await t.app.get(ConsoleSignInService).createLink(user, 'test');
  const signedIn = await fetch(`${t.baseUrl}/audit/console/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.baseUrl },
    body: `token=${new URL(link.url).searchParams.get('token')}`,
  });
  expect(signedIn.status).toBe(303);
  return (signedIn.headers.get('set-cookie') as string).split(';')[0];
}
