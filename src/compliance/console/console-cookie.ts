import { CONSOLE_MAX_AGE_MS } from './console-sign-in.service';

export const CONSOLE_COOKIE = 'mpg_console';
const COOKIE_PATH = '/audit/console';

/**
 * The console session cookie: HttpOnly (no script reads it), SameSite=Strict (never sent on requests
 * another site starts), limited to the console's paths, Secure whenever PUBLIC_URL is https. It holds
 * a random token; the database stores only its SHA-256. The console is never framed, so a
 * first-party cookie always works here (the punchout pages, which are framed, carry their key in the URL).
 */
export function sessionCookie(token: string, secure: boolean): string {
  return [
    `${CONSOLE_COOKIE}=${token}`,
    `Path=${COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${Math.floor(CONSOLE_MAX_AGE_MS / 1000)}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedCookie(secure: boolean): string {
  return [
    `${CONSOLE_COOKIE}=`,
    `Path=${COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    'Max-Age=0',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The value of cookie `name` in a Cookie header (first occurrence), or undefined. */
export function readCookie(header: string | undefined, name: string = CONSOLE_COOKIE): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
