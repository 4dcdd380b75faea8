import { CONSOLE_OIDC_ATTEMPT_TTL_MS } from './console-oidc.service';

export const CONSOLE_OIDC_COOKIE = 'mpg_console_oidc';
const COOKIE_PATH = '/audit/console/oidc';

/**
 * The sign-in attempt's cookie: the PKCE code verifier, which binds the provider's answer to the
 * browser that asked (another browser's code cannot be finished here, and this one's cannot be
 * finished elsewhere). SameSite=Lax, unlike the console's Strict session cookie: the provider's
 * redirect back is a top-level navigation from another site, which a Lax cookie rides along with.
 * HttpOnly, only the callback's path, gone after 10 minutes or when the callback answers.
 */
export function attemptCookie(verifier: string, secure: boolean): string {
  return [
    `${CONSOLE_OIDC_COOKIE}=${verifier}`,
    `Path=${COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${Math.floor(CONSOLE_OIDC_ATTEMPT_TTL_MS / 1000)}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedAttemptCookie(secure: boolean): string {
  return [
    `${CONSOLE_OIDC_COOKIE}=`,
    `Path=${COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
    'Max-Age=0',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
