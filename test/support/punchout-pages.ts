import type { Page } from 'playwright-core';

/**
 * Helpers to drive the punchout pages: over plain HTTP (no browser: forms, CSRF token, cookies-free),
 * and in Chromium where a test needs the page as a buyer sees it.
 */

export interface PageResponse {
  status: number;
  html: string;
  location: string | null;
  headers: Headers;
}

export async function getPage(url: string, headers: Record<string, string> = {}): Promise<PageResponse> {
  const response = await fetch(url, { redirect: 'manual', headers });
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get('location'),
    headers: response.headers,
  };
}

export async function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<PageResponse> {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get('location'),
    headers: response.headers,
  };
}

/** The CSRF token rendered into a page's forms. */
export function csrfOf(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no CSRF token on the page');
  return match[1];
}

/**
 * In Chromium, on a shop page of a session: adds `quantity` of an offer by the product page's own
 * form (its labels differ per language), and waits for the cart.
 */
export async function addInBrowser(page: Page, productId: string, offerId: string, quantity: number) {
  const base = page.url().replace(/\/punchout\/s\/([^/?]+).*$/, '/punchout/s/$1');
  await page.goto(`${base}/product/${productId}`);
  const row = page.locator(`[data-offer-id="${offerId}"]`);
  await row.locator('input[name="quantity"]').fill(String(quantity));
  await Promise.all([page.waitForURL(/\/cart\?done=added$/), row.locator('button[type="submit"]').click()]);
}
