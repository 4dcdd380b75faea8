import { runTs } from './child-process';

/** An account of the test provider: its claims, and `audience` to get ID tokens for another client. */
export interface TestOidcAccount {
  email?: string;
  email_verified?: unknown;
  audience?: string;
}

export interface TestOidcProvider {
  /** http://127.0.0.1:<port> */
  issuer: string;
  close(): Promise<void>;
}

export const TEST_OIDC_CLIENT = { id: 'gateway-console', secret: 'test-console-client-secret-0123456789' };
/** The redirect URI the gateway under test sends (PUBLIC_URL of startTestApp + the callback path). */
export const TEST_OIDC_REDIRECT_URI = 'http://gateway.test/audit/console/oidc/callback';

/**
 * A real OpenID provider (the `oidc-provider` package) in a child process, with the gateway's
 * client registered and the given accounts; its login page has one button per account.
 */
export async function startOidcProvider(
  accounts: Record<string, TestOidcAccount>,
): Promise<TestOidcProvider> {
  const provider = runTs(['test/support/oidc-provider.process.ts'], {
    OIDC_CLIENTS: JSON.stringify([
      {
        client_id: TEST_OIDC_CLIENT.id,
        client_secret: TEST_OIDC_CLIENT.secret,
        redirect_uris: [TEST_OIDC_REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ]),
    OIDC_ACCOUNTS: JSON.stringify(accounts),
  });
  const [, port] = await provider.waitFor(/oidc-provider listening on (\d+)/);
  return {
    issuer: `http://127.0.0.1:${port}`,
    async close() {
      provider.child.kill('SIGTERM');
      await provider.exited;
    },
  };
}

/** The gateway's environment for single sign-on at `provider`. */
export function oidcEnvironment(provider: TestOidcProvider): Record<string, string> {
  return {
    CONSOLE_OIDC_ISSUER: provider.issuer,
    CONSOLE_OIDC_CLIENT_ID: TEST_OIDC_CLIENT.id,
    CONSOLE_OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT.secret,
    // The provider's first answers (discovery at the gateway's start) can take seconds while other
    // test files load the machine; a discovery that times out is not retried for 30 s.
    CONSOLE_OIDC_TIMEOUT_SECONDS: '30',
  };
}

/** A browser's cookies, per origin (paths and expiry beyond Max-Age=0 do not matter to these tests). */
export class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  store(url: string, response: Response): void {
    const origin = new URL(url).origin;
    const jar = this.cookies.get(origin) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      if (attributes.some((a) => a.trim().toLowerCase() === 'max-age=0')) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1).trim());
    }
    this.cookies.set(origin, jar);
  }

  header(url: string): string {
    const jar = this.cookies.get(new URL(url).origin) ?? new Map<string, string>();
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).origin)?.get(name);
  }
}

/** One request as a browser would send it (the jar's cookies), the answer's cookies kept. */
export async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) },
  });
  jar.store(url, response);
  return response;
}

/**
 * The sign-in page's button pressed in `jar`'s browser: the POST that starts single sign-on, as our
 * own page sends it. Answers the provider's authorization URL.
 */
export async function startSignIn(jar: CookieJar, gateway: string): Promise<string> {
  const response = await browse(jar, `${gateway}/audit/console/oidc/start`, {
    method: 'POST',
    headers: {
      origin: 'null',
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: '',
  });
  if (response.status !== 303) throw new Error(`start answered ${response.status}: ${await response.text()}`);
  return response.headers.get('location') as string;
}

/**
 * At the provider: follows its redirects to the login page, presses `account`'s button, and follows
 * on until it sends the browser back to the gateway; answers that callback URL (on `gateway`, as
 * PUBLIC_URL is not where the test app listens).
 */
export async function signInAtProvider(
  jar: CookieJar,
  authorizationUrl: string,
  account: string,
  gateway: string,
): Promise<string> {
  let url = authorizationUrl;
  let form: RequestInit | undefined;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(TEST_OIDC_REDIRECT_URI))
      return `${gateway}${new URL(url).pathname}${new URL(url).search}`;
    const response = await browse(jar, url, form);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const page = await response.text();
    if (response.status !== 200 || !page.includes('Test identity provider')) {
      throw new Error(`the provider answered ${response.status}: ${page}`);
    }
    form = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account }).toString(),
    };
  }
  throw new Error('the provider never sent the browser back');
}
