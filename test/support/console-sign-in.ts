import type { Browser, Page } from 'playwright-core';
import { ConsoleSignInService } from '../../src/compliance/console/console-sign-in.service';
import type { User } from '../../src/generated/prisma/client';
import { failOnDialogs } from './browser';
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

/**
 * A browser page signed in to the console as `user`, in `locale` at `viewport`: a one-time link
 * opened and its button pressed, as an auditor does. Dialogs fail the test (failOnDialogs).
 */
export async function consoleInBrowser(
  t: TestApp,
  browser: Browser,
  user: User,
  locale: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale,
    extraHTTPHeaders: { 'accept-language': locale },
  });
  const page = await context.newPage();
  failOnDialogs(page);
  const link = new URL((await t.app.get(ConsoleSignInService).createLink(user, 'test')).url);
  await page.goto(`${t.baseUrl}${link.pathname}${link.search}`);
  await page.locator('form[action="/audit/console/sign-in"] button').click();
  await page.waitForURL(`${t.baseUrl}/audit/console`);
  return page;
}
